import { createPrivateKey } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { NATIVE_APP_DEFAULTS } from "@esim/shared/native-app";
import { parseE164 } from "@esim/shared/phone";
import { DEFAULT_SUPPORT_HOURS, parseSupportHours } from "@esim/shared/support/hours";
import * as z from "zod/mini";

/** The repository root: `.data/` and the built web app are found from here. */
export const REPO_ROOT = path.resolve(import.meta.dirname, "../../..");

const booleanText = z.pipe(
  z.enum(["true", "false", "1", "0"]),
  z.transform((value) => value === "true" || value === "1"),
);
const port = z.coerce
  .number({ error: "must be a port number" })
  .check(
    z.int("must be a port number"),
    z.minimum(1, "must be a port number"),
    z.maximum(65535, "must be a port number"),
  );
const url = z.url();

/** A comma-separated setting as a list of trimmed entries, each checked by `pattern`, optionally normalised. */
function listOf(pattern: RegExp, message: string, normalise: (entry: string) => string = (entry) => entry) {
  return z.pipe(
    z.string(),
    z.transform((value, context) => {
      const entries = value
        .split(",")
        .map((entry) => entry.trim())
        .filter(Boolean);
      const bad = entries.find((entry) => !pattern.test(entry));
      if (bad !== undefined) {
        context.issues.push({ code: "custom", message: `${message} (not: ${bad})`, input: value });
        return z.NEVER;
      }
      return entries.map(normalise);
    }),
  );
}

/**
 * A credential given inline or as the path of a file holding it (a mounted secret): a value that `isInline` accepts
 * is the credential itself, any other is read as a path. Answers the text, or pushes an issue.
 */
function inlineOrFile(
  value: string,
  isInline: (text: string) => boolean,
  context: { issues: { push(issue: { code: "custom"; message: string; input: string }): void } },
): string | undefined {
  if (isInline(value)) return value;
  try {
    return readFileSync(value, "utf8");
  } catch {
    context.issues.push({ code: "custom", message: "is neither the credential itself nor a readable file", input: "" });
    return undefined;
  }
}

const googleServiceAccountSchema = z.object({
  project_id: z.string().check(z.minLength(1)),
  client_email: z.email(),
  private_key: z.string().check(z.minLength(1)),
  private_key_id: z.optional(z.string()),
  token_uri: z._default(z.url({ protocol: /^https?$/ }), "https://oauth2.googleapis.com/token"),
});

/** Firebase's service-account JSON (inline or a file), checked down to its RSA key: a bad one stops the start. */
const fcmServiceAccount = z.pipe(
  z.string(),
  z.transform((value, context) => {
    const text = inlineOrFile(value, (candidate) => candidate.trimStart().startsWith("{"), context);
    if (text === undefined) return z.NEVER;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      context.issues.push({ code: "custom", message: "is not JSON", input: "" });
      return z.NEVER;
    }
    const parsed = googleServiceAccountSchema.safeParse(json);
    if (!parsed.success || !isPrivateKeyOfType(parsed.data.private_key, "rsa")) {
      context.issues.push({
        code: "custom",
        message: "must be a service account with project_id, client_email and an RSA private_key",
        input: "",
      });
      return z.NEVER;
    }
    const account = parsed.data;
    return {
      projectId: account.project_id,
      clientEmail: account.client_email,
      privateKey: account.private_key,
      privateKeyId: account.private_key_id,
      tokenUri: account.token_uri,
    };
  }),
);

/** The APNs signing key (the .p8 file Apple gives: a P-256 key in PEM), inline or a file. */
const apnsPrivateKey = z.pipe(
  z.string(),
  z.transform((value, context) => {
    const text = inlineOrFile(value, (candidate) => candidate.includes("-----BEGIN"), context);
    if (text === undefined) return z.NEVER;
    if (!isPrivateKeyOfType(text, "ec")) {
      context.issues.push({
        code: "custom",
        message: "must be the .p8 key (an EC P-256 private key in PEM)",
        input: "",
      });
      return z.NEVER;
    }
    return text;
  }),
);

