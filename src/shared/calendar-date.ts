// "A real YYYY-MM-DD date", with no imports, so the service worker (which has no catalogs) checks a
// push's dates by the same rule as the schemas (./date-range.ts re-exports it).

// Date.parse accepts '2025-02-30' (as March 2) in V8; a real date survives the round trip.
export const isCalendarDate = (date: string) => {
  const time = Date.parse(`${date}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === date;
};
