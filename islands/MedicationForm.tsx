import { useEffect, useRef, useState, type FormEvent } from "react";
import { noticeHref } from "../src/domain/dashboard";
import type { Medication, Pharmacy } from "../src/domain/medications";
import * as m from "../src/generated/i18n";
import { isolate } from "../src/i18n/Rich";
import type { Unit } from "../src/domain/regimen";
import { MEDICATION_DEFAULTS, medicationSchemaFor, newMedicationSchemaFor, unitWordingOf } from "../src/shared/medication-schemas";
import { ApiRequestError, apiRequest } from "./lib/api";
import { errorMessage } from "./lib/errors";
import { Field, FormAlert } from "./lib/Field";
import { useAddPharmacy } from "./medication/AddPharmacy";
import { PackageFields } from "./medication/PackageFields";
import { SupplyFields } from "./medication/SupplyFields";
import { readForm } from "./lib/form";
import { regimenErrors, regimenPayload, ScheduleFields } from "./medication/ScheduleFields";
import { PendingButton, Spinner, useSubmit } from "./lib/submit";
import { showError } from "./lib/toast";
import { useRefreshOnFocus } from "./lib/useWindowFocus";
import { otherPersonName, personApi, personPage } from "./lib/person";

type Props = {
  mode: "add" | "edit";
  /** Edit mode: the medication's id; the server's copy comes in `medication` (missing if its read failed). */
  medicationId?: number;
  medication?: Medication;
  /** Null when the server could not read them: the island fetches them. */
  pharmacies: Pharmacy[] | null;
  /** The user's today: the default of a schedule change's 'From'. */
  today: string;
};

type Intent = "save" | "another";

// The dashboard shows the 'Error loading medication data' toast (a flash set while this page's own
// islands still hydrate could be taken by this page's toaster).
const leaveWithLoadError = () => location.assign(personPage(noticeHref("medication-load-error")));

// The edit-mode medication fetch retries once (and is not refetched on focus).
async function fetchMedicationWithRetry(id: number): Promise<Medication> {
  try {
    return await apiRequest<Medication>("GET", personApi(`/medications/${id}`));
  } catch {
    return await apiRequest<Medication>("GET", personApi(`/medications/${id}`));
  }
}

/** /add-medication and /edit-medication/:id: one form, two modes. */
export default function MedicationForm({ mode, medicationId, medication: initialMedication, pharmacies: initialPharmacies, today }: Props) {
  const [medication, setMedication] = useState(initialMedication);
  const [pharmacies, setPharmacies] = useState(initialPharmacies);

  const loadPharmacies = (announceFailure: boolean) =>
    apiRequest<Pharmacy[]>("GET", personApi("/pharmacies"))
      .then(setPharmacies)
      .catch((err) => {
        if (!announceFailure) return;
        showError(m.toast_pharmacies_load_failed(), errorMessage(err));
        setPharmacies([]);
      });

  // Mount only: the server's data is the starting point.
  // biome-ignore lint/correctness/useExhaustiveDependencies: mount only (above).
  useEffect(() => {
    if (mode === "edit" && !medication) {
      if (medicationId === undefined) return leaveWithLoadError();
      fetchMedicationWithRetry(medicationId).then(setMedication, leaveWithLoadError);
    }
    if (!pharmacies) loadPharmacies(true);
  }, []);
  // A pharmacy added in another tab shows up when the user comes back.
  useRefreshOnFocus(() => loadPharmacies(false));

  if (!pharmacies || (mode === "edit" && !medication)) {
    return (
      <div className="flex min-h-64 items-center justify-center text-teal-800">
        <Spinner label={m.common_loading()} />
      </div>
    );
  }
  return <MedicationFields mode={mode} medication={medication} pharmacies={pharmacies} onPharmacies={setPharmacies} today={today} />;
}

function valuesOf(medication: Medication | undefined) {
  if (!medication) return MEDICATION_DEFAULTS;
  return {
    ...medication,
    pharmacyId: medication.pharmacyId ?? 0,
    lastRefillDate: medication.lastRefillDate ?? "",
    refillsLeft: medication.refillsLeft ?? "",
    prescriptionExpiresOn: medication.prescriptionExpiresOn ?? "",
    packageItems: medication.packageItems ?? "",
    packageAmount: medication.packageAmount ?? "",
  };
}

type FieldsProps = {
  mode: Props["mode"];
  medication?: Medication;
  pharmacies: Pharmacy[];
  onPharmacies: (pharmacies: Pharmacy[]) => void;
  today: string;
};

/** One save: which button sent it, and whether the patient confirmed the server's warning. */
type Save = { intent: Intent; confirmed: boolean };