function isPrivateKeyOfType(pem: string, type: "rsa" | "ec"): boolean {
  try {
    return createPrivateKey(pem).asymmetricKeyType === type;
  } catch {
    return false;
  }
}

/** Apple's 10-character team and key ids. */
const appleId = z.string().check(z.regex(/^[A-Z0-9]{10}$/, "must be 10 upper-case letters or digits"));

/**
 * The upstream webhook's secret path segment as published in this repository: fine on a laptop, refused in
 * production. (The sandbox's published signing key needs no such rule: the sandbox itself is refused there.)
 */
const PUBLISHED_ESIM_WEBHOOK_TOKEN = "local-esim-webhook-token";

/** The key sealing operators' TOTP secrets as published in this repository: fine on a laptop, refused in production. */
const PUBLISHED_OPERATOR_TOTP_KEY = "local-operator-totp-key-not-a-secret";

/** The secrets published in this repository (the sandbox's signing key needs no place: the sandbox is refused). */
const PUBLISHED_SECRETS = new Set([PUBLISHED_ESIM_WEBHOOK_TOKEN, PUBLISHED_OPERATOR_TOTP_KEY]);

/** The WhatsApp number of local runs and tests (a valid Algerian mobile number no one answers); none in production. */
export const SAMPLE_WHATSAPP_NUMBER = "+213555123456";

/** A phone number in E.164, checked against the numbering plans (libphonenumber). */
const e164Number = z.pipe(
  z.string(),
  z.transform((value, context) => {
    const number = parseE164(value.trim());
    if (number === undefined) {
      context.issues.push({
        code: "custom",
        message: "must be a valid phone number in E.164, a plus and digits only, like +213555123456",
        input: value,
      });
      return z.NEVER;
    }
    return number;
  }),
);

/** Support's hours in Algerian time, "HH:MM-HH:MM" every day (decision 081). */
const supportHours = z.pipe(
  z.string(),
  z.transform((value, context) => {
    const hours = parseSupportHours(value);
    if (hours === undefined) {
      context.issues.push({
        code: "custom",
        message: 'must be "HH:MM-HH:MM" in Algerian time, every day, like 09:00-21:00 (22:00-02:00 runs past midnight)',
        input: value,
      });
      return z.NEVER;
    }
    return hours;
  }),
);

/** Chargily's test mode: real-looking checkouts that take no money. */
const CHARGILY_TEST_BASE_URL = "https://pay.chargily.net/test/api/v2";

