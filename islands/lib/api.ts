// Client calls: credentials always sent, JSON bodies, no retries, and any non-OK answer becomes an
// Error whose message is "<status>: <server message or status text>".

/** A request that never reached the server (status 0). */
export const OFFLINE = "Could not reach the server. Check your connection and try again.";

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string,
  ) {
    super(`${status}: ${serverMessage}`);
  }
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
    throw new ApiRequestError(0, OFFLINE);
  }
  if (!res.ok) {
    const text = await res.text();
    // Our API answers { message }; show that sentence, never raw JSON.
    let message = text || res.statusText;
    try {
      const parsed = JSON.parse(text) as { message?: unknown };
      if (typeof parsed?.message === "string") message = parsed.message;
    } catch {
      /* plain text body */
    }
    if (res.status === 401 && path !== "/api/login") sendToSignIn();
    throw new ApiRequestError(res.status, message);
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
  if (!res.ok) throw new ApiRequestError(res.status, res.statusText);
  return (await res.json()) as T;
}

export function sendToSignIn() {
  if (location.pathname !== "/auth") location.assign("/auth");
}
