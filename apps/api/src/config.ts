import path from "node:path";
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

const configSchema = z.object({
  NODE_ENV: z._default(z.enum(["development", "production", "test"]), "development"),
  HOST: z._default(z.string().check(z.minLength(1)), "0.0.0.0"),
  PORT: z._default(port, 8080),
  PUBLIC_URL: z._default(url, "http://localhost:8080"),
  LOG_LEVEL: z._default(z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]), "info"),
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
  TRUST_PROXY: z._default(booleanText, false),
  SESSION_TTL_DAYS: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(365)), 30),
  /** General limiter: requests per minute per client address, per instance. */
  RATE_LIMIT_PER_MINUTE: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 300),
  /** eSIM upstream: the local simulator (default) or eSIM Access. */
  ESIM_PROVIDER: z._default(z.enum(["simulator", "esim-access"]), "simulator"),
  ESIM_ACCESS_BASE_URL: z._default(url, "https://api.esimaccess.com"),
  ESIM_ACCESS_ACCESS_CODE: z.optional(z.string().check(z.minLength(1))),
  /** With it, requests are HMAC-signed (RT-Signature); without it, RT-AccessCode alone. */
  ESIM_ACCESS_SECRET: z.optional(z.string().check(z.minLength(1))),
  /** The secret path segment of the upstream's webhook URL (eSIM Access webhooks carry no signature). */
  ESIM_WEBHOOK_TOKEN: z._default(
    z.string().check(z.minLength(16, "must be at least 16 characters")),
    "local-esim-webhook-token",
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

  /** Payment gateway: the local sandbox (default; its hosted page is served here) or Chargily Pay v2. */
  PAYMENT_PROVIDER: z._default(z.enum(["sandbox", "chargily"]), "sandbox"),
  CHARGILY_BASE_URL: z._default(url, "https://pay.chargily.net/test/api/v2"),
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

  /** Live chat (Chatwoot): both or neither; without them the chat button leads to the support page's contacts. */
  CHATWOOT_BASE_URL: z.optional(z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })),
  /** The inbox's website token: public by design (it is in every page embedding the widget). */
  CHATWOOT_WEBSITE_TOKEN: z.optional(z.string().check(z.minLength(1))),
  /** The support address shown on /support. */
  SUPPORT_EMAIL: z._default(z.email(), "support@esim-store.dz"),
});

export type Config = z.output<typeof configSchema>;

export class ConfigError extends Error {}

/** Reads and validates the environment once; a bad value stops the start with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  const result = configSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      return `  ${name}=${JSON.stringify(env[name])}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const config = { ...result.data, ...overrides };
  const problems: string[] = [];
  // The dev mailbox shows every sign-in code to whoever opens it: production must send real mail.
  if (config.NODE_ENV === "production" && !config.SMTP_URL)
    problems.push("SMTP_URL: is required when NODE_ENV=production");
  // The sandbox gateway "pays" at a click: in production it would hand out eSIMs for free.
  if (config.NODE_ENV === "production" && config.PAYMENT_PROVIDER === "sandbox") {
    problems.push("PAYMENT_PROVIDER: the sandbox gateway is refused when NODE_ENV=production");
  }
  if (config.ESIM_PROVIDER === "esim-access" && !config.ESIM_ACCESS_ACCESS_CODE) {
    problems.push("ESIM_ACCESS_ACCESS_CODE: is required when ESIM_PROVIDER=esim-access");
  }
  if (config.PAYMENT_PROVIDER === "chargily" && !config.CHARGILY_SECRET_KEY) {
    problems.push("CHARGILY_SECRET_KEY: is required when PAYMENT_PROVIDER=chargily");
  }
  if (config.CHATWOOT_BASE_URL && !config.CHATWOOT_WEBSITE_TOKEN) {
    problems.push("CHATWOOT_WEBSITE_TOKEN: is required when CHATWOOT_BASE_URL is set");
  }
  if (config.CHATWOOT_WEBSITE_TOKEN && !config.CHATWOOT_BASE_URL) {
    problems.push("CHATWOOT_BASE_URL: is required when CHATWOOT_WEBSITE_TOKEN is set");
  }
  if (problems.length > 0)
    throw new ConfigError(`Invalid configuration:\n${problems.map((line) => `  ${line}`).join("\n")}`);
  return config;
}
