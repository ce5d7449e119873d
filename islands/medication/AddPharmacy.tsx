import { lazy, Suspense, useEffect, useState, type RefObject } from "react";
import type { Pharmacy } from "../../src/domain/medications";
import * as m from "../../src/generated/i18n";
import { apiRequest } from "../lib/api";
import { errorMessage } from "../lib/errors";
import { showError } from "../lib/toast";
import { personApi } from "../lib/person";

// The medication form's 'Add a new pharmacy': the pharmacies page's own add dialog opens over the
// form (what was typed stays); once saved, the list is read again and the pharmacy that was not in
// it before is selected in the form's (uncontrolled) select, and focused.

// Loaded on first use.
const PharmacyFormDialog = lazy(() => import("../pharmacies/PharmacyFormDialog").then((m) => ({ default: m.PharmacyFormDialog })));

type Options = {
  form: RefObject<HTMLFormElement | null>;
  pharmacies: Pharmacy[];
  onPharmacies: (pharmacies: Pharmacy[]) => void;
  /** The select's error goes once a pharmacy is chosen for it. */
  clearError: () => void;
};

/** `open` for the link's click, and the dialog to render outside the form (a form must not nest in another). */
export function useAddPharmacy({ form, pharmacies, onPharmacies, clearError }: Options) {
  const [adding, setAdding] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [select, setSelect] = useState<number | null>(null);

  async function added() {
    setAdding(false);
    const known = new Set(pharmacies.map((p) => p.id));
    try {
      const list = await apiRequest<Pharmacy[]>("GET", personApi("/pharmacies"));
      const fresh = list.filter((p) => !known.has(p.id)).sort((a, b) => b.id - a.id)[0];
      onPharmacies(list);
      if (fresh) setSelect(fresh.id);
    } catch (err) {
      showError(m.toast_pharmacies_load_failed(), errorMessage(err));
    }
  }
  // After the render that added its option: select it and move there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a pharmacy is to be selected.
  useEffect(() => {
    if (select === null) return;
    const control = form.current?.elements.namedItem("pharmacyId");
    if (control instanceof HTMLSelectElement) {
      control.value = String(select);
      control.focus();
    }
    clearError();
    setSelect(null);
  }, [select]);

  const open = () => {
    setLoaded(true);
    setAdding(true);
  };
  const dialog = loaded && (
    <Suspense fallback={null}>
      <PharmacyFormDialog state={adding ? { mode: "add" } : null} onClose={() => setAdding(false)} onSaved={() => void added()} />
    </Suspense>
  );
  return { open, dialog };
}