const configSchema = z.object({
  NODE_ENV: z._default(z.enum(["development", "production", "test"]), "development"),
  /**
   * The listening address. Without it, `localhost` outside production (the dev mailbox and /metrics stay off the local
   * network) and 0.0.0.0 in production (behind its proxy or in a container; deploy/ and the Dockerfile set it anyway).
   */
  HOST: z.optional(z.string().check(z.minLength(1))),
  PORT: z._default(port, 8080),
  /** The address users reach; defaults to http://localhost:$PORT. Kept without a trailing slash (see loadConfig). */
  PUBLIC_URL: z.optional(url),
  /**
   * What this process runs (decision 042): `web` answers HTTP and runs no jobs, `worker` runs the jobs, the sweeps and
   * the catalogue sync without HTTP, `all` both (one machine). Also `--role` on the command line.
   */
  PROCESS_ROLE: z._default(z.enum(["web", "worker", "all"], { error: "must be web, worker or all" }), "all"),
  LOG_LEVEL: z._default(z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]), "info"),
  /**
   * Bearer token for GET /metrics (Prometheus' `authorization` setting). Without it /metrics is open in development
   * and answers 404 in production (decision 043).
   */
  METRICS_TOKEN: z.optional(z.string().check(z.minLength(16, "must be at least 16 characters"))),
  /**
   * A process without the shop's HTTP (a worker) answers /livez, /readyz and /metrics on this port when it is set, so
   * its own counters can be scraped (decision 043). The web port serves them anyway.
   */
  METRICS_PORT: z.optional(port),
  /**
   * Seconds a process keeps its count of orders by status between scrapes: the count scans the orders table (0.4 s at
   * a million orders). 0 reads it at every scrape (tests).
   */
  METRICS_ORDER_COUNTS_SECONDS: z._default(z.coerce.number().check(z.minimum(0)), 60),
  /** External PostgreSQL; without it an embedded server keeps its data under DATA_DIR. */
  DATABASE_URL: z.optional(z.string().check(z.regex(/^postgres(ql)?:\/\//, "must start with postgres://"))),
  DATA_DIR: z._default(z.string(), path.join(REPO_ROOT, ".data")),
  EMBEDDED_PG_PORT: z._default(port, 54320),
  /** smtp://user:pass@host:port or smtps://…; without it mail goes to the dev mailbox. */
  SMTP_URL: z.optional(z.string().check(z.regex(/^smtps?:\/\//, "must start with smtp:// or smtps://"))),
  MAIL_FROM: z._default(z.string(), "eSIM Store <no-reply@esim.localhost>"),
  /** Where the shop's operator is told of what needs a decision (cancellation requests). */
  OPERATOR_EMAIL: z._default(z.email(), "operator@esim.localhost"),
  WEB_DIST_DIR: z._default(z.string(), path.join(REPO_ROOT, "apps/web/dist")),
  /** The operator console's build, served below /admin: its own app, outside the traveller's (decision 072). */
  CONSOLE_DIST_DIR: z._default(z.string(), path.join(REPO_ROOT, "apps/web/dist-console")),
  TRUST_PROXY: z._default(booleanText, false),
  SESSION_TTL_DAYS: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(365)), 30),
  /**
   * Seconds a client has to send a whole request, body included, and its headers alone (decision 055): a trickled
   * body or header is cut with 408 instead of holding a connection for ever.
   */
  REQUEST_TIMEOUT_SECONDS: z._default(z.coerce.number().check(z.positive()), 30),
  HEADERS_TIMEOUT_SECONDS: z._default(z.coerce.number().check(z.positive()), 15),
  /** The OpenAPI pages at /api/docs: on outside production, off in production unless set to true. */
  API_DOCS: z.optional(booleanText),
  /** General limiter: requests per minute per client address, per instance. */
  RATE_LIMIT_PER_MINUTE: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 300),
  /**
   * Code emails (sign-in, PIN reset) the shop sends per minute across every instance; past it CODE_MAIL_BUDGET_EXCEEDED
   * (docs/decisions/056-emailed-codes-a-stranger-cannot-spend.md). 60 is several times a launch-day peak of sign-ups.
   */
  CODE_MAILS_PER_MINUTE: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 60),
  /**
   * The console's sign-in codes per minute, a budget of their own so a flood of customers' codes spares operators; 30,
   * far above a team's needs, so that spending it takes a stranger 30 addresses a minute (decision 056).
   */
  OPERATOR_CODE_MAILS_PER_MINUTE: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 30),
  /** Orders to pay placed per client address per hour, whatever the account (decision 057). */
  UNPAID_ORDERS_PER_ADDRESS_PER_HOUR: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 20),
  /** How long a pay-for-me link can be paid after it is made, in hours (decision 077); fractions allowed for tests. */
  PAY_LINK_LIFETIME_HOURS: z._default(z.coerce.number().check(z.positive(), z.maximum(24 * 30)), 72),
  /** Pay-for-me link pages (tokens) one client address may open per minute: guessing tokens is slow (decision 077). */
  PAY_LINK_LOOKUPS_PER_ADDRESS_PER_MINUTE: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 30),
  /** eSIM upstream: the local simulator (default) or eSIM Access. */
  ESIM_PROVIDER: z._default(z.enum(["simulator", "esim-access"]), "simulator"),
  ESIM_ACCESS_BASE_URL: z._default(url, "https://api.esimaccess.com"),
  ESIM_ACCESS_ACCESS_CODE: z.optional(z.string().check(z.minLength(1))),
  /** With it, requests are HMAC-signed (RT-Signature); without it, RT-AccessCode alone. */
  ESIM_ACCESS_SECRET: z.optional(z.string().check(z.minLength(1))),
  /** The eSIM Access account's request budget, shared by every process through PostgreSQL (decision 052). */
  ESIM_ACCESS_REQUESTS_PER_SECOND: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 8),
  /** The secret path segment of the upstream's webhook URL (eSIM Access webhooks carry no signature). */
  ESIM_WEBHOOK_TOKEN: z._default(
    z.string().check(z.minLength(16, "must be at least 16 characters")),
    PUBLISHED_ESIM_WEBHOOK_TOKEN,
  ),
  /**
   * Seals the operators' TOTP secrets in the database (AES-256-GCM under its SHA-256): a copy of the database alone
   * does not give the console's second factor. Changing it makes every operator enrol again.
   */
  OPERATOR_TOTP_KEY: z._default(
    z.string().check(z.minLength(32, "must be at least 32 characters")),
    PUBLISHED_OPERATOR_TOTP_KEY,
  ),
  /** Seconds the simulator takes to allocate a profile after an order. */
  SIMULATOR_ALLOCATION_SECONDS: z._default(z.coerce.number().check(z.minimum(0)), 3),
  /** Simulator faults, e.g. "error=0.2,timeout=0.1,slow=20" (probabilities; slow = extra allocation seconds). */
  SIMULATOR_FAULTS: z._default(z.string(), ""),
  /** Seconds from allocation to the simulated traveller installing the profile (New → Onboard). */
  SIMULATOR_INSTALL_AFTER_SECONDS: z._default(z.coerce.number().check(z.minimum(0)), 600),
  /** Seconds from installation to the first data used (Onboard → In Use). */
  SIMULATOR_FIRST_USE_AFTER_SECONDS: z._default(z.coerce.number().check(z.minimum(0)), 600),
  /** Multiplies every simulated profile's data use (validity still counts in real days): demos see data go down. */
  SIMULATOR_USAGE_SPEED: z._default(z.coerce.number().check(z.minimum(0)), 1),
  /** Seconds between the simulator's webhook rounds to our own webhook route; 0 sends none. */
  SIMULATOR_NOTIFY_SECONDS: z._default(z.coerce.number().check(z.minimum(0)), 10),
  /** The simulator's prepaid account before any order, in USD; its orders and top-ups draw on it as eSIM Access's do. */
  SIMULATOR_BALANCE_USD: z._default(z.coerce.number().check(z.minimum(0)), 1000),
  /**
   * The operator's dashboard warns when our prepaid balance upstream is under this (USD): every order draws on it, and
   * when it runs out the upstream refuses to sell, so paid orders wait undelivered.
   */
  UPSTREAM_LOW_BALANCE_USD: z._default(z.coerce.number().check(z.minimum(0)), 100),

  /**
   * The gateway's smallest charge in whole dinars. Chargily v1 required 75 DA; v2's minimum is not published:
   * 50 keeps the 64 DA plans sellable until Chargily confirms it (decision 027). A cart whose charge is
   * above 0 and under it is refused before any order exists; a charge of 0 needs no gateway.
   */
  PAYMENT_MINIMUM_DZD: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 50),
  /**
   * Who pays the gateway's fee (Chargily `chargily_pay_fees_allocation`, always sent): the merchant (default: the
   * amount on screen is the amount charged), the customer (the fee is added to the charge and shown before payment) or
   * split (half of it added). Decision 054.
   */
  PAYMENT_FEES_PAID_BY: z._default(z.enum(["merchant", "customer", "split"]), "merchant"),
  /**
   * The gateway's fee in percent of the charge, as the shop expects it when the customer pays all or half of it.
   * Chargily's API documentation publishes no rate; its webhook example shows 1 250 DA of fees on 50 000 DA (2.5 %).
   * Set it from the merchant contract: a payment whose reported fee differs is held for the operator.
   */
  PAYMENT_FEE_PERCENT: z._default(z.coerce.number().check(z.minimum(0), z.maximum(20)), 2.5),
  /**
   * The least a paid order may still earn, in whole dinars, when the upstream's price rose between sale and purchase
   * (200005/200006): what the customer paid net of the merchant's gateway fee, minus the new cost at today's rate.
   * 0 (default) buys at no loss; a negative value accepts that much loss per order; below it the sale is refunded
   * automatically (decision 083).
   */
  UPSTREAM_REPRICE_MIN_MARGIN_DZD: z._default(z.coerce.number().check(z.int()), 0),
  /** A paid order not delivered this long after payment is flagged, logged as an error and emailed to the operator. */
  DELIVERY_OVERDUE_MINUTES: z._default(z.coerce.number().check(z.minimum(1)), 10),
  /**
   * Jobs one process runs at once. A provisioning run keeps its slot while the upstream allocates (well under a second
   * with the simulator, seconds with eSIM Access), so 50 webhooks a second need about 50 (bench/README.md).
   */
  WORKER_CONCURRENCY: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(200)), 50),
  /**
   * A worker process that has not said it is alive for this long is dead: the jobs it held are taken over at once
   * (graphile-worker alone would wait four hours). It says so every fifth of this.
   */
  WORKER_DEAD_AFTER_SECONDS: z._default(z.coerce.number().check(z.minimum(1)), 30),
  /** Payment gateway: the local sandbox (default; its hosted page is served here) or Chargily Pay v2. */
  PAYMENT_PROVIDER: z._default(z.enum(["sandbox", "chargily"]), "sandbox"),
  CHARGILY_BASE_URL: z._default(url, CHARGILY_TEST_BASE_URL),
  CHARGILY_SECRET_KEY: z.optional(z.string().check(z.minLength(1))),
  /** The sandbox signs its webhooks with this key exactly as Chargily signs with the secret key. */
  SANDBOX_PAYMENT_SECRET: z._default(
    z.string().check(z.minLength(16, "must be at least 16 characters")),
    "local-sandbox-secret-key",
  ),
  /** Whether the sandbox offers Visa/MasterCard (Chargily does not yet). */
  SANDBOX_OFFERS_CARD: z._default(booleanText, false),

  /** The seller printed on invoices. */
  SELLER_NAME: z._default(z.string().check(z.minLength(1)), "eSIM Store SARL"),
  SELLER_ADDRESS: z._default(z.string().check(z.minLength(1)), "Alger, Algérie"),
  /** The seller's tax identifier (NIF), printed on invoices. */
  SELLER_TAX_ID: z._default(z.string(), ""),
  /**
   * The rest of the seller's legal identity, used until `seller:set` stores one in the database: NIS, registre du
   * commerce, article d'imposition, and the TVA (a rate in percent, or an exemption's legal mention, which wins).
   */
  SELLER_NIS: z._default(z.string(), ""),
  SELLER_RC: z._default(z.string(), ""),
  SELLER_ARTICLE: z._default(z.string(), ""),
  SELLER_TVA_RATE_PERCENT: z._default(z.coerce.number().check(z.minimum(0), z.maximum(100)), 19),
  SELLER_TVA_EXEMPTION: z._default(z.string(), ""),

  /** Live chat (Chatwoot): both or neither; without them the chat button leads to the support page's contacts. */
  CHATWOOT_BASE_URL: z.optional(z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })),
  /** The inbox's website token: public by design (it is in every page embedding the widget). */
  CHATWOOT_WEBSITE_TOKEN: z.optional(z.string().check(z.minLength(1))),
  /** The support address shown on /support. */
  SUPPORT_EMAIL: z._default(z.email(), "support@esim-store.dz"),
  /**
   * The WhatsApp number travellers write to (E.164). Without it, production shows no WhatsApp button; other runs use
   * SAMPLE_WHATSAPP_NUMBER.
   */
  WHATSAPP_NUMBER: z.optional(e164Number),
  /** When a person answers the chat and WhatsApp, in Algerian time, every day: "HH:MM-HH:MM" (decision 081). */
  SUPPORT_HOURS: z._default(supportHours, DEFAULT_SUPPORT_HOURS),

  /** The native apps' id (Android applicationId, iOS bundle id): named by the .well-known files and APNs' topic. */
  NATIVE_APP_ID: z._default(
    z
      .string()
      .check(z.regex(/^[A-Za-z][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)+$/, "must be a reverse-DNS id like dz.esimstore.app")),
    NATIVE_APP_DEFAULTS.appId,
  ),
  /** SHA-256 fingerprints of the Android app's signing certificates (AA:BB:…, comma-separated) for assetlinks.json. */
  ANDROID_CERT_SHA256: z.optional(
    listOf(/^([0-9A-Fa-f]{2}:){31}[0-9A-Fa-f]{2}$/, "must be SHA-256 fingerprints like AA:BB:…", (entry) =>
      entry.toUpperCase(),
    ),
  ),
  /** The Apple developer team id, for apple-app-site-association (and APNs when APNS_TEAM_ID is unset). */
  APPLE_TEAM_ID: z.optional(appleId),
  /** Origins of the native apps' web views, allowed to call the API cross-origin (iOS, then Android). */
  NATIVE_APP_ORIGINS: z._default(
    listOf(/^[a-z][a-z0-9+.-]*:\/\/[^/?#\s]+$/i, "must be origins like capacitor://localhost"),
    ["capacitor://localhost", "https://localhost"],
  ),
  /** Firebase service account (its JSON, or the path of the file) for Android pushes; without it they are recorded. */
  FCM_SERVICE_ACCOUNT_JSON: z.optional(fcmServiceAccount),
  /** APNs signing key: the .p8 PEM text or the path of the file; without it iOS pushes are recorded. */
  APNS_PRIVATE_KEY: z.optional(apnsPrivateKey),
  APNS_KEY_ID: z.optional(appleId),
  /** Defaults to APPLE_TEAM_ID. */
  APNS_TEAM_ID: z.optional(appleId),
  /** APNs server: tokens of development builds work on sandbox only, of TestFlight and App Store builds on production. */
  APNS_ENVIRONMENT: z.optional(z.enum(["sandbox", "production"])),
});

