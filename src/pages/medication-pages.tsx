import { Hono, type Context } from "hono";
import type { ReactNode } from "react";
import { AppShell } from "../components/AppShell";
import { Island } from "../components/Island";
import { findMedication } from "../data/medications";
import { listPharmacies } from "../data/pharmacies";
import { todayIn } from "../domain/countdown";
import { noticeHref } from "../domain/dashboard";
import type { AppEnv } from "../env";
import { idParamSchema } from "../shared/medication-schemas";
import { orNull } from "./dashboard";
import { requirePageUser } from "./guards";
import { errorSummary } from "../http/errors";

type PageContext = Context<AppEnv & { Variables: { user: NonNullable<AppEnv["Variables"]["user"]> } }>;

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

/** /add-medication, /edit-medication/:id (one form, two modes) and /pharmacies. */
export const medicationPages = new Hono<AppEnv>()
  .get("/add-medication", requirePageUser, async (c) => {
    const pharmacies = await orNull("pharmacies", listPharmacies(c.var.db, c.var.user.id));
    return c.render(
      <AppShell user={c.var.user}>
        <FormPage heading="Add Medication" subtitle="Enter your medication details to track refills">
          <Island name="MedicationForm" props={{ mode: "add", pharmacies }} />
        </FormPage>
      </AppShell>,
      { title: "Add Medication" },
    );
  })

  .get("/edit-medication/:id", requirePageUser, async (c) => renderEditPage(c as PageContext))

  .get("/pharmacies", requirePageUser, async (c) => {
    const pharmacies = await orNull("pharmacies", listPharmacies(c.var.db, c.var.user.id));
    return c.render(
      <AppShell user={c.var.user}>
        <Island name="Pharmacies" props={{ pharmacies }} />
      </AppShell>,
      { title: "My Pharmacies" },
    );
  });

async function renderEditPage(c: PageContext) {
  const user = c.var.user;
  const id = idParamSchema("Invalid medication id").safeParse({ id: c.req.param("id") });
  const [found, pharmacies] = await Promise.all([
    id.success ? findMedication(c.var.db, user.id, id.data.id, todayIn(user.timezone)).catch(logged) : null,
    orNull("pharmacies", listPharmacies(c.var.db, user.id)),
  ]);
  // A malformed, unknown or another user's id: back to the dashboard, which shows the spec's
  // 'Error loading medication data' toast. A failed read (undefined) is fetched again by the island.
  if (!id.success || found === null) return c.redirect(noticeHref("medication-load-error"), 302);
  return c.render(
    <AppShell user={user}>
      <FormPage heading="Edit Medication" subtitle="Update your medication details">
        <Island name="MedicationForm" props={{ mode: "edit", medicationId: id.data.id, medication: found, pharmacies }} />
      </FormPage>
    </AppShell>,
    { title: "Edit Medication" },
  );
}

function logged(err: unknown): undefined {
  console.error(`server render: could not load the medication: ${errorSummary(err)}`);
  return undefined;
}
