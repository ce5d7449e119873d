import { randomBytes } from "node:crypto";
import { createServer as createHttpServer, type Server } from "node:http";
import { createServer as createTcpServer, type Server as TcpServer } from "node:net";

// Chromium's pushManager.subscribe() goes through its GCM client, which this machine cannot take to
// Google: a device check-in (a protobuf POST, google_apis/gcm/protocol/checkin.proto), then an
// Instance ID token request (a form POST answered `token=…`). This stands in for both, on loopback,
// through Chromium's own switches. Everything else stays Chromium's: it makes the P-256 key pair
// and the auth secret, and builds the endpoint from the token. The long-lived MCS connection (the
// one pushes would arrive on) goes to a local port that hangs up; subscribe() does not wait for it.

/** One token request Chromium made for a web push subscription. */
export interface GcmRegistration {
  /** The applicationServerKey the page passed to subscribe(), base64url. */
  sender: string;
  /** `wp:<origin>/#<service worker id>`. */
  subtype: string;
  /** What the stand-in answered; Chromium puts it at the end of the endpoint. */
  token: string;
}

export interface GcmStandIn {
  /** Chromium switches that send its GCM traffic here. */
  args: string[];
  checkins: number;
  registrations: GcmRegistration[];
  /** Connections Chromium opened for MCS (refused by hanging up). */
  mcsConnections: number;
  close(): Promise<void>;
}

const b64url = (bytes: number) => randomBytes(bytes).toString("base64url");

/** A random non-zero 64-bit id, as the check-in's android_id and security_token are. */
const randomId = () => randomBytes(8).readBigUInt64LE() | 1n;

/**
 * AndroidCheckinResponse with only what CheckinRequest requires: stats_ok (field 1, varint),
 * android_id (field 7, fixed64) and security_token (field 8, fixed64), all non-zero.
 */
function checkinResponse(): Buffer {
  const body = Buffer.alloc(2 + 9 + 9);
  body[0] = (1 << 3) | 0; // field 1, varint
  body[1] = 1;
  body[2] = (7 << 3) | 1; // field 7, fixed64
  body.writeBigUInt64LE(randomId(), 3);
  body[11] = (8 << 3) | 1; // field 8, fixed64
  body.writeBigUInt64LE(randomId(), 12);
  return body;
}

const listen = (server: Server | TcpServer) =>
  new Promise<number>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve((server.address() as { port: number }).port));
  });

export async function startGcmStandIn(): Promise<GcmStandIn> {
  const state = { checkins: 0, registrations: [] as GcmRegistration[], mcsConnections: 0 };
  const http = createHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      if (req.method === "POST" && req.url === "/checkin") {
        state.checkins++;
        res.writeHead(200, { "Content-Type": "application/x-protobuf" }).end(checkinResponse());
        return;
      }
      if (req.method === "POST" && req.url === "/register") {
        const form = new URLSearchParams(Buffer.concat(chunks).toString());
        // FCM's token shape: an instance id, a colon, an opaque APA91b… string.
        const token = `${b64url(8)}:APA91b${b64url(100)}`;
        const subtype = form.get("X-subtype") ?? "";
        // Chromium also registers for its own use (another app and sender); only web push counts.
        if (form.get("delete") !== "true" && subtype.startsWith("wp:"))
          state.registrations.push({ sender: form.get("sender") ?? "", subtype, token });
        res.writeHead(200, { "Content-Type": "text/plain" }).end(`token=${token}`);
        return;
      }
      res.writeHead(404).end();
    });
  });
  const mcs = createTcpServer((socket) => {
    state.mcsConnections++;
    socket.destroy();
  });
  const [httpPort, mcsPort] = await Promise.all([listen(http), listen(mcs)]);
  const url = `http://127.0.0.1:${httpPort}`;
  return {
    args: [`--gcm-checkin-url=${url}/checkin`, `--gcm-registration-url=${url}/register`, `--gcm-mcs-endpoint=https://127.0.0.1:${mcsPort}`],
    get checkins() {
      return state.checkins;
    },
    get registrations() {
      return state.registrations;
    },
    get mcsConnections() {
      return state.mcsConnections;
    },
    close: () =>
      Promise.all(
        [http, mcs].map(
          (server) =>
            new Promise<void>((resolve) => {
              (server as Server).closeAllConnections?.();
              server.close(() => resolve());
            }),
        ),
      ).then(() => undefined),
  };
}
