import type { Message, Models } from "postmark";
import { redact } from "../log/redact";
import type { Mailer, OutgoingEmail, SendResult } from "./mailer";

// Postmark's HTTP API through fetch: the single-message endpoint (one request per e-mail, so one
// lost answer puts one e-mail in doubt) and the outbound message search by Metadata, which settles
// that doubt before a retry. The `postmark` package's client is not used (it is built on axios for
// Node); its message and answer types are, so the fields sent are the names Postmark documents.

export const POSTMARK_API = "https://api.postmarkapp.com";

// Postmark error codes that mean "this recipient will never accept it":
// 300 invalid e-mail request, 406 inactive recipient (bounced, spam complaint, unsubscribed).
const PERMANENT_CODES = new Set([300, 406]);

/** A request Postmark has not answered by then counts as lost (retried later, after a search). */
const REQUEST_TIMEOUT_MS = 10_000;
/** Workers keep at most six connections open per invocation; more would only queue. */
const PARALLEL_REQUESTS = 6;

/**
 * A send's answer, or a search's; any field may be missing from an error answer. TotalCount is a
 * number on the wire (the package types it as a string).
 */
type PostmarkAnswer = Partial<Models.MessageSendingResponse> & { TotalCount?: number };

async function mapLimited<T, R>(items: T[], limit: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await run(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export class PostmarkMailer implements Mailer {
  constructor(
    private readonly token: string,
    private readonly from: string,
  ) {}

  private headers(): HeadersInit {
    return { Accept: "application/json", "Content-Type": "application/json", "X-Postmark-Server-Token": this.token };
  }

  send(messages: OutgoingEmail[]): Promise<SendResult[]> {
    return mapLimited(messages, PARALLEL_REQUESTS, (m) => this.sendOne(m));
  }

  private async sendOne(m: OutgoingEmail): Promise<SendResult> {
    const body: Message = {
      From: this.from,
      To: m.to,
      Subject: m.subject,
      TextBody: m.text,
      HtmlBody: m.html,
      Tag: m.tag,
      MessageStream: "outbound",
      Headers: Object.entries(m.headers ?? {}).map(([Name, Value]) => ({ Name, Value })),
      Metadata: m.metadata,
    };
    try {
      const res = await fetch(`${POSTMARK_API}/email`, {
        method: "POST",
        headers: this.headers(),
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const answer = (await res.json().catch(() => null)) as PostmarkAnswer | null;
      if (res.ok && answer?.ErrorCode === 0) return { ok: true };
      // 422 with a recipient code is permanent; 5xx, 429, 401 and anything unreadable are retried.
      const code = answer?.ErrorCode ?? -1;
      const permanent = res.status === 422 && PERMANENT_CODES.has(code);
      return { ok: false, permanent, error: redact(`Postmark ${res.status}/${code}: ${answer?.Message ?? "no answer"}`) };
    } catch (err) {
      // Network failure or timeout: Postmark may or may not have accepted it.
      return { ok: false, permanent: false, error: redact(`Postmark network: ${err instanceof Error ? err.message : String(err)}`) };
    }
  }

  async wasAccepted(key: string, value: string): Promise<boolean> {
    const query = new URLSearchParams({ count: "1", offset: "0", [`metadata_${key}`]: value });
    const res = await fetch(`${POSTMARK_API}/messages/outbound?${query}`, {
      headers: this.headers(),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const answer = (await res.json().catch(() => null)) as PostmarkAnswer | null;
    if (!res.ok || typeof answer?.TotalCount !== "number")
      throw new Error(`Postmark message search answered ${res.status}: ${answer?.Message ?? "no count"}`);
    return answer.TotalCount > 0;
  }
}
