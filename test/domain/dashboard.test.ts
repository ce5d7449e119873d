import { withSupply } from "../support/supply";
import { describe, expect, it } from "vitest";
import * as m from "../../src/generated/i18n";
import { inLocale } from "../../src/i18n/current";
import {
  allPages,
  condensedPages,
  DEFAULT_SORT,
  filterByStatus,
  formatRefillDate,
  foundText,
  isNoticeKey,
  listViewOf,
  listViewSearch,
  medicationCount,
  nextSort,
  noticeHref,
  NOTICES,
  pharmacyNameOf,
  paginate,
  parseSort,
  daysLeftText,
  pharmacyNames,
  searchMedications,
  showingText,
  sortMedications,
  sortValue,
  SORT_KEYS,
  STATUS_FILTERS,
  visibleMedications,
  type SortKey,
} from "../../src/domain/dashboard";
import { STATUS_LABEL, statusLabel, type Medication } from "../../src/domain/medications";

let nextId = 1;
const med = (overrides: Partial<Medication>): Medication =>
  withSupply({
    id: nextId++,
    name: "Medication",
    pharmacyId: null,
    pillsPerDay: 1,
    pillsRemaining: 30,
    pillsPerRefill: 30,
    lastRefillDate: null,
    refillsLeft: null,
    prescriptionExpiresOn: null,
    ...overrides,
  });
const context = { today: "2026-03-01", notificationDays: 7 };
const names = (list: Medication[]) => list.map((m) => m.name);
const pharmacies = pharmacyNames([
  { id: 1, name: "Zeta Drugs", phoneNumber: "" },
  { id: 2, name: "alpha pharmacy", phoneNumber: "" },
]);

describe("search and status filter", () => {
  const list = [med({ name: "Metformin" }), med({ name: "Aspirin", pharmacyId: 2 }), med({ name: "METOPROLOL", pharmacyId: 1 })];

  it("matches a case-insensitive substring of the name or the pharmacy's name", () => {
    expect(names(searchMedications(list, "met", pharmacies))).toEqual(["Metformin", "METOPROLOL"]);
    expect(names(searchMedications(list, "PIRI", pharmacies))).toEqual(["Aspirin"]);
  });

  it("ignores accents both ways, and Arabic's optional vowel marks, but not Devanagari's vowel signs", () => {
    const named = (...list: string[]) => list.map((name) => med({ name }));
    const spanish = named("Ácido fólico", "Metotrexato");
    for (const query of ["acido", "ACIDO", "ácido", "FÓLICO", "acido folico"])
      expect(names(searchMedications(spanish, query, pharmacies)), query).toEqual(["Ácido fólico"]);
    expect(names(searchMedications(named("Ibuprofene"), "ibuprofène", pharmacies))).toEqual(["Ibuprofene"]);
    expect(names(searchMedications(named("مِيتْفُورْمِين", "أسبرين"), "ميتفورمين", pharmacies))).toEqual(["مِيتْفُورْمِين"]);
    expect(names(searchMedications(named("काम की दवा", "कम खुराक"), "कम", pharmacies))).toEqual(["कम खुराक"]);
    expect(names(searchMedications(list, "  ", pharmacies))).toEqual(["Metformin", "Aspirin", "METOPROLOL"]);
    expect(names(searchMedications(list, "ALPHA", pharmacies))).toEqual(["Aspirin"]);
    expect(names(searchMedications(list, "drugs", pharmacies))).toEqual(["METOPROLOL"]);
    expect(names(searchMedications(list, "pharmacy", pharmacies))).toEqual(["Aspirin"]); // no pharmacy: nothing to match
    expect(searchMedications(list, "xyz", pharmacies)).toEqual([]);
  });

  it("filters by the threshold rule on the rounded-down days and the user's notification days", () => {
    const mix = [
      med({ name: "seven", pillsRemaining: 7.9, pillsPerDay: 1 }), // 7 whole days
      med({ name: "eight", pillsRemaining: 8, pillsPerDay: 1 }),
      med({ name: "fifteen", pillsRemaining: 31, pillsPerDay: 2 }), // 15.5 → 15
      med({ name: "sixteen", pillsRemaining: 16, pillsPerDay: 1 }),
      med({ name: "twenty-two", pillsRemaining: 22, pillsPerDay: 1 }),
      med({ name: "twenty-three", pillsRemaining: 23, pillsPerDay: 1 }),
    ];
    expect(names(filterByStatus(mix, "refill-needed", context))).toEqual(["seven"]);
    expect(names(filterByStatus(mix, "running-low", context))).toEqual(["eight", "fifteen"]);
    expect(names(filterByStatus(mix, "well-stocked", context))).toEqual(["sixteen", "twenty-two", "twenty-three"]);
    expect(filterByStatus(mix, "all", context)).toHaveLength(6);
    const fourteen = { ...context, notificationDays: 14 };
    expect(names(filterByStatus(mix, "refill-needed", fourteen))).toEqual(["seven", "eight"]);
    expect(names(filterByStatus(mix, "running-low", fourteen))).toEqual(["fifteen", "sixteen", "twenty-two"]);
    expect(names(filterByStatus(mix, "well-stocked", fourteen))).toEqual(["twenty-three"]);
  });

  it("a medication paused with no end is 'Paused': in that filter only, and last in a Status sort", () => {
    const paused = { ...med({ name: "paused", pillsRemaining: 2, pillsPerDay: 1 }), daysLeft: null, runsOutOn: null };
    const low = med({ name: "low", pillsRemaining: 2, pillsPerDay: 1 });
    const plenty = med({ name: "plenty", pillsRemaining: 90, pillsPerDay: 1 });
    expect(names(filterByStatus([paused, low, plenty], "paused", context))).toEqual(["paused"]);
    expect(names(filterByStatus([paused, low, plenty], "refill-needed", context))).toEqual(["low"]);
    expect(names(filterByStatus([paused, low, plenty], "well-stocked", context))).toEqual(["plenty"]);
    expect(names(sortMedications([paused, plenty, low], { key: "status", direction: "asc" }, pharmacies, 7))).toEqual([
      "low",
      "plenty",
      "paused",
    ]);
  });
});

