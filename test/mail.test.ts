import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { devEmails } from "../src/db/schema";
import { createMailer, type OutgoingEmail } from "../src/mail/mailer";
import { PostmarkMailer } from "../src/mail/postmark";
import { call, db, uniqueName } from "./helpers";

const message = (to = "pat@example.com"): OutgoingEmail => ({
  to,
  subject: "Hello",
  text: "plain",
  html: "<p>html</p>",
  headers: { "List-Unsubscribe": "<https://example.com/u>" },
  tag: "test",
});

const postmarkAnswer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

afterEach(() => vi.restoreAllMocks());

describe("PostmarkMailer (Postmark answered at the fetch boundary)", () => {
  it("sends one batch request with the token, sender, bodies and headers", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValue(
      postmarkAnswer(200, [
        { ErrorCode: 0, Message: "OK", To: "a@example.com" },
        { ErrorCode: 406, Message: "Inactive recipient", To: "b@example.com" },
        { ErrorCode: 500, Message: "Try later", To: "c@example.com" },
      ]),
    );
    const results = await new PostmarkMailer("server-token", "Refill Tracker <r@example.com>").send([message("a@example.com"), message("b@example.com"), message("c@example.com")]);

    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [url, init] = fetchSpy.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("https://api.postmarkapp.com/email/batch");
    expect(init.method).toBe("POST");
    expect(new Headers(init.headers).get("X-Postmark-Server-Token")).toBe("server-token");
    const body = JSON.parse(String(init.body));
    expect(body).toHaveLength(3);
    expect(body[0]).toMatchObject({
      From: "Refill Tracker <r@example.com>",
      To: "a@example.com",
      Subject: "Hello",
      TextBody: "plain",
      HtmlBody: "<p>html</p>",
      MessageStream: "outbound",
      Headers: [{ Name: "List-Unsubscribe", Value: "<https://example.com/u>" }],
    });
    expect(results).toEqual([
      { ok: true },
      { ok: false, permanent: true, error: "Postmark 406: Inactive recipient" },
      { ok: false, permanent: false, error: "Postmark 500: Try later" },
    ]);
  });

  it.each([
    [500, { ErrorCode: 0, Message: "Internal error" }, false],
    [503, { ErrorCode: 0, Message: "Unavailable" }, false],
    [429, { ErrorCode: 0, Message: "Rate limited" }, false],
    [422, { ErrorCode: 406, Message: "You tried to send to a recipient that has been marked as inactive." }, true],
    [422, { ErrorCode: 300, Message: "Invalid 'To' address" }, true],
    [401, { ErrorCode: 10, Message: "Bad or missing Server API token" }, false],
  ])("a %i answer fails every message (permanent: %s)", async (status, body, permanent) => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(postmarkAnswer(status, body));
    const results = await new PostmarkMailer("t", "f@example.com").send([message(), message()]);
    expect(results).toHaveLength(2);
    for (const result of results) expect(result).toMatchObject({ ok: false, permanent });
  });

  it("a network failure is transient", async () => {
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("Network connection lost."));
    const [result] = await new PostmarkMailer("t", "f@example.com").send([message()]);
    expect(result).toMatchObject({ ok: false, permanent: false });
  });
});

describe("development outbox", () => {
  it("stores messages and lists them newest first at /dev/emails", async () => {
    const to = `${uniqueName()}@example.com`;
    const mailer = createMailer(env, db());
    expect(await mailer.send([{ ...message(to), subject: "first" }])).toEqual([{ ok: true }]);
    await mailer.send([{ ...message(to), subject: "second" }]);
    const list = await call<Array<Record<string, unknown>>>("GET", "/dev/emails");
    const mine = list.body.filter((m) => m.to === to);
    expect(mine.map((m) => m.subject)).toEqual(["second", "first"]);
    expect(Object.keys(mine[0]).sort()).toEqual(["createdAt", "html", "id", "subject", "text", "to"]);

    const one = await call("GET", `/dev/emails/${mine[0].id}`);
    expect(one.status).toBe(200);
    expect(one.body).toBe("<p>html</p>");
    expect((await call("GET", "/dev/emails/999999999")).status).toBe(404);
  });

  it("stores a batch larger than one statement's 100 bound parameters", async () => {
    const to = `${uniqueName()}@example.com`;
    const results = await createMailer(env, db()).send(Array.from({ length: 500 }, (_, i) => ({ ...message(to), subject: `n${i}` })));
    expect(results).toHaveLength(500);
    expect(results.every((r) => r.ok)).toBe(true);
    const stored = await db().select({ subject: devEmails.subject }).from(devEmails).where(eq(devEmails.to, to));
    expect(stored.map((m) => m.subject).sort()).toEqual(Array.from({ length: 500 }, (_, i) => `n${i}`).sort());
  });

  it("answers 404 for /dev/* when Postmark is configured", async () => {
    const res = await call("GET", "/dev/emails", { env: { ...env, POSTMARK_SERVER_TOKEN: "configured" } });
    expect(res.status).toBe(404);
  });
});
