import { beforeAll, describe, expect, it } from "vitest";
import { memberships, type Role } from "../src/db/schema";
import { type Account, call, createMedication, createPharmacy, db, medicationInput, signUp } from "./helpers";

// Another person's pages under /p/:profileId/…: the signedIn guard decides access from the path's
// person as for the API (a stranger or a removed member 404, signed out to sign-in), the heading and
// the title name the person, the role decides which buttons render (a viewer none that change data,
// a helper refills but no edit or delete, add and edit pages 403 below a manager), and the islands
// are handed the person (their API calls and links stay inside /p/:profileId).

type Who = Role | "removed member" | "stranger" | "signed out";
const WHO: Who[] = ["owner", "manager", "helper", "viewer", "removed member", "stranger", "signed out"];
const RANK: Role[] = ["viewer", "helper", "manager", "owner"];
const atLeast = (who: Who, role: Role) => RANK.includes(who as Role) && RANK.indexOf(who as Role) >= RANK.indexOf(role);

let accounts: Record<Exclude<Who, "signed out">, Account>;
let dadId: number;
let medId: number;
let ownMedId: number;
const DAD = "Dad Quill";
const MED = "Dadstatin";

/** A page's text as read: tags and scripts dropped, entities the renderer writes decoded, whitespace collapsed. */
const visible = (html: string) =>
  html
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, " ")
    .replace(/<\/?bdi[^>]*>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/[\u2068\u2069]/g, "")
    .replace(/\s+/g, " ")
    .trim();
const titleOf = (html: string) => visible(/<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? "");
const h1Of = (html: string) => visible(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? "");

beforeAll(async () => {
  const [owner, manager, helper, viewer, removed, stranger] = await Promise.all(Array.from({ length: 6 }, () => signUp()));
  accounts = { owner: owner!, manager: manager!, helper: helper!, viewer: viewer!, "removed member": removed!, stranger: stranger! };
  const dad = await call("POST", "/api/profiles", { cookie: owner!.cookie, body: { name: DAD } });
  expect(dad.status).toBe(201);
  dadId = dad.body.id;
  const now = Date.now();
  for (const role of ["manager", "helper", "viewer"] as const)
    await db().insert(memberships).values({ personId: dadId, userId: accounts[role].id, role, createdAt: now });
  await db().insert(memberships).values({ personId: dadId, userId: removed!.id, role: "helper", createdAt: now });
  expect((await call("DELETE", `/api/profiles/${dadId}/members/${removed!.id}`, { cookie: owner!.cookie })).status).toBe(204);
  const pharmacy = await call("POST", `/api/profiles/${dadId}/pharmacies`, {
    cookie: owner!.cookie,
    body: { name: "Dad's corner", phoneNumber: "" },
  });
  const med = await call("POST", `/api/profiles/${dadId}/medications`, {
    cookie: owner!.cookie,
    body: medicationInput(pharmacy.body.id, { name: MED }),
  });
  expect(med.status, med.text).toBe(201);
  medId = med.body.id;
  ownMedId = (await createMedication(owner!, { name: "Ownpril", pharmacyId: (await createPharmacy(owner!)).id })).id;
}, 120_000);

const get = (who: Who, path: string) => call("GET", path, { cookie: who === "signed out" ? undefined : accounts[who].cookie });