describe("sorting", () => {
  const sorted = (list: Medication[], sort: { key: SortKey; direction: "asc" | "desc" }, notificationDays = 7) =>
    names(sortMedications(list, sort, pharmacies, notificationDays));

  it("starts on 'Runs out first'; a new column sorts ascending and a second click toggles", () => {
    expect(DEFAULT_SORT).toEqual({ key: "daysLeft", direction: "asc" });
    const first = nextSort(DEFAULT_SORT, "name");
    expect(first).toEqual({ key: "name", direction: "asc" });
    const second = nextSort(first, "name");
    expect(second).toEqual({ key: "name", direction: "desc" });
    expect(nextSort(second, "name")).toEqual({ key: "name", direction: "asc" });
    expect(nextSort(second, "status")).toEqual({ key: "status", direction: "asc" });
    expect(nextSort(DEFAULT_SORT, "daysLeft")).toEqual({ key: "daysLeft", direction: "desc" });
  });

  it("'Runs out first': days left ascending, then name", () => {
    const list = [
      med({ name: "Zinc", pillsRemaining: 3 }),
      med({ name: "aspirin", pillsRemaining: 90 }),
      med({ name: "Bisoprolol", pillsRemaining: 3.5 }), // 3 whole days, as shown: ties with Zinc
      med({ name: "Metformin", pillsRemaining: 20, pillsPerDay: 2 }), // 10 days, though 20 pills
      med({ name: "Lisinopril", pillsRemaining: 12 }),
    ];
    expect(sorted(list, DEFAULT_SORT)).toEqual(["Bisoprolol", "Zinc", "Metformin", "Lisinopril", "aspirin"]);
    expect(names(visibleMedications(list, { query: "", status: "all", sort: DEFAULT_SORT, names: pharmacies, ...context }))).toEqual([
      "Bisoprolol",
      "Zinc",
      "Metformin",
      "Lisinopril",
      "aspirin",
    ]);
  });

  it("sorts names the way people read them: case-insensitive and numeric", () => {
    const list = [
      med({ name: "vitamin D10" }),
      med({ name: "Zinc" }),
      med({ name: "aspirin" }),
      med({ name: "Vitamin D2" }),
      med({ name: "Bisoprolol" }),
    ];
    expect(sorted(list, { key: "name", direction: "asc" })).toEqual(["aspirin", "Bisoprolol", "Vitamin D2", "vitamin D10", "Zinc"]);
    expect(sorted(list, { key: "name", direction: "desc" })).toEqual(["Zinc", "vitamin D10", "Vitamin D2", "Bisoprolol", "aspirin"]);
  });

  it("sorts by pharmacy name, missing pharmacy first", () => {
    const list = [
      med({ name: "a", pharmacyId: 1 }),
      med({ name: "b", pharmacyId: null }),
      med({ name: "c", pharmacyId: 2 }),
      med({ name: "d", pharmacyId: 99 }),
    ];
    expect(sorted(list, { key: "pharmacy", direction: "asc" })).toEqual(["b", "d", "c", "a"]);
    expect(sorted(list, { key: "pharmacy", direction: "desc" })).toEqual(["a", "c", "b", "d"]);
  });

  it.each<[SortKey, Array<Partial<Medication>>, string[]]>([
    [
      "dose",
      [
        { name: "x", pillsPerDay: 2 },
        { name: "y", pillsPerDay: 0.5 },
        { name: "z", pillsPerDay: 1 },
      ],
      ["y", "z", "x"],
    ],
    // 'Remaining' is days left: x has the most pills but the fewest days.
    [
      "daysLeft",
      [
        { name: "x", pillsRemaining: 100, pillsPerDay: 20 },
        { name: "y", pillsRemaining: 9.5 },
        { name: "z", pillsRemaining: 10 },
      ],
      ["x", "y", "z"],
    ],
    [
      "lastRefill",
      [
        { name: "x", lastRefillDate: "2025-01-05" },
        { name: "y", lastRefillDate: null },
        { name: "z", lastRefillDate: "2024-12-31" },
      ],
      ["y", "z", "x"],
    ],
    [
      "status",
      [
        { name: "x", pillsRemaining: 100 },
        { name: "y", pillsRemaining: 10 },
        { name: "z", pillsRemaining: 3 },
      ],
      ["z", "y", "x"],
    ],
  ])("sorts by %s ascending, and the reverse descending", (key, rows, ascending) => {
    const list = rows.map(med);
    expect(sorted(list, { key, direction: "asc" })).toEqual(ascending);
    expect(sorted(list, { key, direction: "desc" })).toEqual([...ascending].reverse());
  });

  it("breaks ties within a status by days left, then by name, with the user's notification days", () => {
    const list = [
      med({ name: "a", pillsRemaining: 12 }),
      med({ name: "b", pillsRemaining: 9 }),
      med({ name: "c", pillsRemaining: 30 }),
      med({ name: "d", pillsRemaining: 2 }),
      med({ name: "e", pillsRemaining: 9 }),
      med({ name: "f", pillsRemaining: 20 }),
    ];
    expect(sorted(list, { key: "status", direction: "asc" })).toEqual(["d", "b", "e", "a", "f", "c"]);
    // With 14 days a, b and e are Refill Needed too; f (20) is Running Low.
    expect(sorted(list, { key: "status", direction: "asc" }, 14)).toEqual(["d", "b", "e", "a", "f", "c"]);
  });

  it("breaks ties by name and never mutates its input", () => {
    const list = [med({ name: "b", pillsPerDay: 1 }), med({ name: "a", pillsPerDay: 1 })];
    expect(sorted(list, { key: "dose", direction: "desc" })).toEqual(["a", "b"]);
    expect(names(list)).toEqual(["b", "a"]);
  });

  it("searches, filters and sorts together", () => {
    const list = [
      med({ name: "Metoprolol", pillsRemaining: 3 }),
      med({ name: "metformin", pillsRemaining: 3 }),
      med({ name: "Met-Well", pillsRemaining: 90 }),
      med({ name: "Aspirin", pillsRemaining: 1 }),
    ];
    expect(
      names(visibleMedications(list, { query: "MET", status: "refill-needed", sort: DEFAULT_SORT, names: pharmacies, ...context })),
    ).toEqual(["metformin", "Metoprolol"]);
  });
});

