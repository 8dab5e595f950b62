import { createPrivateKey } from "node:crypto";
import http2 from "node:http2";
import { signJwt } from "../jwt.ts";
import { type PushMessage, type PushOutcome, type PushSender, wrongPlatform } from "../push-port.ts";

export const APNS_ORIGINS = {
  sandbox: "https://api.sandbox.push.apple.com",
  production: "https://api.push.apple.com",
} as const;

export interface ApnsSenderOptions {
  /** The .p8 key's id (10 characters), the JWT's `kid`. */
  keyId: string;
  /** The developer team (10 characters), the JWT's `iss`. */
  teamId: string;
  /** The .p8 key: PEM, EC P-256. */
  privateKey: string;
  /** The app's bundle id (`apns-topic`). */
  topic: string;
  environment: keyof typeof APNS_ORIGINS;
  /** Replaces the environment's server (a local HTTP/2 double in tests; `http://` speaks h2c). */
  origin?: string;
  now?: () => Date;
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
/** Apple refuses provider tokens older than an hour and throttles ones renewed more than every 20 minutes. */
const PROVIDER_TOKEN_REUSE_MS = 50 * 60 * 1000;
/** APNs device tokens are hex (32 bytes today); anything else never reaches the request path. */
const DEVICE_TOKEN = /^[0-9a-fA-F]{64,200}$/;
/** 400 reasons that condemn the token: malformed, or issued for another app. */
const TOKEN_INVALID_REASONS = new Set(["BadDeviceToken", "DeviceTokenNotForTopic"]);

interface ApnsAnswer {
  status: number;
  reason: string | undefined;
}

/** APNs explains a refusal as `{"reason": "…"}`; a success has no body. */
function reasonOf(chunks: Buffer[]): string | undefined {
  if (chunks.length === 0) return undefined;
  try {
    return (JSON.parse(Buffer.concat(chunks).toString("utf8")) as { reason?: string }).reason;
  } catch {
    return undefined;
  }
}

/**
 * iOS pushes through APNs over HTTP/2 (node:http2), authenticated with a provider token: an ES256 JWT from the team's
 * .p8 key, reused for 50 minutes. One connection is kept open and opened again when the server closes it.
 */
export function createApnsSender(options: ApnsSenderOptions): PushSender {
  const origin = options.origin ?? APNS_ORIGINS[options.environment];
  const now = options.now ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const privateKey = createPrivateKey(options.privateKey);
  let session: http2.ClientHttp2Session | undefined;
  let providerToken: { jwt: string; issuedAtMs: number } | undefined;

  function connection(): http2.ClientHttp2Session {
    if (session && !session.closed && !session.destroyed) return session;
    const opened = http2.connect(origin);
    // A dropped connection is answered by opening another on the next send, never by a crash.
    opened.on("error", () => {});
    opened.on("close", () => {
      if (session === opened) session = undefined;
    });
    opened.on("goaway", () => {
      if (session === opened) session = undefined;
    });
    // An idle connection must not keep the process alive at shutdown.
    opened.unref();
    session = opened;
    return opened;
  }

  function currentProviderToken(): string {
    const nowMs = now().getTime();
    if (!providerToken || nowMs - providerToken.issuedAtMs >= PROVIDER_TOKEN_REUSE_MS) {
      const jwt = signJwt(
        { alg: "ES256", kid: options.keyId },
        { iss: options.teamId, iat: Math.floor(nowMs / 1000) },
        privateKey,
      );
      providerToken = { jwt, issuedAtMs: nowMs };
    }
    return providerToken.jwt;
  }

  function post(message: PushMessage): Promise<ApnsAnswer> {
    const body = JSON.stringify({
      aps: { alert: { title: message.title, body: message.body }, sound: "default" },
      ...message.data,
    });
    return new Promise((resolve, reject) => {
      const stream = connection().request({
        ":method": "POST",
        ":path": `/3/device/${message.token}`,
        authorization: `bearer ${currentProviderToken()}`,
        "apns-topic": options.topic,
        "apns-push-type": "alert",
        "apns-priority": "10",
        "content-type": "application/json",
      });
      let status = 0;
      const chunks: Buffer[] = [];
      stream.setTimeout(timeoutMs, () => {
        reject(new Error(`no answer within ${timeoutMs} ms`));
        stream.close(http2.constants.NGHTTP2_CANCEL);
      });
      stream.on("response", (headers) => {
        status = Number(headers[":status"]);
      });
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => resolve({ status, reason: reasonOf(chunks) }));
      stream.on("error", reject);
      // A stream closed without an answer (the connection failed or was reset): settled here, never left hanging.
      stream.on("close", () => reject(new Error("the connection closed before an answer")));
      stream.end(body);
    });
  }

  async function deliver(message: PushMessage): Promise<PushOutcome> {
    let answer = await post(message);
    if (answer.status === 403 && answer.reason === "ExpiredProviderToken") {
      // Apple's clock disagrees with ours about the token's age: a fresh one, one more try.
      providerToken = undefined;
      answer = await post(message);
    }
    if (answer.status === 200) return { result: "sent" };
    const reason = `APNs answered ${answer.status}${answer.reason ? ` ${answer.reason}` : ""}`;
    // 410: the token is no longer active for the topic (the app was removed).
    if (answer.status === 410 || (answer.status === 400 && TOKEN_INVALID_REASONS.has(answer.reason ?? ""))) {
      return { result: "token-invalid", reason };
    }
    return { result: "failed", reason };
  }

  return {
    channels: { ios: "apns" },
    async send(message) {
      if (message.platform !== "ios") return wrongPlatform("APNs", message.platform);
      if (!DEVICE_TOKEN.test(message.token)) return { result: "token-invalid", reason: "not an APNs device token" };
      try {
        return await deliver(message);
      } catch (error) {
        return { result: "failed", reason: `APNs: ${error instanceof Error ? error.message : "unreachable"}` };
      }
    },
    async close() {
      const open = session;
      session = undefined;
      if (open && !open.closed) await new Promise<void>((resolve) => open.close(() => resolve()));
    },
  };
}