describe("a person's pages at /p/:profileId/…", { timeout: 120_000 }, () => {
  const pages = () => [
    { path: `/p/${dadId}/`, heading: `${DAD}'s medications`, needs: "viewer" as Role },
    { path: `/p/${dadId}/medications/${medId}`, heading: `${DAD}'s medication ${MED}`, needs: "viewer" as Role },
    { path: `/p/${dadId}/medications/print`, heading: `${DAD}'s medication list`, needs: "viewer" as Role },
    { path: `/p/${dadId}/pharmacies`, heading: `${DAD}'s pharmacies`, needs: "viewer" as Role },
    { path: `/p/${dadId}/add-medication`, heading: `Add a medication for ${DAD}`, needs: "manager" as Role },
    { path: `/p/${dadId}/edit-medication/${medId}`, heading: `Edit ${DAD}'s medication`, needs: "manager" as Role },
  ];

  it("each page for owner, manager, helper, viewer, removed member, stranger and signed out: its status, and the heading and title naming the person", async () => {
    const problems: string[] = [];
    for (const page of pages())
      for (const who of WHO) {
        const res = await get(who, page.path);
        const seen = `${page.path} as ${who}: ${res.status} "${h1Of(res.text)}"`;
        if (who === "signed out") {
          if (res.status !== 302 || !res.headers.get("Location")?.startsWith("/auth")) problems.push(seen);
        } else if (who === "stranger" || who === "removed member") {
          // The not-found page: nothing says the person exists.
          if (res.status !== 404 || res.text.includes(DAD) || res.text.includes(MED)) problems.push(seen);
        } else if (!atLeast(who, page.needs)) {
          // Below a manager on the add and edit pages: 403, saying why and naming the person.
          if (res.status !== 403 || h1Of(res.text) !== `You can't change ${DAD}'s medications`) problems.push(seen);
        } else if (res.status !== 200 || h1Of(res.text) !== page.heading || !titleOf(res.text).includes(DAD)) problems.push(seen);
      }
    expect(problems).toEqual([]);
  });

  it("the dashboard's buttons follow the role: a viewer none that change data, a helper refills only, a manager and the owner everything", async () => {
    const buttons = (html: string) => ({
      add: html.includes(`href="/p/${dadId}/add-medication"`),
      edit: html.includes(`href="/p/${dadId}/edit-medication/${medId}"`),
      refill: html.includes(`aria-label="Refill ${MED}"`),
      delete: html.includes(`aria-label="Delete ${MED}"`),
      import: html.includes('data-island="ImportDialog"'),
    });
    const seen: Record<string, unknown> = {};
    for (const who of ["owner", "manager", "helper", "viewer"] as const) seen[who] = buttons((await get(who, `/p/${dadId}/`)).text);
    const all = { add: true, edit: true, refill: true, delete: true, import: true };
    expect(seen).toEqual({
      owner: all,
      manager: all,
      helper: { add: false, edit: false, refill: true, delete: false, import: false },
      viewer: { add: false, edit: false, refill: false, delete: false, import: false },
    });
    // The viewer is told why, the helper what is theirs.
    expect(visible((await get("viewer", `/p/${dadId}/`)).text)).toContain(`You can see ${DAD}'s medications but not change them.`);
    expect(visible((await get("helper", `/p/${dadId}/`)).text)).toContain(`You can log ${DAD}'s doses and refills`);
  });

  it("the medication page: a viewer has no Refill, Edit or pause; a helper Refill but no Edit; a manager both", async () => {
    const page = async (who: Role) => {
      const html = (await get(who, `/p/${dadId}/medications/${medId}`)).text;
      return {
        edit: html.includes(`href="/p/${dadId}/edit-medication/${medId}"`),
        pause: html.includes('data-island="MedicationPause"'),
        refill: />Refill<\/button>/.test(html),
      };
    };
    expect(await page("viewer")).toEqual({ edit: false, pause: false, refill: false });
    expect(await page("helper")).toEqual({ edit: false, pause: false, refill: true });
    expect(await page("manager")).toEqual({ edit: true, pause: true, refill: true });
  });

  it("the pharmacies page: only a manager sees Add, Edit and Delete", async () => {
    const add = async (who: Role) => (await get(who, `/p/${dadId}/pharmacies`)).text.includes(">Add Pharmacy<");
    expect([await add("viewer"), await add("helper"), await add("manager")]).toEqual([false, false, true]);
  });

  it("a person's page hands its islands the person and keeps its links inside /p/:profileId; one's own pages do not", async () => {
    const dad = (await get("helper", `/p/${dadId}/`)).text;
    const scope = /<script type="application\/json" id="person-scope">([^<]*)<\/script>/.exec(dad)?.[1];
    expect(JSON.parse(scope ?? "null")).toEqual({ id: dadId, name: DAD, role: "helper", self: false });
    expect(dad).toContain(`href="/p/${dadId}/medications/${medId}"`);
    expect(dad).toContain(`href="/p/${dadId}/medications/print"`);
    expect(dad).toContain(`href="/api/profiles/${dadId}/medications/export.csv"`);
    expect(dad).toContain(`href="/p/${dadId}/pharmacies"`);
    expect(dad).not.toMatch(/href="\/medications\/\d/);
    const own = (await get("owner", "/")).text;
    expect(own).not.toContain('id="person-scope"');
    expect(h1Of(own)).toBe("Medication Dashboard");
    expect(own).toContain(`href="/medications/${ownMedId}"`);
    expect(own).not.toContain(MED);
  });

  it("the header's switcher names each person the account belongs to, the one shown marked aria-current, and only when there is more than one", async () => {
    const owner = accounts.owner;
    const onDad = (await get("owner", `/p/${dadId}/`)).text;
    const nav = /<nav aria-label="Whose medications"[\s\S]*?<\/nav>/.exec(onDad)?.[0] ?? "";
    expect(nav).toContain(`href="/p/${dadId}/" aria-current="true"`);
    expect(nav).toMatch(/href="\/"(?! aria-current)/);
    expect(visible(nav)).toContain(`(you)`);
    const onOwn = /<nav aria-label="Whose medications"[\s\S]*?<\/nav>/.exec((await get("owner", "/")).text)?.[0] ?? "";
    expect(onOwn).toContain('href="/" aria-current="true"');
    // The stranger belongs to no one else: no switcher.
    expect((await get("stranger", "/")).text).not.toContain('aria-label="Whose medications"');
    expect(owner.id).toBeGreaterThan(0);
  });

  it("/p/:profileId without its slash goes to the dashboard's address; a person id that is not a number is the not-found page", async () => {
    const res = await get("owner", `/p/${dadId}`);
    expect([res.status, res.headers.get("Location")]).toEqual([301, `/p/${dadId}/`]);
    expect((await get("owner", "/p/abc/pharmacies")).status).toBe(404);
  });
});
