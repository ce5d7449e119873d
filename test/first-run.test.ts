import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../src/db/schema";
import { firstRunSteps } from "../src/domain/first-run";
import { call, createMedication, createPharmacy, db, openConfirmationLink, signUp, type Account } from "./helpers";

// A new account's dashboard shows the first-run checklist instead of the empty list: four links, each
// with its state in text, gone once all four are done.

type Step = { key: string; done: boolean; href: string; state: string };

/** The checklist as the dashboard renders it, or null when it is not there. */
async function checklist(account: Pick<Account, "cookie">): Promise<Step[] | null> {
  const page = await call("GET", "/", { cookie: account.cookie });
  expect(page.status).toBe(200);
  const section = /<section aria-labelledby="first-run-heading"[\s\S]*?<\/section>/.exec(page.text);
  if (!section) return null;
  const items = [...section[0].matchAll(/<li [^>]*data-step="([^"]+)" data-done="(true|false)"[^>]*>([\s\S]*?)<\/li>/g)];
  return items.map(([, key, done, body]) => ({
    key: key!,
    done: done === "true",
    href: /<a href="([^"]+)"/.exec(body!)![1]!,
    state: /<span class="[^"]*">([^<]+)<\/span>\s*$/.exec(body!)![1]!,
  }));
}

const saveSettings = (account: Pick<Account, "cookie">) =>
  call("PATCH", "/api/notifications/settings", {
    cookie: account.cookie,
    body: { notificationDays: 7, emailConsent: true, timezone: "Europe/Paris", notificationHour: 9 },
  });

describe("the first-run checklist", () => {
  it("a new account: four steps, none done, each a link with its state as text; no empty list", async () => {
    const account = await signUp();
    const steps = await checklist(account);
    expect(steps).toEqual([
      { key: "confirm-email", done: false, href: "#confirm-email", state: "Not done yet" },
      { key: "add-pharmacy", done: false, href: "/pharmacies", state: "Not done yet" },
      { key: "add-medication", done: false, href: "/add-medication", state: "Not done yet" },
      { key: "choose-reminders", done: false, href: "/notifications", state: "Not done yet" },
    ]);
    const page = await call("GET", "/", { cookie: account.cookie });
    for (const text of [
      "Get started",
      "Confirm your email address",
      "Add your pharmacy",
      "Add your first medication",
      "Choose when to get reminders",
    ])
      expect(page.text).toContain(text);
    // The first link's target: the banner with 'Resend email'.
    expect(page.text).toContain('<section id="confirm-email"');
    // The checklist takes the empty list's place: no list island on the page.
    expect(page.text).not.toContain('data-island="Dashboard"');
  });

  it("each step is ticked when done, and the checklist is gone when all four are", async () => {
    const account = await signUp();
    const done = async () => (await checklist(account))?.filter((s) => s.done).map((s) => s.key);

    await openConfirmationLink(account.email);
    expect(await done()).toEqual(["confirm-email"]);
    expect((await checklist(account))![0]).toEqual({ key: "confirm-email", done: true, href: "/profile", state: "Done" });

    const pharmacy = await createPharmacy(account);
    expect(await done()).toEqual(["confirm-email", "add-pharmacy"]);

    await createMedication(account, { pharmacyId: pharmacy.id });
    expect(await done()).toEqual(["confirm-email", "add-pharmacy", "add-medication"]);
    // With a medication the list is back, under the checklist.
    expect((await call("GET", "/", { cookie: account.cookie })).text).toContain('data-island="Dashboard"');

    expect((await saveSettings(account)).status).toBe(200);
    expect(await checklist(account)).toBeNull();
    const page = await call("GET", "/", { cookie: account.cookie });
    expect(page.text).not.toContain("Get started");
    expect(page.text).toContain('data-island="Dashboard"');
  });

  it("saving the settings again keeps the first time they were chosen", async () => {
    const account = await signUp();
    await saveSettings(account);
    const [first] = await db().select({ at: users.remindersChosenAt }).from(users).where(eq(users.id, account.id));
    expect(first!.at).toBeGreaterThan(Date.now() - 60_000);
    await new Promise((r) => setTimeout(r, 5));
    await saveSettings(account);
    const [second] = await db().select({ at: users.remindersChosenAt }).from(users).where(eq(users.id, account.id));
    expect(second!.at).toBe(first!.at);
  });

  it("any step may come first; the others stay unticked", async () => {
    const account = await signUp();
    expect((await saveSettings(account)).status).toBe(200);
    expect((await checklist(account))!.map((s) => s.done)).toEqual([false, false, false, true]);
  });

  it("the order of the steps and when the checklist is gone (domain)", () => {
    const all = { emailConfirmed: true, pharmacies: 1, medications: 2, remindersChosenAt: 1 };
    expect(firstRunSteps(all)).toBeNull();
    expect(firstRunSteps({ ...all, medications: 0 })!.map((s) => [s.key, s.done])).toEqual([
      ["confirm-email", true],
      ["add-pharmacy", true],
      ["add-medication", false],
      ["choose-reminders", true],
    ]);
  });
});

describe("migration 0008: accounts that existed before the checklist", () => {
  const backfill = () => {
    const migration = (env.TEST_MIGRATIONS as Array<{ name: string; queries: string[] }>).find((m) => m.name.startsWith("0008_"));
    const statement = migration?.queries.find((q) => q.includes("UPDATE `users`"));
    if (!statement) throw new Error("migration 0008 has no backfill statement");
    return statement;
  };

  it("count as having chosen their reminders (at their creation): an account with its data sees no checklist", async () => {
    const account = await signUp({ confirmed: true });
    await createMedication(account);
    // As it was before the migration: the column is new and empty.
    await db().update(users).set({ remindersChosenAt: null }).where(eq(users.id, account.id));
    expect((await checklist(account))!.map((s) => s.done)).toEqual([true, true, true, false]);

    await env.DB.prepare(backfill()).run();
    const [row] = await db()
      .select({ at: users.remindersChosenAt, createdAt: users.createdAt })
      .from(users)
      .where(eq(users.id, account.id));
    expect(row!.at).toBe(row!.createdAt);
    expect(await checklist(account)).toBeNull();
  });

  it("an old account with an unconfirmed address still sees that one step open (it gets no reminders until then)", async () => {
    const account = await signUp();
    await createMedication(account);
    await db().update(users).set({ remindersChosenAt: null }).where(eq(users.id, account.id));
    await env.DB.prepare(backfill()).run();
    expect((await checklist(account))!.map((s) => s.done)).toEqual([false, true, true, true]);
  });
});