describe("the list's view in the URL", () => {
  const viewOf = (search: string) => listViewOf((name) => new URLSearchParams(search).get(name));

  it("is the default view without a query, and writes nothing for it", () => {
    expect(viewOf("")).toEqual({ query: "", status: "all", sort: DEFAULT_SORT, page: 1 });
    expect(listViewSearch(viewOf(""))).toBe("");
  });

  it("reads search, filter, sort and page, and writes them back the same", () => {
    const view = viewOf("?q=corner+pharm%C3%A9&status=running-low&sort=name-desc&page=3");
    expect(view).toEqual({ query: "corner pharmé", status: "running-low", sort: { key: "name", direction: "desc" }, page: 3 });
    expect(viewOf(listViewSearch(view))).toEqual(view);
    expect(listViewSearch({ ...view, status: "all", page: 1 })).toBe("?q=corner+pharm%C3%A9&sort=name-desc");
    expect(listViewSearch({ ...view, query: "", sort: { key: "status", direction: "asc" } })).toBe(
      "?status=running-low&sort=status&page=3",
    );
  });

  it("offers every column in both directions as a sort value", () => {
    for (const key of SORT_KEYS) {
      for (const direction of ["asc", "desc"] as const) expect(parseSort(sortValue({ key, direction }))).toEqual({ key, direction });
    }
    expect(sortValue(DEFAULT_SORT)).toBe("daysLeft");
  });

  it.each(["?status=bogus&sort=pillsRemaining&page=-2", "?sort=name-up&page=abc", "?sort=&page=0", "?sort=toString&page=1.5"])(
    "falls back to the default for what it does not know: %s",
    (search) => {
      const view = viewOf(search);
      expect(view.status).toBe("all");
      expect(view.sort).toEqual(DEFAULT_SORT);
      expect(view.page).toBe(1);
    },
  );
});

