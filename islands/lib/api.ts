import * as m from "../../src/generated/i18n";

// Client calls: credentials always sent, JSON bodies, no retries, and any non-OK answer becomes an
// Error whose message is the server's sentence alone (already in the page's language), with its
// status and stable code beside it for the code that needs to tell failures apart.

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string,
    /** The API's stable message key (`code`), when it sent one. */
    readonly code?: string,
  ) {
    super(serverMessage);
  }
}

/** A request that never reached the server (status 0). */
export const offlineError = () => new ApiRequestError(0, m.common_offline());

/** The answer's { message, code } when it has them; otherwise the calm generic sentence, never raw text. */
export function readFailure(status: number, text: string): ApiRequestError {
  try {
    const parsed = JSON.parse(text) as { message?: unknown; code?: unknown };
    if (typeof parsed?.message === "string" && parsed.message)
      return new ApiRequestError(status, parsed.message, typeof parsed.code === "string" ? parsed.code : undefined);
  } catch {
    /* not JSON: a proxy's or the platform's page */
  }
  return new ApiRequestError(status, m.common_something_went_wrong());
}

export async function apiRequest<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: "include",
      headers: body === undefined ? undefined : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw offlineError();
  }
  if (!res.ok) {
    const failure = readFailure(res.status, await res.text().catch(() => ""));
    if (res.status === 401 && path !== "/api/login") sendToSignIn();
    throw failure;
  }
  return (res.status === 204 ? null : await res.json()) as T;
}

/** GET /api/user with the spec's no-cache rules; null when signed out. */
export async function fetchCurrentUser<T>(): Promise<T | null> {
  const res = await fetch(`/api/user?t=${Date.now()}`, {
    credentials: "include",
    headers: { "Cache-Control": "no-cache, no-store, must-revalidate", Pragma: "no-cache", Expires: "0" },
  });
  if (res.status === 401) return null;
  if (!res.ok) throw readFailure(res.status, await res.text().catch(() => ""));
  return (await res.json()) as T;
}

export function sendToSignIn() {
  if (location.pathname !== "/auth") location.assign("/auth");
}