export type Config = Omit<z.output<typeof configSchema>, "PUBLIC_URL" | "HOST" | "API_DOCS"> & {
  /** Always set, without a trailing slash: links are `${PUBLIC_URL}/path`. */
  PUBLIC_URL: string;
  HOST: string;
  API_DOCS: boolean;
};

export class ConfigError extends Error {}

/** Settings whose value a configuration error never repeats (a key or a password would end up in the log). */
const SECRET_SETTINGS = new Set([
  "FCM_SERVICE_ACCOUNT_JSON",
  "APNS_PRIVATE_KEY",
  "OPERATOR_TOTP_KEY",
  "METRICS_TOKEN",
  "ESIM_WEBHOOK_TOKEN",
  "ESIM_ACCESS_SECRET",
  "CHARGILY_SECRET_KEY",
  "SANDBOX_PAYMENT_SECRET",
  "DATABASE_URL",
  "SMTP_URL",
]);

/**
 * The least a production secret must carry, as estimated by estimatedBits (decision 055): 64 bits in all, and 3 a
 * character (about 8 characters used evenly), so a long repeated pattern ("abcd" × 8) is no secret either.
 */
const MIN_SECRET_BITS = 64;
const MIN_SECRET_BITS_PER_CHARACTER = 3;

/**
 * A rough estimate of a secret's strength: its length times the Shannon entropy of its own characters. "aaaa…" has
 * none, "abab…" one bit a character; `openssl rand -hex 24` about 190. A floor against typed or repeated values, not
 * a measure of randomness.
 */
