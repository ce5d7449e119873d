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
  it("sends one request per message with the token, sender, bodies, headers and Metadata; one result each, in order", async () => {
    const answers: Record<string, [number, unknown]> = {
      "a@example.com": [200, { ErrorCode: 0, Message: "OK", To: "a@example.com", MessageID: "m-1" }],
      "b@example.com": [422, { ErrorCode: 406, Message: "Inactive recipient" }],
      "c@example.com": [500, { ErrorCode: 0, Message: "Try later" }],
    };
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async (_url, init) => {
      const [status, body] = answers[JSON.parse(String(init?.body)).To]!;
      return postmarkAnswer(status, body);
    });
    const sent = ["a@example.com", "b@example.com", "c@example.com"].map((to) => ({ ...message(to), metadata: { reminder: `r-${to}` } }));
    const results = await new PostmarkMailer("server-token", "Refill Tracker <r@example.com>").send(sent);

    expect(fetchSpy).toHaveBeenCalledTimes(3);
    const [url, init] = fetchSpy.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("https://api.postmarkapp.com/email");
    expect(init.method).toBe("POST");
    expect(new Headers(init.headers).get("X-Postmark-Server-Token")).toBe("server-token");
    expect(JSON.parse(String(init.body))).toMatchObject({
      From: "Refill Tracker <r@example.com>",
      To: "a@example.com",
      Subject: "Hello",
      TextBody: "plain",
      HtmlBody: "<p>html</p>",
      MessageStream: "outbound",
      Headers: [{ Name: "List-Unsubscribe", Value: "<https://example.com/u>" }],
      Metadata: { reminder: "r-a@example.com" },
    });
    expect(results).toEqual([
      { ok: true },
      { ok: false, permanent: true, error: "Postmark 422/406: Inactive recipient" },
      { ok: false, permanent: false, error: "Postmark 500/0: Try later" },
    ]);
  });

  it("asks the outbound message search by one metadata field, and says whether a message was found", async () => {
    const fetchSpy = vi
      .spyOn(globalThis, "fetch")
      .mockImplementation(async (url) =>
        postmarkAnswer(200, { TotalCount: String(url).includes("metadata_reminder=7-2025-03-01") ? 1 : 0, Messages: [] }),
      );
    const mailer = new PostmarkMailer("server-token", "f@example.com");
    expect(await mailer.wasAccepted("reminder", "7-2025-03-01")).toBe(true);
    expect(await mailer.wasAccepted("reminder", "8-2025-03-01")).toBe(false);
    const [url, init] = fetchSpy.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("https://api.postmarkapp.com/messages/outbound?count=1&offset=0&metadata_reminder=7-2025-03-01");
    expect(new Headers(init.headers).get("X-Postmark-Server-Token")).toBe("server-token");
  });

  it("a search that fails throws (the caller must not guess)", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => postmarkAnswer(503, { ErrorCode: 0, Message: "Unavailable" }));
    await expect(new PostmarkMailer("t", "f@example.com").wasAccepted("reminder", "1-2025-03-01")).rejects.toThrow(/503/);
  });

  it.each([
    [500, { ErrorCode: 0, Message: "Internal error" }, false],
    [503, { ErrorCode: 0, Message: "Unavailable" }, false],
    [429, { ErrorCode: 0, Message: "Rate limited" }, false],
    [422, { ErrorCode: 406, Message: "You tried to send to a recipient that has been marked as inactive." }, true],
    [422, { ErrorCode: 300, Message: "Invalid 'To' address" }, true],
    [401, { ErrorCode: 10, Message: "Bad or missing Server API token" }, false],
  ])("a %i answer fails every message (permanent: %s)", async (status, body, permanent) => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => postmarkAnswer(status, body));
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

describe("development outbox: the message search", () => {
  it("finds a stored message by its metadata (kept as X-PM-Metadata-* headers), and nothing else", async () => {
    const to = `${uniqueName()}@example.com`;
    const mailer = createMailer(env, db());
    const id = `${uniqueName()}-2025-03-01`;
    expect(await mailer.wasAccepted("reminder", id)).toBe(false);
    await mailer.send([{ ...message(to), metadata: { reminder: id } }]);
    expect(await mailer.wasAccepted("reminder", id)).toBe(true);
    expect(await mailer.wasAccepted("reminder", `${id}x`)).toBe(false);
    const [row] = await db().select().from(devEmails).where(eq(devEmails.to, to));
    expect(row!.headers).toMatchObject({ "X-PM-Metadata-reminder": id, "List-Unsubscribe": "<https://example.com/u>" });
  });
});
