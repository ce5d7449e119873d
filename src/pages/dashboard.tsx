import { Hono } from "hono";
import { AppShell } from "../components/AppShell";
import { Island } from "../components/Island";
import { ListTools } from "../components/ListTools";
import { medicationsOf, medicationRecords, toSortedMedications } from "../data/medications";
import { pharmaciesOf, pharmacyRecords, sortPharmacies } from "../data/pharmacies";
import { todayIn } from "../domain/countdown";
import { isNoticeKey } from "../domain/dashboard";
import type { AppEnv } from "../env";
import * as m from "../generated/i18n";
import { signedIn } from "../http/middleware";

// The session and everything the first paint shows, in one round trip.
const dashboardReads = signedIn(({ db, owner }) => ({ medications: medicationsOf(db, owner), pharmacies: pharmaciesOf(db, owner) }));

export const dashboardPages = new Hono<AppEnv>().get("/", dashboardReads, (c) => {
  const { user, data } = c.var.signedIn;
  const notice = c.req.query("notice");
  const today = todayIn(user.timezone);
  return c.render(
    <AppShell user={user}>
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="text-2xl font-bold">{m.page_dashboard_title()}</h1>
        <div className="flex flex-wrap gap-2">
          <ListTools />
          <a href="/pharmacies" className="btn-secondary flex-1 sm:flex-none">
            {m.page_dashboard_manage_pharmacies()}
          </a>
          <a href="/add-medication" className="btn-primary flex-1 sm:flex-none" data-online-only>
            {m.page_dashboard_add_medication()}
          </a>
        </div>
      </div>
      <Island
        name="Dashboard"
        props={{
          medications: toSortedMedications(medicationRecords(data.medications), today),
          pharmacies: sortPharmacies(pharmacyRecords(data.pharmacies)),
          notificationDays: user.notificationDays,
          timezone: user.timezone,
          asOf: today,
          notice: isNoticeKey(notice) ? notice : undefined,
        }}
      />
    </AppShell>,
    { title: m.page_dashboard_title() },
  );
});
