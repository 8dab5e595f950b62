import type { Writable } from "node:stream";
import type { FastifyRequest, FastifyServerOptions } from "fastify";

/** pino's options as Fastify takes them. */
type LoggerOptions = Exclude<FastifyServerOptions["logger"], boolean | undefined>;

// The one redaction rule for every log line (decision 059): the app's logger (web role), the worker's (server.ts) and
// the console CLI's error output all go through it. Two layers, because neither alone is enough:
// - by key: a field that holds a secret or a message's content (an email's text, a job's payload, a failed query's
//   parameters) is replaced whatever its value, at any depth, in errors too;
// - by shape: whatever survives as text (a message, an error's message, stack or cause, a URL) is scrubbed of what
//   looks like an activation code, a bearer token, a QR image, an email address or the eSIM webhook's secret path.

const REDACTED = "[redacted]";

/** Keys whose value never reaches a log line (compared without case). */
const SECRET_KEYS = new Set(
  [
    // Emails: recipient and content (the install email holds the activation code and its QR code).
    "to",
    "email",
    "subject",
    "text",
    "html",
    "attachments",
    "content",
    "contentBase64",
    // eSIM install secrets (eSIM Access names the activation code `ac`).
    "ac",
    "activationCode",
    "matchingId",
    "qrCodeUrl",
    // Drizzle's failed query carries every parameter (an outbox insert: the whole email).
    "params",
    // Request and job bodies, upstream answers.
    "body",
    "payload",
    "response",
    "rejected",
    "rejectedErrors",
    // Credentials.
    "authorization",
    "cookie",
    "password",
    "pin",
    "token",
    "pushToken",
    "secret",
    // A refund's transfer details (decision 062): the customer's RIB/RIP and its holder.
    "account",
    "accountNumber",
    "holderName",
  ].map((key) => key.toLowerCase()),
);

/** Text patterns scrubbed from the finished line, in order. */
const SECRET_PATTERNS: [RegExp, string][] = [
  // A failed Drizzle query's message ends with its parameters: everything after "params:" up to the string's end.
  [/params: (?:[^"\\]|\\.)*/g, `params: ${REDACTED}`],
  // LPA:1$<SM-DP+ address>$<matching id>, also inside a JSON excerpt of an upstream's answer.
  [/LPA:1\$(?:[^\s"'\\<>]|\\\$)*/gi, `LPA:1$${REDACTED}`],
  // eSIM Access's JSON fields for the install secrets, quoted inside a message (escaped quotes in a log line).
  [/(\\?"(?:ac|activationCode|matchingId|qrCodeUrl)\\?"\s*:\s*\\?")(?:[^"\\]|\\[^"])*/g, `$1${REDACTED}`],
  // QR codes and other inline images.
  [/data:image\/[a-z+.-]+;base64,[A-Za-z0-9+/=]+/gi, `data:image/${REDACTED}`],
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/g, `$1 ${REDACTED}`],
  // The eSIM webhook's secret is its address's last segment (eSIM Access signs nothing): /webhooks/esim/<provider>/<token>.
  [/(\/webhooks\/esim\/[^/\s"?#\\]+\/)[^/\s"?#\\]+/g, `$1${REDACTED}`],
  // Query parameters that carry a secret.
  [/([?&](?:token|code|secret|key|signature)=)[^&\s"#\\]+/gi, `$1${REDACTED}`],
  [/[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g, "[email]"],
];

/** A text with every secret-looking part replaced. */
export function scrubText(text: string): string {
  let scrubbed = text;
  for (const [pattern, replacement] of SECRET_PATTERNS) scrubbed = scrubbed.replace(pattern, replacement);
  return scrubbed;
}

function isPlainObject(value: object): boolean {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** Deep enough for any log object of ours; a deeper value is left out rather than walked without end. */
const MAX_DEPTH = 8;

/**
 * A copy of a log value with secret keys replaced and errors serialized (message and stack with their causes, then
 * scrubbed like the rest of the line). Objects that are not plain (a request, a reply) are left to their serializer.
 */
function redactValue(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== "object") return value;
  if (depth > MAX_DEPTH) return REDACTED;
  if (value instanceof Error) return redactError(value, depth);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  if (!isPlainObject(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    copy[key] = SECRET_KEYS.has(key.toLowerCase()) ? REDACTED : redactValue(item, depth + 1);
  }
  return copy;
}

/** The causes of an error, itself first (a cycle stops the walk). */
function causeChain(error: Error): Error[] {
  const chain: Error[] = [];
  for (let current: unknown = error; current instanceof Error && !chain.includes(current); current = current.cause) {
    chain.push(current);
  }
  return chain;
}

/**
 * An error as a log field, as pino's own serializer writes it (type, message and stack joined with their causes', its
 * enumerable fields), with those fields through the key rule: a Drizzle error's `params`, nodemailer's `response`.
 */
function redactError(error: Error, depth: number): Record<string, unknown> {
  const chain = causeChain(error);
  const copy: Record<string, unknown> = {
    type: error.name,
    message: chain.map((item) => item.message).join(": "),
    stack: chain.map((item) => item.stack ?? item.message).join("\ncaused by: "),
  };
  for (const [key, item] of Object.entries(error)) {
    if (key === "cause" || key in copy) continue;
    copy[key] = SECRET_KEYS.has(key.toLowerCase()) ? REDACTED : redactValue(item, depth + 1);
  }
  return copy;
}

/** The request as an access-log line names it: Fastify's default fields, its URL scrubbed (the webhook's token). */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: scrubText(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket ? request.socket.remotePort : undefined,
  };
}

/** pino options for every logger of the product: the level, where lines go, and the redaction rule. */
export function redactedLoggerOptions(options: { level: string; stream?: Writable }): LoggerOptions {
  return {
    level: options.level,
    ...(options.stream ? { stream: options.stream } : {}),
    serializers: {
      req: serializeRequest as never,
      // Mostly done already by the formatter below (it runs first); an error it could not see still goes through here.
      err: ((error: unknown) => (error instanceof Error ? redactError(error, 0) : error)) as never,
    },
    formatters: { log: (object: Record<string, unknown>) => redactValue(object, 0) as Record<string, unknown> },
    // Last, on the finished line: the message, serialized errors and URLs are text the key rule cannot see into.
    hooks: { streamWrite: scrubText },
  };
}

/** An error as the console CLI prints it: its message and causes, scrubbed like a log line. */
export function describeErrorForLog(error: unknown): string {
  if (!(error instanceof Error)) return scrubText(String(error));
  const serialized = redactError(error, 0);
  return scrubText(String(serialized.stack ?? serialized.message));
}
