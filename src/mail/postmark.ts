import { ServerClient } from "postmark";
import { redact } from "../http/redact";
import type { Mailer, OutgoingEmail, SendResult } from "./mailer";

// Postmark per-message error codes that mean "this recipient will never accept it":
// 300 invalid e-mail request, 406 inactive recipient (bounced, spam complaint, unsubscribed).
const PERMANENT_CODES = new Set([300, 406]);

export class PostmarkMailer implements Mailer {
  private readonly client: ServerClient;

  constructor(
    token: string,
    private readonly from: string,
  ) {
    this.client = new ServerClient(token);
  }

  async send(messages: OutgoingEmail[]): Promise<SendResult[]> {
    if (messages.length === 0) return [];
    try {
      const answers = await this.client.sendEmailBatch(
        messages.map((m) => ({
          From: this.from,
          To: m.to,
          Subject: m.subject,
          TextBody: m.text,
          HtmlBody: m.html,
          Tag: m.tag,
          MessageStream: "outbound",
          Headers: Object.entries(m.headers ?? {}).map(([Name, Value]) => ({ Name, Value })),
        })),
      );
      return messages.map((_, i) => {
        const answer = answers[i];
        if (answer && answer.ErrorCode === 0) return { ok: true };
        const code = answer?.ErrorCode ?? -1;
        // Postmark's message quotes the recipient ("… 'pat@example.com' …"): logs and the reminder
        // log get it without the address.
        return { ok: false, permanent: PERMANENT_CODES.has(code), error: redact(`Postmark ${code}: ${answer?.Message ?? "no answer"}`) };
      });
    } catch (err) {
      // The whole call failed: 5xx, 429, network, or a request-level 422 (e.g. code 406 for a single
      // inactive recipient). Only recipient errors are permanent; everything else is retried later.
      const e = err as { code?: number; statusCode?: number; message?: string };
      const permanent = e.statusCode === 422 && PERMANENT_CODES.has(e.code ?? -1);
      const error = redact(`Postmark ${e.statusCode ?? "network"}${e.code ? `/${e.code}` : ""}: ${e.message ?? String(err)}`);
      return messages.map(() => ({ ok: false, permanent, error }));
    }
  }
}
