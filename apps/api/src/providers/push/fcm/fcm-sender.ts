import { createPrivateKey } from "node:crypto";
import * as z from "zod/mini";
import { signJwt } from "../jwt.ts";
import { type PushMessage, type PushOutcome, type PushSender, wrongPlatform } from "../push-port.ts";

/** The parts of a Firebase service account the sender uses (config.ts reads and checks the JSON). */
export interface GoogleServiceAccount {
  projectId: string;
  clientEmail: string;
  /** PEM, RSA. */
  privateKey: string;
  privateKeyId: string | undefined;
  /** Where the signed JWT is exchanged for an access token (`token_uri`). */
  tokenUri: string;
}

export interface FcmSenderOptions {
  account: GoogleServiceAccount;
  /** `https://fcm.googleapis.com`; a local double in tests. */
  baseUrl?: string;
  now?: () => Date;
  timeoutMs?: number;
}

export const FCM_SCOPE = "https://www.googleapis.com/auth/firebase.messaging";
export const JWT_BEARER_GRANT = "urn:ietf:params:oauth:grant-type:jwt-bearer";
const DEFAULT_BASE_URL = "https://fcm.googleapis.com";
const DEFAULT_TIMEOUT_MS = 10_000;
/** Google's assertions may live an hour at most. */
const ASSERTION_LIFETIME_S = 3600;
/** An access token is replaced this long before it expires, so none expires in flight. */
const REFRESH_MARGIN_MS = 5 * 60 * 1000;

const tokenAnswerSchema = z.object({
  access_token: z.string().check(z.minLength(1)),
  expires_in: z.number().check(z.positive()),
});

/** FCM's error body: google.rpc.Status with FcmError details carrying `errorCode`. */
const errorAnswerSchema = z.object({
  error: z.object({
    status: z.optional(z.string()),
    message: z.optional(z.string()),
    details: z.optional(z.array(z.object({ errorCode: z.optional(z.string()) }))),
  }),
});

/**
 * Codes that condemn the token rather than the request: UNREGISTERED (404: the app was uninstalled or the token
 * rotated), INVALID_ARGUMENT (400: not a token; our own payload is fixed, so the token is what is wrong) and
 * SENDER_ID_MISMATCH (403: a token of another Firebase project).
 */
const TOKEN_INVALID_CODES = new Set(["UNREGISTERED", "INVALID_ARGUMENT", "SENDER_ID_MISMATCH"]);

class FcmError extends Error {}

function errorCodeOf(body: unknown): { code: string | undefined; message: string | undefined } {
  const parsed = errorAnswerSchema.safeParse(body);
  if (!parsed.success) return { code: undefined, message: undefined };
  const { details, status, message } = parsed.data.error;
  return { code: details?.find((detail) => detail.errorCode)?.errorCode ?? status, message };
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return JSON.parse(await response.text());
  } catch {
    return undefined;
  }
}

/**
 * Android pushes through FCM HTTP v1: a service account's RS256-signed JWT is exchanged for an OAuth 2 access token
 * (kept until five minutes before it expires), then `POST /v1/projects/{project}/messages:send`, one per device.
 */
export function createFcmSender(options: FcmSenderOptions): PushSender {
  const { account } = options;
  const baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, "");
  const now = options.now ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const privateKey = createPrivateKey(account.privateKey);
  let cached: { token: string; expiresAtMs: number } | undefined;
  let pending: Promise<string> | undefined;

  async function fetchAccessToken(): Promise<string> {
    const issuedAt = Math.floor(now().getTime() / 1000);
    const assertion = signJwt(
      { alg: "RS256", typ: "JWT", ...(account.privateKeyId ? { kid: account.privateKeyId } : {}) },
      {
        iss: account.clientEmail,
        scope: FCM_SCOPE,
        aud: account.tokenUri,
        iat: issuedAt,
        exp: issuedAt + ASSERTION_LIFETIME_S,
      },
      privateKey,
    );
    const response = await fetch(account.tokenUri, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams({ grant_type: JWT_BEARER_GRANT, assertion }).toString(),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = await readJson(response);
    if (!response.ok) {
      // Google answers {error, error_description}: say which, never the assertion.
      const reason = (body as { error_description?: unknown; error?: unknown } | undefined) ?? {};
      throw new FcmError(
        `the OAuth token endpoint refused the service account (${response.status} ${String(reason.error_description ?? reason.error ?? "")})`,
      );
    }
    const parsed = tokenAnswerSchema.safeParse(body);
    if (!parsed.success) throw new FcmError("the OAuth token endpoint answered without an access token");
    cached = {
      token: parsed.data.access_token,
      expiresAtMs: now().getTime() + parsed.data.expires_in * 1000,
    };
    return cached.token;
  }

  /** The cached access token, or a new one; parallel sends share one exchange. */
  function accessToken(): Promise<string> {
    if (cached && cached.expiresAtMs - REFRESH_MARGIN_MS > now().getTime()) return Promise.resolve(cached.token);
    pending ??= fetchAccessToken().finally(() => {
      pending = undefined;
    });
    return pending;
  }

  async function post(message: PushMessage, token: string): Promise<Response> {
    return fetch(`${baseUrl}/v1/projects/${encodeURIComponent(account.projectId)}/messages:send`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({
        message: {
          token: message.token,
          notification: { title: message.title, body: message.body },
          data: { ...message.data },
          // High priority wakes the phone for an alert the traveller should see now.
          android: { priority: "high" },
        },
      }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  }

  async function deliver(message: PushMessage): Promise<PushOutcome> {
    let response = await post(message, await accessToken());
    if (response.status === 401) {
      // The access token was revoked or expired early: one new exchange, one more try.
      cached = undefined;
      response = await post(message, await accessToken());
    }
    if (response.ok) return { result: "sent" };
    const { code, message: text } = errorCodeOf(await readJson(response));
    const reason = `FCM answered ${response.status}${code ? ` ${code}` : ""}${text ? `: ${text}` : ""}`;
    if (code && TOKEN_INVALID_CODES.has(code)) return { result: "token-invalid", reason };
    return { result: "failed", reason };
  }

  return {
    channels: { android: "fcm" },
    async send(message) {
      if (message.platform !== "android") return wrongPlatform("FCM", message.platform);
      try {
        return await deliver(message);
      } catch (error) {
        const isTimeout = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
        const reason =
          error instanceof FcmError ? error.message : isTimeout ? `no answer within ${timeoutMs} ms` : "unreachable";
        return { result: "failed", reason: `FCM: ${reason}` };
      }
    },
    async close() {},
  };
}
