import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";

/** eSIM Access HMAC: lowercase hex HMAC-SHA256 of `timestamp + requestId + accessCode + body`, keyed with the secret. */
export function computeEsimAccessSignature(input: {
  timestamp: string;
  requestId: string;
  accessCode: string;
  body: string;
  secret: string;
}): string {
  return createHmac("sha256", input.secret)
    .update(`${input.timestamp}${input.requestId}${input.accessCode}${input.body}`)
    .digest("hex");
}

/**
 * The authentication headers of one request: the access code alone, or with a secret the signed mode
 * (a fresh UUID v4 and millisecond timestamp per request, so a captured request cannot be replayed later).
 */
export function buildEsimAccessHeaders(input: {
  accessCode: string;
  secret: string | undefined;
  body: string;
  nowMs: number;
  requestId?: string;
}): Record<string, string> {
  if (!input.secret) return { "RT-AccessCode": input.accessCode };
  const timestamp = String(input.nowMs);
  const requestId = input.requestId ?? randomUUID();
  return {
    "RT-AccessCode": input.accessCode,
    "RT-RequestID": requestId,
    "RT-Timestamp": timestamp,
    "RT-Signature": computeEsimAccessSignature({
      timestamp,
      requestId,
      accessCode: input.accessCode,
      body: input.body,
      secret: input.secret,
    }),
  };
}

/** Constant-time comparison of two hex signatures (used by the local double, as the real server would). */
export function isSameSignature(expected: string, received: string): boolean {
  const expectedBytes = Buffer.from(expected, "utf8");
  const receivedBytes = Buffer.from(received.toLowerCase(), "utf8");
  return expectedBytes.length === receivedBytes.length && timingSafeEqual(expectedBytes, receivedBytes);
}