export function estimatedBits(secret: string): number {
  const counts = new Map<string, number>();
  for (const char of secret) counts.set(char, (counts.get(char) ?? 0) + 1);
  const length = [...secret].length;
  let bitsPerChar = 0;
  for (const count of counts.values()) bitsPerChar -= (count / length) * Math.log2(count / length);
  return length * bitsPerChar;
}

/** Why a production secret is too weak, naming the setting and what it needs, never its value; or undefined. */
function weakSecretProblem(
  name: string,
  secret: string,
  { minLength, howTo = "generate it with `openssl rand -hex 32`" }: { minLength: number; howTo?: string },
): string | undefined {
  if (PUBLISHED_SECRETS.has(secret)) {
    return `${name}: the published default is refused when NODE_ENV=production; ${howTo}`;
  }
  // The placeholders of deploy/esim.env.example look random enough to an estimate: named here.
  const isPlaceholder = /change-?me/i.test(secret);
  const bits = estimatedBits(secret);
  const isVaried = bits / Math.max(1, secret.length) >= MIN_SECRET_BITS_PER_CHARACTER;
  if (secret.length >= minLength && !isPlaceholder && isVaried && bits >= MIN_SECRET_BITS) return undefined;
  return `${name}: too weak for NODE_ENV=production; it needs at least ${minLength} characters and about ${MIN_SECRET_BITS} bits of randomness (many different characters, no pattern, no placeholder): ${howTo}`;
}