function MedicationFields({ mode, medication, pharmacies, onPharmacies, today }: FieldsProps) {
  // Which button sent the form: its label shows the spinner.
  const [intent, setIntent] = useState<Intent>("save");
  // 'Add Another' remounts the fields with the defaults (a fresh key) and focuses the name.
  const [round, setRound] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const values = valuesOf(medication);
  // The unit chosen in the schedule's fields: the supply's labels and every message name it.
  const [unit, setUnit] = useState<Unit>(medication?.unit ?? "tablet");
  // The server's warning (a weekly-only drug on a more frequent schedule, an unusually large dose)
  // shown above the buttons until the patient confirms it (the same payload with `confirmed: true`)
  // or changes a field (which asks again).
  const [warning, setWarning] = useState<string | null>(null);
  const warningRef = useRef<HTMLDivElement>(null);
  // A refusal about a field (a date the server checks against the user's today, a pharmacy that is
  // gone) is shown at it, read from its code by useSubmit; any other in the form's alert.
  const { pending, errors, setErrors, failure, submit } = useSubmit({
    form: formRef,
    check: ({ intent, confirmed }: Save) => {
      // The form sends `schedule` + `unit` (not the old pillsPerDay), checked by the API's own schema.
      const form = formRef.current!;
      const payload = { ...regimenPayload(form, readForm(form)), ...(confirmed ? { confirmed: true } : {}) };
      const result = (mode === "add" ? newMedicationSchemaFor : medicationSchemaFor)(unitWordingOf(payload)).safeParse(payload);
      return result.success
        ? { data: { intent, medication: result.data as object }, errors: null }
        : { data: null, errors: regimenErrors(result.error) };
    },
    send,
    failureTitle: mode === "edit" ? m.medication_form_update_failed() : m.medication_form_add_failed(),
  });

  // Every save goes here, confirmed or not: a confirm_ answer is a question, not a failure (no
  // toast): the warning and its confirm button show instead.
  async function send({ intent, medication: data }: { intent: Intent; medication: object }) {
    try {
      if (mode === "edit") await apiRequest("PATCH", personApi(`/medications/${medication!.id}`), data);
      else await apiRequest("POST", personApi("/medications"), data);
    } catch (err) {
      if (!(err instanceof ApiRequestError && err.code?.startsWith("confirm_"))) throw err;
      return setWarning(err.serverMessage);
    }
    // Back to the person's dashboard; on another person's pages the toast says whose medication it was.
    const other = otherPersonName();
    const named = other === null ? null : { name: isolate(other) };
    const added = named ? m.person_medication_added(named) : m.medication_form_added();
    if (mode === "edit") {
      const title = named ? m.person_medication_updated(named) : m.medication_form_updated();
      return { navigate: personPage("/"), toast: { title, description: m.medication_form_updated_description() } };
    }
    if (intent === "save")
      return { navigate: personPage("/"), toast: { title: added, description: m.medication_form_added_description() } };
    setRound((r) => r + 1);
    setUnit("tablet");
    setWarning(null);
    return { toast: { title: added, description: m.medication_form_added_another_description() } };
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: each new set of errors moves the focus to the first invalid field.
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [errors]);
  // The warning takes the focus, so it is read out and the confirm button is the next Tab.
  useEffect(() => {
    if (warning) warningRef.current?.focus();
  }, [warning]);

  const addPharmacy = useAddPharmacy({
    form: formRef,
    pharmacies,
    onPharmacies,
    clearError: () => setErrors(({ pharmacyId: _done, ...rest }) => rest),
  });

  /** The one way a save starts: Enter or the main button, 'Add Another', and 'Confirm and save'. */
  function save(next: Intent, confirmed: boolean) {
    if (pending) return;
    setIntent(next);
    void submit({ intent: next, confirmed });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save("save", false);
  }

  // A changed field asks again; a changed unit renames the supply's fields.
  function onChange(event: FormEvent<HTMLFormElement>) {
    const target = event.target as HTMLSelectElement;
    if (target.name === "unit") setUnit(target.value as Unit);
    if (warning) setWarning(null);
  }

  return (
    <>
      <form ref={formRef} key={round} onSubmit={onSubmit} onChange={onChange} noValidate className="space-y-4" aria-busy={pending}>
        <Field
          label={m.medication_form_name()}
          name="name"
          defaultValue={values.name}
          error={errors.name}
          autoFocus={round > 0}
          autoComplete="off"
        />
        <Field
          as="select"
          label={m.medication_form_pharmacy()}
          name="pharmacyId"
          defaultValue={String(values.pharmacyId)}
          error={errors.pharmacyId}
          hint={
            <button type="button" className="text-sm text-teal-800 underline" onClick={addPharmacy.open}>
              {m.medication_form_add_pharmacy_link()}
            </button>
          }
        >
          <option value="0" disabled>
            {m.medication_form_select_pharmacy()}
          </option>
          {pharmacies.map((p) => (
            <option key={p.id} value={p.id} dir="auto">
              {p.name}
            </option>
          ))}
        </Field>
        <ScheduleFields
          schedule={medication?.schedule ?? { type: "daily", dose: 1 }}
          course={medication?.course ?? null}
          endsOn={medication?.endsOn ?? null}
          unit={medication?.unit ?? "tablet"}
          countBy={medication?.countBy}
          today={today}
          edit={mode === "edit"}
          errors={errors}
        />
        <SupplyFields mode={mode} unit={unit} values={values} errors={errors} />
        <PackageFields unit={unit} values={values} errors={errors} />
        <FormAlert message={failure} />
        {warning && (
          <div
            ref={warningRef}
            tabIndex={-1}
            role="alert"
            className="rounded-md border border-amber-400 bg-amber-50 p-4 text-sm text-amber-950"
          >
            <p>{warning}</p>
            <PendingButton
              type="button"
              className="btn-primary mt-3"
              disabled={pending}
              pending={pending}
              label={m.medication_form_confirm_save()}
              onClick={() => save(intent, true)}
            />
          </div>
        )}
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          {mode === "add" ? (
            <PendingButton
              type="button"
              className="btn-secondary"
              disabled={pending}
              pending={pending && intent === "another"}
              label={m.medication_form_add_another()}
              onClick={() => save("another", false)}
            />
          ) : (
            <a
              href={personPage("/")}
              className={`btn-secondary ${pending ? "pointer-events-none opacity-60" : ""}`}
              aria-disabled={pending || undefined}
            >
              {m.common_cancel()}
            </a>
          )}
          <PendingButton
            className="btn-primary"
            disabled={pending}
            pending={pending && intent === "save"}
            label={mode === "add" ? m.medication_form_save() : m.medication_form_update()}
          />
        </div>
      </form>
      {addPharmacy.dialog}
    </>
  );
}
