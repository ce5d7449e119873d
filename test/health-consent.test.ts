import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../src/db/schema";
import { PRIVACY_VERSION } from "../src/pages/privacy-version";
import { call, db, signUp, uniqueName, type Account } from "./helpers";

// Finding (accounts): health data was stored without explicit consent. Sign-up asks for it, unticked
// and required, and records when and to which privacy page version; an account from before is asked
// once, on its next signed-in page, and then no more. The e-mail reminders keep their own consent.

const registration = (extra: Record<string, unknown> = {}) => {
  const username = uniqueName("consent");
  return { username, password: "correct horse battery", email: `${username}@example.com`, fullName: "Maria", emailConsent: true, ...extra };
};
const consentOf = async (id: number) =>
  (
    await db()
      .select({ at: users.healthDataConsentAt, version: users.healthDataConsentVersion, emailConsent: users.emailConsent })
      .from(users)
      .where(eq(users.id, id))
  )[0]!;
const usersNamed = (username: string) => db().select({ id: users.id }).from(users).where(eq(users.username, username));

/** An account as it was before sign-up asked: no consent recorded. */
async function accountFromBefore(): Promise<Account> {
  const account = await signUp();
  await db().update(users).set({ healthDataConsentAt: null, healthDataConsentVersion: null }).where(eq(users.id, account.id));
  return account;
}

const postConsent = (account: Account, form: Record<string, string>) =>
  call("POST", "/consent", {
    cookie: account.cookie,
    rawBody: new URLSearchParams(form).toString(),
    contentType: "application/x-www-form-urlencoded",
  });

describe("sign-up asks for consent to store health data", () => {
  it.each([
    ["left out", {}],
    ["unticked", { healthDataConsent: false }],
    ["a string", { healthDataConsent: "true" }],
  ])("sign-up with the consent %s is 400 at the field, in English, and no account is made", async (_, extra) => {
    const body = registration(extra);
    const res = await call("POST", "/api/register", { body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: "Please tick this box: Refill Tracker cannot keep your medications without your consent.",
      code: "field_health_data_consent_required",
    });
    expect(res.headers.get("Set-Cookie")).toBeNull();
    expect(await usersNamed(body.username)).toHaveLength(0);
  });

  it("sign-up without consent is 400 in the request's language (Spanish)", async () => {
    const res = await call("POST", "/api/register", { body: registration(), headers: { "Accept-Language": "es-MX,es;q=0.9" } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: "Marca esta casilla: Refill Tracker no puede guardar tus medicamentos sin tu consentimiento.",
      code: "field_health_data_consent_required",
    });
  });

  it("consent is recorded with its time and the privacy page's version; the e-mail consent stays the patient's choice", async () => {
    const before = Date.now();
    const res = await call("POST", "/api/register", { body: registration({ healthDataConsent: true, emailConsent: false }) });
    expect(res.status, res.text).toBe(201);
    const consent = await consentOf(res.body.id);
    expect(consent.at).toBeGreaterThanOrEqual(before);
    expect(consent.at).toBeLessThanOrEqual(Date.now());
    expect([consent.version, consent.emailConsent]).toEqual([PRIVACY_VERSION, false]);
    // The privacy page shows the version the consent was given to.
    expect((await call("GET", "/privacy")).text).toContain("Version of Nov 28, 2026.");
  });
});

describe("an account from before is asked once, on its next visit", () => {
  it("its next page goes to the consent screen, which returns where it was going; then it is not asked again", async () => {
    const account = await accountFromBefore();
    const page = await call("GET", "/pharmacies?from=mail", { cookie: account.cookie });
    expect([page.status, page.headers.get("Location")]).toEqual([302, "/consent?next=%2Fpharmacies%3Ffrom%3Dmail"]);
    expect((await call("GET", "/", { cookie: account.cookie })).headers.get("Location")).toBe("/consent");

    const screen = await call("GET", "/consent?next=%2Fpharmacies%3Ffrom%3Dmail", { cookie: account.cookie });
    expect(screen.status).toBe(200);
    // A real, required checkbox, unticked, with its label.
    const box = /<input type="checkbox" id="health-data-consent"[^>]*>/.exec(screen.text)?.[0] ?? "";
    expect(box).toMatch(/ name="healthDataConsent"/);
    expect(box).toMatch(/ required=""/);
    expect(box).not.toMatch(/checked/);
    expect(screen.text).toContain('<label for="health-data-consent">');
    expect(screen.text).toContain('<input type="hidden" name="next" value="/pharmacies?from=mail"/>');

    const before = Date.now();
    const agreed = await postConsent(account, { healthDataConsent: "on", next: "/pharmacies?from=mail" });
    expect([agreed.status, agreed.headers.get("Location")]).toEqual([303, "/pharmacies?from=mail"]);
    const consent = await consentOf(account.id);
    expect(consent.version).toBe(PRIVACY_VERSION);
    expect(consent.at).toBeGreaterThanOrEqual(before);

    // Asked once: every page opens, the screen itself sends it on, and the recorded time stays.
    expect((await call("GET", "/", { cookie: account.cookie })).status).toBe(200);
    expect((await call("GET", "/pharmacies", { cookie: account.cookie })).status).toBe(200);
    const again = await call("GET", "/consent?next=%2Fpharmacies", { cookie: account.cookie });
    expect([again.status, again.headers.get("Location")]).toEqual([302, "/pharmacies"]);
    expect((await consentOf(account.id)).at).toBe(consent.at);
  });

  it("the box left unticked is 400 at the box, in the page's language, and records nothing", async () => {
    const account = await accountFromBefore();
    const res = await call("POST", "/consent", {
      cookie: account.cookie,
      rawBody: "next=%2F",
      contentType: "application/x-www-form-urlencoded",
      headers: { "Accept-Language": "de" },
    });
    expect(res.status).toBe(400);
    expect(res.text).toContain(
      "Bitte kreuzen Sie dieses Feld an: Ohne Ihre Einwilligung kann Refill Tracker Ihre Medikamente nicht speichern.",
    );
    expect(res.text).toMatch(/aria-invalid="true" aria-describedby="health-data-consent-error"/);
    expect(await consentOf(account.id)).toMatchObject({ at: null, version: null });
  });

  it("its API calls keep working meanwhile (the islands, the installed app), and Your data stays open", async () => {
    const account = await accountFromBefore();
    expect((await call("GET", "/api/medications", { cookie: account.cookie })).status).toBe(200);
    expect((await call("GET", "/api/user", { cookie: account.cookie })).status).toBe(200);
    expect((await call("GET", "/api/user/export", { cookie: account.cookie })).status).toBe(200);
    expect((await call("GET", "/profile", { cookie: account.cookie })).status).toBe(200);
  });

  it("consent given to an older privacy page is asked again", async () => {
    const account = await signUp();
    await db().update(users).set({ healthDataConsentVersion: "2000-01-01" }).where(eq(users.id, account.id));
    expect((await call("GET", "/", { cookie: account.cookie })).headers.get("Location")).toBe("/consent");
  });

  it("the screen returns only to a path on this site", async () => {
    const account = await accountFromBefore();
    const agreed = await postConsent(account, { healthDataConsent: "on", next: "//evil.example/x" });
    expect([agreed.status, agreed.headers.get("Location")]).toEqual([303, "/"]);
  });

  it("signed out, the consent screen goes to sign-in and comes back", async () => {
    const res = await call("GET", "/consent?next=%2Fpharmacies");
    expect([res.status, res.headers.get("Location")]).toEqual([302, `/auth?next=${encodeURIComponent("/consent?next=%2Fpharmacies")}`]);
  });
});