describe("pagination", () => {
  const items = Array.from({ length: 45 }, (_, i) => i + 1);

  it("shows 20 a page with the spec's summary", () => {
    const first = paginate(items, 1);
    expect(first).toMatchObject({ page: 1, pageCount: 3, from: 1, to: 20, total: 45 });
    expect(first.items).toEqual(items.slice(0, 20));
    expect(showingText(first)).toBe("Showing 1 to 20 of 45 results");
    const last = paginate(items, 3);
    expect(last.items).toEqual([41, 42, 43, 44, 45]);
    expect(showingText(last)).toBe("Showing 41 to 45 of 45 results");
  });

  it("clamps a page out of range (e.g. after a search shrank the list)", () => {
    expect(paginate(items, 9)).toMatchObject({ page: 3, from: 41, to: 45 });
    expect(paginate(items, 0)).toMatchObject({ page: 1, from: 1 });
    expect(paginate(items.slice(0, 20), 2)).toMatchObject({ page: 1, pageCount: 1, from: 1, to: 20 });
    expect(paginate([], 1)).toMatchObject({ items: [], page: 1, pageCount: 1, from: 0, to: 0, total: 0 });
  });

  it("lists every page on wide screens", () => {
    expect(allPages(1)).toEqual([1]);
    expect(allPages(4)).toEqual([1, 2, 3, 4]);
  });

  it.each<[number, number, Array<number | "ellipsis">]>([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [1, 10, [1, 2, "ellipsis", 10]],
    [2, 10, [1, 2, 3, "ellipsis", 10]],
    [3, 10, [1, 2, 3, 4, "ellipsis", 10]],
    [4, 10, [1, "ellipsis", 3, 4, 5, "ellipsis", 10]],
    [5, 10, [1, "ellipsis", 4, 5, 6, "ellipsis", 10]],
    [9, 10, [1, "ellipsis", 8, 9, 10]],
    [10, 10, [1, "ellipsis", 9, 10]],
    [3, 5, [1, 2, 3, 4, 5]],
  ])("condenses page %i of %i for narrow screens", (current, count, expected) => {
    expect(condensedPages(current, count)).toEqual(expected);
  });
});

