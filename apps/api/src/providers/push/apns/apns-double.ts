import { generateKeyPairSync, randomUUID } from "node:crypto";
import http2 from "node:http2";
import type { AddressInfo } from "node:net";
import { verifyJwt } from "../jwt.ts";

/**
 * A local stand-in for APNs, for tests: an HTTP/2 server (h2c) on 127.0.0.1 with a .p8-like key of its own (EC P-256,
 * made at start). It checks what Apple checks (the ES256 provider token's signature, `kid` and `iss`, its age, the
 * `apns-topic`, `apns-push-type` and `apns-priority` headers, the path and the `aps` body) and answers as APNs does:
 * 200 with an `apns-id`, 410 Unregistered, 400 BadDeviceToken, 403 for a bad provider token.
 */
export interface ApnsDouble {
  /** An `http://` origin: the sender speaks h2c to it. */
  origin: string;
  keyId: string;
  teamId: string;
  /** PEM, as the .p8 file holds it. */
  privateKey: string;
  topic: string;
  /** Notifications accepted. */
  deliveries: { token: string; headers: Record<string, string>; body: Record<string, unknown>; jwt: string }[];
  /** Device tokens answered 410 Unregistered (the app was removed). */
  unregistered: Set<string>;
  /** The next request is answered with this status and reason. */
  failNext(fault: { status: number; reason: string }): void;
  /** Closes every open connection (a GOAWAY), as APNs does to idle or old connections. */
  dropConnections(): void;
  /** How many connections clients opened. */
  connectionCount(): number;
  close(): Promise<void>;
}

const TEAM_ID = "TEAM123456";
const KEY_ID = "KEY1234567";
const ONE_HOUR_S = 3600;

export async function startApnsDouble(options: { topic?: string; now?: () => Date } = {}): Promise<ApnsDouble> {
  const topic = options.topic ?? "dz.esimstore.app";
  const now = options.now ?? (() => new Date());
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const deliveries: ApnsDouble["deliveries"] = [];
  const unregistered = new Set<string>();
  let nextFault: { status: number; reason: string } | undefined;

  function answer(stream: http2.ServerHttp2Stream, status: number, reason?: string) {
    const apnsId = randomUUID().toUpperCase();
    stream.respond({ ":status": status, "apns-id": apnsId, ...(reason ? { "content-type": "application/json" } : {}) });
    stream.end(reason ? JSON.stringify({ reason, ...(status === 410 ? { timestamp: now().getTime() } : {}) }) : "");
  }

  function handle(stream: http2.ServerHttp2Stream, headers: http2.IncomingHttpHeaders, text: string) {
    const path = String(headers[":path"] ?? "");
    const token = /^\/3\/device\/([0-9a-fA-F]+)$/.exec(path)?.[1];
    if (headers[":method"] !== "POST") return answer(stream, 405, "MethodNotAllowed");
    if (!token) return answer(stream, 404, "BadPath");
    if (nextFault) {
      const fault = nextFault;
      nextFault = undefined;
      return answer(stream, fault.status, fault.reason);
    }
    const jwt = /^bearer (.+)$/.exec(String(headers.authorization ?? ""))?.[1];
    if (!jwt) return answer(stream, 403, "MissingProviderToken");
    const verified = verifyJwt(jwt, { algorithm: "ES256", key: publicKey });
    if (!verified || verified.header.kid !== KEY_ID || verified.claims.iss !== TEAM_ID) {
      return answer(stream, 403, "InvalidProviderToken");
    }
    const issuedAt = verified.claims.iat;
    if (typeof issuedAt !== "number" || Math.floor(now().getTime() / 1000) - issuedAt > ONE_HOUR_S) {
      return answer(stream, 403, "ExpiredProviderToken");
    }
    if (headers["apns-topic"] !== topic) return answer(stream, 400, "DeviceTokenNotForTopic");
    if (headers["apns-push-type"] !== "alert") return answer(stream, 400, "InvalidPushType");
    if (headers["apns-priority"] !== "10") return answer(stream, 400, "BadPriority");
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return answer(stream, 400, "PayloadEmpty");
    }
    const aps = body.aps as { alert?: { title?: unknown; body?: unknown } } | undefined;
    if (typeof aps?.alert?.title !== "string" || typeof aps.alert.body !== "string") {
      return answer(stream, 400, "BadPayload");
    }
    if (token.length !== 64) return answer(stream, 400, "BadDeviceToken");
    if (unregistered.has(token)) return answer(stream, 410, "Unregistered");
    const kept: Record<string, string> = {};
    for (const name of ["apns-topic", "apns-push-type", "apns-priority", "content-type"]) {
      kept[name] = String(headers[name]);
    }
    deliveries.push({ token, headers: kept, body, jwt });
    answer(stream, 200);
  }

  const server = http2.createServer();
  server.on("stream", (stream, headers) => {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => handle(stream, headers, Buffer.concat(chunks).toString("utf8")));
    stream.on("error", () => {});
  });
  const sessions = new Set<http2.ServerHttp2Session>();
  let connections = 0;
  server.on("session", (session) => {
    connections += 1;
    sessions.add(session);
    session.on("close", () => sessions.delete(session));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));

  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    keyId: KEY_ID,
    teamId: TEAM_ID,
    privateKey: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    topic,
    deliveries,
    unregistered,
    failNext: (fault) => {
      nextFault = fault;
    },
    dropConnections: () => {
      for (const session of sessions) session.close();
    },
    connectionCount: () => connections,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const session of sessions) session.destroy();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
