import { afterEach, describe, expect, it, vi } from "vitest";
import { errorSummary } from "../../src/log/error-summary";
import { redact } from "../../src/log/redact";
import { PostmarkMailer } from "../../src/mail/postmark";

// Postmark quotes the recipient in its errors; those texts reach the logs and the reminder log, so
// the address is cut out where the text is made. (Every log line of the suite is also checked by
// test/setup/no-secrets-in-logs.ts.)

const INACTIVE =
  "You tried to send to recipient(s) that have been marked as inactive. Found inactive addresses: Pat.Doe+meds@example.co.uk. Inactive recipients are ones that have generated a hard bounce or a spam complaint.";
const message = { to: "Pat.Doe+meds@example.co.uk", subject: "s", text: "t", html: "<p>h</p>" };

afterEach(() => vi.restoreAllMocks());

describe("Postmark errors without the address", () => {
  it("a network failure whose text quotes the address", async () => {
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new Error(`connection reset while sending to ${message.to}`));
    const [result] = await new PostmarkMailer("token", "Refill Tracker <reminders@refills.example.com>").send([message]);
    expect(result).toMatchObject({ ok: false, permanent: false });
    const error = (result as { error: string }).error;
    expect(error).toContain("connection reset while sending to [address]");
    expect(error).not.toMatch(/example\.co\.uk|Pat\.Doe/);
  });

  it("a request-level 422 with code 406", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(Response.json({ ErrorCode: 406, Message: INACTIVE }, { status: 422 }));
    const [result] = await new PostmarkMailer("token", "Refill Tracker <reminders@refills.example.com>").send([message]);
    expect(result).toMatchObject({ ok: false, permanent: true });
    const error = (result as { error: string }).error;
    expect(error).toContain("Found inactive addresses: [address].");
    expect(error).not.toMatch(/example\.co\.uk|Pat\.Doe/);
  });
});

describe("redact and errorSummary", () => {
  it("cut addresses and tokens, keep the rest", () => {
    const token = "a".repeat(20) + "b2c3d4e5f6g7".repeat(2) + "h".repeat(8);
    expect(token).toHaveLength(52);
    expect(redact(`to <nina@example.com> with ${token}, user 42`)).toBe("to <[address]> with [token], user 42");
    expect(errorSummary(new Error("D1_ERROR: no such row for bob@example.org"))).toContain("no such row for [address]");
  });

  it("cut push endpoints, on Google's pre-release host as well", () => {
    expect(redact("push to https://fcm.googleapis.com/fcm/send/abc:DEF-123 failed")).toBe("push to [push endpoint] failed");
    expect(redact("push to https://jmt17.google.com/fcm/send/abc:DEF-123 failed")).toBe("push to [push endpoint] failed");
  });
});