/** Chargily's live secret keys: `live_sk_` and a random tail (test keys are `test_sk_…`). */
const CHARGILY_LIVE_KEY = /^live_sk_(\S+)$/;

/** The weak secrets among the production settings, each named once. */
function findWeakSecrets(config: Config): string[] {
  const problems = [
    weakSecretProblem("ESIM_WEBHOOK_TOKEN", config.ESIM_WEBHOOK_TOKEN, { minLength: 16 }),
    weakSecretProblem("OPERATOR_TOTP_KEY", config.OPERATOR_TOTP_KEY, { minLength: 32 }),
    config.METRICS_TOKEN === undefined
      ? undefined
      : weakSecretProblem("METRICS_TOKEN", config.METRICS_TOKEN, { minLength: 16 }),
    config.ESIM_ACCESS_SECRET === undefined
      ? undefined
      : weakSecretProblem("ESIM_ACCESS_SECRET", config.ESIM_ACCESS_SECRET, {
          minLength: 16,
          howTo: "copy it from the eSIM Access console",
        }),
  ];
  if (config.PAYMENT_PROVIDER === "chargily" && config.CHARGILY_SECRET_KEY !== undefined) {
    const tail = CHARGILY_LIVE_KEY.exec(config.CHARGILY_SECRET_KEY)?.[1];
    problems.push(
      tail === undefined
        ? "CHARGILY_SECRET_KEY: must be the application's live secret key (live_sk_…) when NODE_ENV=production"
        : weakSecretProblem("CHARGILY_SECRET_KEY", tail, {
            minLength: 16,
            howTo: "copy the whole live key from the Chargily dashboard",
          }),
    );
  }
  return problems.filter((problem) => problem !== undefined);
}