describe("display", () => {
  it("shows dates like 'Jan 5, 2025' without time-zone shifts, and a missing one as 'Not available'", () => {
    expect(formatRefillDate("2025-01-05")).toBe("Jan 5, 2025");
    expect(formatRefillDate("2024-12-31")).toBe("Dec 31, 2024");
    expect(formatRefillDate("2025-10-01")).toBe("Oct 1, 2025");
    expect(formatRefillDate(null)).toBe("Not available");
    expect(formatRefillDate("")).toBe("Not available");
    expect(formatRefillDate(undefined)).toBe("Not available");
  });

  it("pluralises the counts", () => {
    expect(medicationCount(0)).toBe("0 Medications");
    expect(medicationCount(1)).toBe("1 Medication");
    expect(medicationCount(2)).toBe("2 Medications");
    expect(foundText(3)).toBe("3 medication(s) found");
    expect(daysLeftText(1)).toBe("1 day left");
    expect(daysLeftText(0)).toBe("0 days left");
  });
});

describe("pharmacy names and notices", () => {
  it("names the pharmacy, or nothing when it is missing or unknown (shown as 'No pharmacy assigned')", () => {
    expect(pharmacyNameOf({ pharmacyId: 2 }, pharmacies)).toBe("alpha pharmacy");
    expect(pharmacyNameOf({ pharmacyId: null }, pharmacies)).toBeUndefined();
    expect(pharmacyNameOf({ pharmacyId: 42 }, pharmacies)).toBeUndefined();
  });

  it("honours only the known notice keys", () => {
    expect(noticeHref("medication-load-error")).toBe("/?notice=medication-load-error");
    expect(NOTICES["medication-load-error"]).toEqual({
      title: "Error loading medication data",
      description: "Could not load the medication details. Please try again.",
    });
    expect(isNoticeKey("medication-load-error")).toBe(true);
    expect(isNoticeKey("toString")).toBe(false);
    expect(isNoticeKey("<script>")).toBe(false);
    expect(isNoticeKey(undefined)).toBe(false);
  });
});

describe("in the current language", () => {
  const de = { language: "de", locale: "de" };
  const arEG = { language: "ar", locale: "ar-EG" };
  const hi = { language: "hi", locale: "hi" };

  it("keeps the English words, and answers each call in the language it runs in", () => {
    expect(STATUS_LABEL["refill-needed"]).toBe("Refill Needed");
    expect(STATUS_FILTERS.map((f) => f.label)).toEqual([
      "All Medications",
      "Refill Needed",
      "Running Low",
      "Well Stocked",
      "Paused",
      "Needs a new prescription",
    ]);
    inLocale(de, () => {
      expect(STATUS_LABEL["refill-needed"]).toBe(m.status_refill_needed());
      expect(statusLabel("well-stocked")).toBe("Gut versorgt");
      expect(STATUS_FILTERS[0]!.label).toBe("Alle Medikamente");
      expect(NOTICES["medication-load-error"].title).toBe(m.domain_notice_load_error_title());
      expect(formatRefillDate("2025-01-05")).toBe("05.01.2025");
      expect(formatRefillDate(null)).toBe("Nicht verfügbar");
    });
  });

  it("writes counts in the locale's digits and grouping, with its plural forms", () => {
    inLocale(arEG, () => {
      expect(daysLeftText(12)).toBe("تبقّى ١٢ يومًا");
      expect(medicationCount(1)).toBe("دواء واحد");
    });
    inLocale(hi, () => expect(daysLeftText(150000)).toContain("1,50,000"));
  });
});

describe("a paused medication on the dashboard", () => {
  it("shows 'Paused' instead of days left when it never runs out", async () => {
    const { toRow } = await import("../../islands/dashboard/rows");
    const row = toRow(med({ daysLeft: null, runsOutOn: null, pausedFrom: "2026-02-20", pausedUntil: null }), new Map(), "2026-03-01", 7);
    expect(row.daysLeft).toBe("Paused");
  });
});
