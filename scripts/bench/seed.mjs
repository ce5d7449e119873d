// The signed-in user the request benchmarks act as: registered through the API, then given pharmacies
// and medications through the API (falling back to SQL if those endpoints are not there).

const json = (cookie) => ({ "content-type": "application/json", ...(cookie ? { cookie } : {}) });

/** Registers a fresh user and answers the session cookie (`session=…`). */
export async function registerUser(baseUrl, role = "bench") {
  const username = `${role}-${Date.now()}`;
  const res = await fetch(`${baseUrl}/api/register`, {
    method: "POST",
    headers: json(),
    body: JSON.stringify({
      username,
      password: "bench-password-1",
      email: `${username}@example.test`,
      fullName: "Bench User",
      emailConsent: true,
      healthDataConsent: true,
    }),
  });
  const body = await res.json();
  if (res.status !== 201) throw new Error(`register answered ${res.status}: ${JSON.stringify(body)}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("session="));
  if (!cookie) throw new Error("register set no session cookie");
  return { id: body.id, username, cookie: cookie.split(";")[0] };
}

const PHARMACIES = ["CVS Pharmacy", "Walgreens", "Rite Aid", "Costco Pharmacy", "Kroger Pharmacy"];
const DRUGS = [
  "Lisinopril",
  "Metformin",
  "Atorvastatin",
  "Levothyroxine",
  "Amlodipine",
  "Omeprazole",
  "Losartan",
  "Gabapentin",
  "Sertraline",
  "Simvastatin",
];

/** Varied counts, so the dashboard shows every status (refill now, soon, fine). */
export function medicationPayload(i, pharmacyId) {
  return {
    name: `${DRUGS[i % DRUGS.length]} ${10 + i} mg`,
    pharmacyId,
    pillsPerDay: 1 + (i % 3) * 0.5,
    pillsRemaining: (i * 7) % 120,
    pillsPerRefill: 30 + (i % 4) * 30,
    lastRefillDate: i % 2 ? "2026-10-01" : "",
  };
}

/** Runs `task(i)` for i in [0, count) with at most `concurrency` in flight. */
async function pool(count, concurrency, task) {
  let next = 0;
  const worker = async () => {
    while (next < count) await task(next++);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

async function post(baseUrl, cookie, path, body) {
  const res = await fetch(`${baseUrl}${path}`, { method: "POST", headers: json(cookie), body: JSON.stringify(body) });
  const answer = await res.json().catch(() => null);
  return { status: res.status, body: answer };
}

/** Seeds through the API; answers "api" or "sql" (the path that worked). */
export async function seedMedications({ baseUrl, d1 }, user, count) {
  const probe = await post(baseUrl, user.cookie, "/api/pharmacies", { name: PHARMACIES[0], phoneNumber: "(212) 555-0100" });
  if (probe.status === 201) {
    const pharmacyIds = [probe.body.id];
    for (const [i, name] of PHARMACIES.slice(1).entries()) {
      const res = await post(baseUrl, user.cookie, "/api/pharmacies", { name, phoneNumber: `(212) 555-010${i + 1}` });
      if (res.status !== 201) throw new Error(`POST /api/pharmacies answered ${res.status}`);
      pharmacyIds.push(res.body.id);
    }
    const failures = [];
    await pool(count, 8, async (i) => {
      const res = await post(baseUrl, user.cookie, "/api/medications", medicationPayload(i, pharmacyIds[i % pharmacyIds.length]));
      if (res.status !== 201) failures.push(`${res.status} ${JSON.stringify(res.body)}`);
    });
    if (failures.length === 0) return "api";
    if (failures.length < count) throw new Error(`POST /api/medications failed ${failures.length}× (first: ${failures[0]})`);
    // Every medication POST failed (endpoint missing): fall through to SQL, keeping the pharmacies.
  }
  await seedMedicationsSql(d1, user.id, count);
  return "sql";
}

async function seedMedicationsSql(d1, userId, count) {
  const today = new Date().toISOString().slice(0, 10);
  const pharmacyValues = PHARMACIES.map((name, i) => `(${userId}, '${name}', '+1212555010${i}')`).join(", ");
  await d1(`INSERT INTO pharmacies (user_id, name, phone_number) VALUES ${pharmacyValues};`);
  const [pharmacies] = await d1(`SELECT id FROM pharmacies WHERE user_id = ${userId} ORDER BY id;`);
  const rows = Array.from({ length: count }, (_, i) => {
    const m = medicationPayload(i, pharmacies[i % pharmacies.length].id);
    const lastRefill = m.lastRefillDate ? `'${m.lastRefillDate}'` : "NULL";
    return `(${userId}, '${m.name}', ${m.pharmacyId}, ${m.pillsPerDay}, ${m.pillsRemaining}, '${today}', ${m.pillsPerRefill}, ${lastRefill})`;
  });
  await d1(
    `INSERT INTO medications (user_id, name, pharmacy_id, pills_per_day, pills_remaining, counted_on, pills_per_refill, last_refill_date) VALUES ${rows.join(", ")};`,
  );
}

/** The API's own count, so the load figures are known to be for a user with `count` medications. */
export async function countMedications(baseUrl, cookie) {
  const res = await fetch(`${baseUrl}/api/medications`, { headers: { cookie } });
  if (!res.ok) return null;
  const list = await res.json();
  return Array.isArray(list) ? list.length : null;
}

/**
 * A second account made a manager of `user`'s own person: the caregiver whose view of that person the
 * throughput section compares with the patient's own. The membership is written with SQL (the invite
 * flow needs two confirmed e-mail addresses; what is measured is the reads, not how the row came).
 */
export async function seedCaregiver({ baseUrl, d1 }, user) {
  const profiles = await (await fetch(`${baseUrl}/api/profiles`, { headers: { cookie: user.cookie } })).json();
  const own = Array.isArray(profiles) ? profiles.find((p) => p.self) : null;
  if (!own) throw new Error(`GET /api/profiles named no own person: ${JSON.stringify(profiles)}`);
  const carer = await registerUser(baseUrl, "carer");
  await d1(
    `INSERT INTO memberships (person_id, user_id, role, created_at) VALUES (${Number(own.id)}, ${Number(carer.id)}, 'manager', ${Date.now()});`,
  );
  return { cookie: carer.cookie, personId: own.id };
}