/**
 * What production must not run with: a secret everyone can read in this repository or too weak to keep one, an
 * address that is not public https (the gateway returns payers and sends webhooks there), or a local twin that takes
 * no money or gives no eSIM.
 */
function findProductionProblems(config: Config): string[] {
  const problems = findWeakSecrets(config);
  const publicUrl = new URL(config.PUBLIC_URL);
  if (publicUrl.protocol !== "https:") {
    problems.push(`PUBLIC_URL="${config.PUBLIC_URL}": must be https when NODE_ENV=production`);
  }
  if (["localhost", "127.0.0.1", "[::1]", "0.0.0.0"].includes(publicUrl.hostname)) {
    problems.push(
      `PUBLIC_URL="${config.PUBLIC_URL}": must be the public address, not localhost, when NODE_ENV=production`,
    );
  }
  // The sandbox gateway "pays" at a click: in production it would hand out eSIMs for free.
  if (config.PAYMENT_PROVIDER === "sandbox") {
    problems.push("PAYMENT_PROVIDER: the sandbox gateway is refused when NODE_ENV=production");
  } else if (config.CHARGILY_BASE_URL.replace(/\/+$/, "") === CHARGILY_TEST_BASE_URL) {
    problems.push(
      "CHARGILY_BASE_URL: Chargily's test mode takes no money; set https://pay.chargily.net/api/v2 when NODE_ENV=production",
    );
  }
  if (config.ESIM_PROVIDER === "simulator") {
    problems.push(
      "ESIM_PROVIDER: the simulator's eSIMs do not work on a phone; it is refused when NODE_ENV=production",
    );
  }
  return problems;
}

