import { generateKeyPairSync, type KeyObject, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { verifyJwt } from "../jwt.ts";
import { FCM_SCOPE, type GoogleServiceAccount, JWT_BEARER_GRANT } from "./fcm-sender.ts";

/**
 * A local stand-in for Google's OAuth 2 token endpoint and FCM HTTP v1, for tests: a `node:http` server on 127.0.0.1
 * with a service account of its own (an RSA key made at start), which checks the RS256 assertion against that key as
 * Google does, hands out access tokens, and answers `messages:send` as FCM does (404 UNREGISTERED, 400
 * INVALID_ARGUMENT for tokens it is told are bad).
 */
export interface FcmDouble {
  /** As FCM's `https://fcm.googleapis.com`. */
  baseUrl: string;
  /** A service account whose token_uri is this double. */
  account: GoogleServiceAccount;
  /** Token exchanges, with the assertion's verified claims. */
  tokenRequests: { claims: Record<string, unknown>; kid: string | undefined }[];
  /** Messages accepted, as sent. */
  messages: { token: string; notification: unknown; data: unknown; android: unknown }[];
  /** Registration tokens answered 404 UNREGISTERED (an uninstalled app). */
  unregistered: Set<string>;
  /** Registration tokens answered 400 INVALID_ARGUMENT (not a token). */
  malformed: Set<string>;
  /** Forgets every access token handed out, as if they had expired: the next send answers 401. */
  revokeAccessTokens(): void;
  /** The next messages:send is answered with this status (a JSON error body). */
  failNext(status: number): void;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/json; charset=UTF-8" });
  response.end(JSON.stringify(body));
}

/** google.rpc.Status as FCM v1 answers it, with the FcmError detail. */
function fcmError(response: ServerResponse, status: number, rpcStatus: string, errorCode: string, message: string) {
  send(response, status, {
    error: {
      code: status,
      message,
      status: rpcStatus,
      details: [{ "@type": "type.googleapis.com/google.firebase.fcm.v1.FcmError", errorCode }],
    },
  });
}

export async function startFcmDouble(options: { projectId?: string; now?: () => Date } = {}): Promise<FcmDouble> {
  const projectId = options.projectId ?? "esim-store-test";
  const now = options.now ?? (() => new Date());
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const privateKeyId = randomBytes(20).toString("hex");
  const clientEmail = `firebase-adminsdk@${projectId}.iam.gserviceaccount.com`;
  const accessTokens = new Set<string>();
  const tokenRequests: FcmDouble["tokenRequests"] = [];
  const messages: FcmDouble["messages"] = [];
  const unregistered = new Set<string>();
  const malformed = new Set<string>();
  let nextFailure: number | undefined;
  let origin = "";

  function handleToken(text: string, response: ServerResponse, key: KeyObject) {
    const form = new URLSearchParams(text);
    if (form.get("grant_type") !== JWT_BEARER_GRANT) {
      return send(response, 400, { error: "unsupported_grant_type", error_description: "Invalid grant_type" });
    }
    const verified = verifyJwt(form.get("assertion") ?? "", { algorithm: "RS256", key });
    const claims = verified?.claims;
    const nowS = Math.floor(now().getTime() / 1000);
    if (
      !claims ||
      claims.iss !== clientEmail ||
      claims.aud !== `${origin}/token` ||
      claims.scope !== FCM_SCOPE ||
      typeof claims.iat !== "number" ||
      typeof claims.exp !== "number" ||
      claims.exp <= nowS ||
      claims.exp - claims.iat > 3600
    ) {
      return send(response, 400, { error: "invalid_grant", error_description: "Invalid JWT Signature." });
    }
    tokenRequests.push({ claims, kid: verified.header.kid });
    const accessToken = `ya29.${randomBytes(24).toString("base64url")}`;
    accessTokens.add(accessToken);
    send(response, 200, { access_token: accessToken, expires_in: 3599, token_type: "Bearer" });
  }

  function handleSend(request: IncomingMessage, text: string, response: ServerResponse) {
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    if (!bearer || !accessTokens.has(bearer)) {
      return send(response, 401, {
        error: { code: 401, message: "Request had invalid authentication credentials.", status: "UNAUTHENTICATED" },
      });
    }
    if (nextFailure !== undefined) {
      const status = nextFailure;
      nextFailure = undefined;
      return fcmError(response, status, "UNAVAILABLE", "UNAVAILABLE", "The service is currently unavailable.");
    }
    let body: { message?: Record<string, unknown> } | undefined;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const message = body?.message;
    const data = message?.data as Record<string, unknown> | undefined;
    const hasStringData = data === undefined || Object.values(data).every((value) => typeof value === "string");
    if (typeof message?.token !== "string" || !hasStringData) {
      return fcmError(response, 400, "INVALID_ARGUMENT", "INVALID_ARGUMENT", "Invalid JSON payload received.");
    }
    if (malformed.has(message.token)) {
      return fcmError(
        response,
        400,
        "INVALID_ARGUMENT",
        "INVALID_ARGUMENT",
        "The registration token is not a valid FCM registration token",
      );
    }
    if (unregistered.has(message.token)) {
      return fcmError(response, 404, "NOT_FOUND", "UNREGISTERED", "Requested entity was not found.");
    }
    messages.push({
      token: message.token,
      notification: message.notification,
      data: message.data,
      android: message.android,
    });
    send(response, 200, { name: `projects/${projectId}/messages/0:${randomBytes(8).toString("hex")}` });
  }

  const server = createServer((request, response) => {
    void (async () => {
      const path = new URL(request.url ?? "/", "http://double").pathname;
      const text = await readBody(request);
      if (request.method === "POST" && path === "/token") return handleToken(text, response, publicKey);
      if (request.method === "POST" && path === `/v1/projects/${projectId}/messages:send`) {
        return handleSend(request, text, response);
      }
      send(response, 404, { error: { code: 404, message: "Not found", status: "NOT_FOUND" } });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl: origin,
    account: {
      projectId,
      clientEmail,
      privateKey: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
      privateKeyId,
      tokenUri: `${origin}/token`,
    },
    tokenRequests,
    messages,
    unregistered,
    malformed,
    revokeAccessTokens: () => accessTokens.clear(),
    failNext: (status) => {
      nextFailure = status;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
