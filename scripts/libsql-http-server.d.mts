export interface LibsqlHttpServer {
  /** Base URL for createClient({ url }) from @libsql/client/web, e.g. http://127.0.0.1:41234. */
  url: string;
  port: number;
  /** Pipeline requests (POST /v2/pipeline) served so far. */
  readonly requests: number;
  close(): Promise<void>;
}

export function startLibsqlHttpServer(options: {
  file: string;
  port?: number;
  host?: string;
  /** Delay before every HTTP answer, to simulate a far database. */
  latencyMs?: number;
  /** How long a stream (its baton) lives without requests; 10 s as in sqld. */
  streamIdleMs?: number;
}): Promise<LibsqlHttpServer>;
