import { describe, expect, it } from "vitest";
import { formatDate, plural } from "../../src/shared/format";

describe("formatDate", () => {
  it("writes 'YYYY-MM-DD' as 'Jan 5, 2025' and leaves anything else as it is", () => {
    expect(formatDate("2025-01-05")).toBe("Jan 5, 2025");
    expect(formatDate("2024-12-31")).toBe("Dec 31, 2024");
    expect(formatDate("2025-13-01")).toBe("2025-13-01");
    expect(formatDate("soon")).toBe("soon");
  });
});

describe("plural", () => {
  it("puts the count before the noun that fits it", () => {
    expect(plural(0, "day", "days")).toBe("0 days");
    expect(plural(1, "day", "days")).toBe("1 day");
    expect(plural(2, "medication needs", "medications need")).toBe("2 medications need");
    expect(plural(1500, "pill", "pills", (n) => n.toLocaleString("en-US"))).toBe("1,500 pills");
  });
});
