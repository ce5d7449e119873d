import { describe, expect, it } from "vitest";
import { formatPhone, phoneHref, phoneRegion, toE164 } from "../../src/domain/phone";

describe("phone numbers worldwide", () => {
  it("takes the default country from the account's locale region, else the US", () => {
    expect(phoneRegion("en-GB")).toBe("GB");
    expect(phoneRegion("pt-BR")).toBe("BR");
    expect(phoneRegion("de")).toBe("DE");
    expect(phoneRegion("ar-EG")).toBe("EG");
    expect(phoneRegion("hi")).toBe("IN");
    expect(phoneRegion(null)).toBe("US");
    expect(phoneRegion("not a locale")).toBe("US");
  });

  it("stores valid numbers as E.164, written in any of the usual ways", () => {
    expect(toE164("(555) 123-4567", "US")).toBeNull(); // 555-123 is not a real US exchange
    expect(toE164("(212) 555-0123", "US")).toBe("+12125550123");
    expect(toE164("212.555.0123", "US")).toBe("+12125550123");
    expect(toE164("020 7183 8750", "GB")).toBe("+442071838750");
    expect(toE164("+44 20 7183 8750", "US")).toBe("+442071838750");
    expect(toE164("030 123456", "DE")).toBe("+4930123456");
    expect(toE164("(11) 3456-7890", "BR")).toBe("+551134567890");
    expect(toE164("98765 43210", "IN")).toBe("+919876543210");
  });

  it("refuses what is not a phone number", () => {
    expect(toE164("", "US")).toBeNull();
    expect(toE164("12", "US")).toBeNull();
    expect(toE164("call me", "US")).toBeNull();
    expect(toE164("+1 212 555 0123 ext 5", "US")).toBeNull(); // letters are not allowed in the field
    expect(toE164("=HYPERLINK(1)", "US")).toBeNull();
  });

  it("shows a stored number the same way everywhere, and dials it as E.164", () => {
    expect(formatPhone("+442071838750")).toBe("+44 20 7183 8750");
    expect(formatPhone("+12125550123")).toBe("+1 212 555 0123");
    expect(phoneHref("+442071838750")).toBe("tel:+442071838750");
    // A number kept as typed (it could not be parsed when it was migrated) is shown as typed.
    expect(formatPhone("ext. 42 (front desk)")).toBe("ext. 42 (front desk)");
    expect(phoneHref("555-0199 ext 2")).toBe("tel:55501992");
  });
});
