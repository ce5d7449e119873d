import { Hono } from "hono";
import { AppShell } from "../components/AppShell";
import { Island } from "../components/Island";
import { dashboardFromJson, withDashboard } from "../data/medications";
import { isNoticeKey } from "../domain/dashboard";
import type { AppEnv } from "../env";
import { authenticate } from "../http/middleware";
import { errorSummary } from "../http/errors";

/** Logs a failed first-paint read and answers null: the island then fetches the data itself. */
export async function orNull<T>(what: string, load: Promise<T>): Promise<T | null> {
  try {
    return await load;
  } catch (err) {
    console.error(`server render: could not load ${what}: ${errorSummary(err)}`);
    return null;
  }
}

// The session lookup and the dashboard's data are one statement (one round trip).
export const dashboardPages = new Hono<AppEnv>().get("/", async (c) => {
  const found = await authenticate(c, withDashboard);
  if (!found) return c.redirect("/auth", 302);
  const { user } = found;
  const data = dashboardFromJson(found.extras, user.timezone);
  const notice = c.req.query("notice");
  return c.render(
    <AppShell user={user}>
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="text-2xl font-bold">Medication Dashboard</h1>
        <div className="flex flex-wrap gap-2">
          <a href="/pharmacies" className="btn-secondary flex-1 sm:flex-none">
            Manage Pharmacies
          </a>
          <a href="/add-medication" className="btn-primary flex-1 sm:flex-none">
            Add Medication
          </a>
        </div>
      </div>
      <Island
        name="Dashboard"
        props={{
          medications: data.medications,
          pharmacies: data.pharmacies,
          notificationDays: user.notificationDays,
          notice: isNoticeKey(notice) ? notice : undefined,
        }}
      />
    </AppShell>,
    { title: "Medication Dashboard" },
  );
});
