import { Hono } from "hono";
import type { ReactNode } from "react";
import { AppShell } from "../components/AppShell";
import { Island } from "../components/Island";
import { medicationOf, toMedication } from "../data/medications";
import { pharmaciesOf, pharmacyRecords, sortPharmacies } from "../data/pharmacies";
import { todayIn } from "../domain/countdown";
import { noticeHref } from "../domain/dashboard";
import type { AppEnv } from "../env";
import * as m from "../generated/i18n";
import { signedIn } from "../http/middleware";

function FormPage({ heading, subtitle, children }: { heading: string; subtitle: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl">
      <div className="card p-4 sm:p-6">
        <h1 className="text-2xl font-bold">{heading}</h1>
        <p className="mt-1 mb-6 text-sm text-slate-700">{subtitle}</p>
        {children}
      </div>
    </div>
  );
}

/** /add-medication and /edit-medication/:id: one form, two modes. */
export const medicationPages = new Hono<AppEnv>()
  .get(
    "/add-medication",
    signedIn(({ db, person }) => ({ pharmacies: pharmaciesOf(db, person) })),
    (c) => {
      const { user, data } = c.var.signedIn;
      return c.render(
        <AppShell user={user}>
          <FormPage heading={m.page_add_medication_title()} subtitle={m.page_add_medication_subtitle()}>
            <Island
              name="MedicationForm"
              props={{ mode: "add", pharmacies: sortPharmacies(pharmacyRecords(data.pharmacies)), today: todayIn(user.timezone) }}
            />
          </FormPage>
        </AppShell>,
        { title: m.page_add_medication_title() },
      );
    },
  )

  .get(
    "/edit-medication/:id",
    signedIn(({ db, person, id }) => ({ medication: medicationOf(db, person, id), pharmacies: pharmaciesOf(db, person) })),
    (c) => {
      const { user, data } = c.var.signedIn;
      const [row] = data.medication;
      // A malformed, unknown or another user's id: back to the dashboard, which shows the
      // 'Error loading medication data' toast.
      if (!row) return c.redirect(noticeHref("medication-load-error"), 302);
      return c.render(
        <AppShell user={user}>
          <FormPage heading={m.page_edit_medication_title()} subtitle={m.page_edit_medication_subtitle()}>
            <Island
              name="MedicationForm"
              props={{
                mode: "edit",
                medicationId: row.id,
                medication: toMedication(row, todayIn(user.timezone)),
                pharmacies: sortPharmacies(pharmacyRecords(data.pharmacies)),
                today: todayIn(user.timezone),
              }}
            />
          </FormPage>
        </AppShell>,
        { title: m.page_edit_medication_title() },
      );
    },
  );