/** Reads and validates the environment once; a bad value stops the start with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  const result = configSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      const shown = SECRET_SETTINGS.has(name) ? "(value not shown)" : JSON.stringify(env[name]);
      return `  ${name}=${shown}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const isProduction = (overrides.NODE_ENV ?? result.data.NODE_ENV) === "production";
  const config: Config = {
    ...result.data,
    PUBLIC_URL: result.data.PUBLIC_URL ?? `http://localhost:${result.data.PORT}`,
    HOST: result.data.HOST ?? (isProduction ? "0.0.0.0" : "localhost"),
    API_DOCS: result.data.API_DOCS ?? !isProduction,
    WHATSAPP_NUMBER: result.data.WHATSAPP_NUMBER ?? (isProduction ? undefined : SAMPLE_WHATSAPP_NUMBER),
    ...overrides,
  };
  config.PUBLIC_URL = config.PUBLIC_URL.replace(/\/+$/, "");
  const problems: string[] = [];
  if (config.NODE_ENV === "production") problems.push(...findProductionProblems(config));
  // The dev mailbox shows every sign-in code to whoever opens it: production must send real mail.
  if (config.NODE_ENV === "production" && !config.SMTP_URL)
    problems.push("SMTP_URL: is required when NODE_ENV=production");
  // The embedded server belongs to one process: split roles share an external database.
  if (config.PROCESS_ROLE !== "all" && !config.DATABASE_URL) {
    problems.push(
      `DATABASE_URL: is required when PROCESS_ROLE=${config.PROCESS_ROLE} (the instances share one database)`,
    );
  }
  if (config.ESIM_PROVIDER === "esim-access" && !config.ESIM_ACCESS_ACCESS_CODE) {
    problems.push("ESIM_ACCESS_ACCESS_CODE: is required when ESIM_PROVIDER=esim-access");
  }
  if (config.PAYMENT_PROVIDER === "chargily" && !config.CHARGILY_SECRET_KEY) {
    problems.push("CHARGILY_SECRET_KEY: is required when PAYMENT_PROVIDER=chargily");
  }
  if (config.HEADERS_TIMEOUT_SECONDS > config.REQUEST_TIMEOUT_SECONDS) {
    problems.push(
      "HEADERS_TIMEOUT_SECONDS: must not be above REQUEST_TIMEOUT_SECONDS (the headers are part of the request)",
    );
  }
  if (config.CHATWOOT_BASE_URL && !config.CHATWOOT_WEBSITE_TOKEN) {
    problems.push("CHATWOOT_WEBSITE_TOKEN: is required when CHATWOOT_BASE_URL is set");
  }
  if (config.CHATWOOT_WEBSITE_TOKEN && !config.CHATWOOT_BASE_URL) {
    problems.push("CHATWOOT_BASE_URL: is required when CHATWOOT_WEBSITE_TOKEN is set");
  }
  if (config.APNS_PRIVATE_KEY && !config.APNS_KEY_ID) {
    problems.push("APNS_KEY_ID: is required when APNS_PRIVATE_KEY is set");
  }
  if (config.APNS_PRIVATE_KEY && !config.APNS_TEAM_ID && !config.APPLE_TEAM_ID) {
    problems.push("APNS_TEAM_ID: is required (or APPLE_TEAM_ID) when APNS_PRIVATE_KEY is set");
  }
  if (problems.length > 0)
    throw new ConfigError(`Invalid configuration:\n${problems.map((line) => `  ${line}`).join("\n")}`);
  return config;
}
