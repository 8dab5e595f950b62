import { hasHiddenCharacters } from "@esim/shared/display-text";
import { desc } from "drizzle-orm";
import type { Config } from "../../config.ts";
import type { DbOrTx } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { type AuditActor, recordAudit } from "../operators/index.ts";
import { type SellerIdentitySnapshot, sellerIdentities } from "./invoices.schema.ts";

export type SellerIdentity = SellerIdentitySnapshot;

export type SellerConfig = Pick<
  Config,
  | "SELLER_NAME"
  | "SELLER_ADDRESS"
  | "SELLER_TAX_ID"
  | "SELLER_NIS"
  | "SELLER_RC"
  | "SELLER_ARTICLE"
  | "SELLER_TVA_RATE_PERCENT"
  | "SELLER_TVA_EXEMPTION"
>;

/** The identity the configuration describes: what invoices carry until `seller:set` stores one. */
export function sellerIdentityFromConfig(config: SellerConfig): SellerIdentity {
  const exemption = config.SELLER_TVA_EXEMPTION.trim();
  return {
    name: config.SELLER_NAME,
    address: config.SELLER_ADDRESS,
    nif: config.SELLER_TAX_ID,
    nis: config.SELLER_NIS,
    rc: config.SELLER_RC,
    article: config.SELLER_ARTICLE,
    tvaRateBps: exemption ? 0 : Math.round(config.SELLER_TVA_RATE_PERCENT * 100),
    tvaExemption: exemption || null,
  };
}

/** The latest identity stored; null until one is. */
async function readStoredSellerIdentity(db: DbOrTx): Promise<SellerIdentity | null> {
  const [latest] = await db
    .select({ identity: sellerIdentities.identity })
    .from(sellerIdentities)
    .orderBy(desc(sellerIdentities.id))
    .limit(1);
  return latest?.identity ?? null;
}

/** The current identity: the latest one stored, else the configuration's. */
export async function readSellerIdentity(db: DbOrTx, config: SellerConfig): Promise<SellerIdentity> {
  return (await readStoredSellerIdentity(db)) ?? sellerIdentityFromConfig(config);
}

/** The current identity, and whether it is still the configuration's (nothing saved yet). */
export async function readSellerIdentityForConsole(
  db: DbOrTx,
  config: SellerConfig,
): Promise<{ identity: SellerIdentity; isFromConfiguration: boolean }> {
  const stored = await readStoredSellerIdentity(db);
  return { identity: stored ?? sellerIdentityFromConfig(config), isFromConfiguration: stored === null };
}

// Formats as loose as real Algerian documents need (decision 033): the NIF is 15 digits (20 on some entities' newer
// certificates), the NIS 15 digits, both printed with spaces at times; an RC reads like "16/00-1234567 B 18" (wilaya/00-number, B for a company or A for a person, year), but
// older and foreign-branch forms vary, so only its alphabet and length are checked; the article d'imposition is 11
// digits on today's notices and shorter on old ones.
const RC_PATTERN = /^(?=.*\d)[0-9A-Za-z /.-]{6,30}$/;
const ARTICLE_PATTERN = /^\d{8,14}$/;

function digitsOnly(text: string): string {
  return text.replace(/[\s.-]/g, "");
}

/** One wrong field of an identity, in words for the command line. */
export interface SellerIdentityProblem {
  field: keyof SellerIdentity;
  text: string;
}

/** The identity cleaned (trimmed, digits without spaces), or every problem with it in words for the operator. */
export function validateSellerIdentity(
  input: SellerIdentity,
): { identity: SellerIdentity; problems: [] } | { identity: null; problems: SellerIdentityProblem[] } {
  const identity: SellerIdentity = {
    name: input.name.trim().normalize("NFC"),
    address: input.address.trim().normalize("NFC"),
    nif: digitsOnly(input.nif),
    nis: digitsOnly(input.nis),
    rc: input.rc.trim().replace(/\s+/g, " "),
    article: digitsOnly(input.article),
    tvaRateBps: input.tvaRateBps,
    tvaExemption: input.tvaExemption?.trim().normalize("NFC") || null,
  };
  const problems: SellerIdentityProblem[] = [];
  const problem = (field: keyof SellerIdentity, text: string) => problems.push({ field, text });
  if (identity.name.length < 2 || identity.name.length > 120) problem("name", "the name must have 2 to 120 characters");
  // The console's contract refuses these already (displayText); the command line comes here directly. Decision 060.
  for (const field of ["name", "address", "tvaExemption"] as const) {
    const text = identity[field];
    if (text !== null && hasHiddenCharacters(text)) {
      problem(field, `the ${field === "tvaExemption" ? "exemption" : field} holds invisible or control characters`);
    }
  }
  if (identity.address.length < 5 || identity.address.length > 200) {
    problem("address", "the address must have 5 to 200 characters");
  }
  if (!/^(\d{15}|\d{20})$/.test(identity.nif)) problem("nif", `the NIF "${input.nif}" must be 15 or 20 digits`);
  if (!/^\d{15}$/.test(identity.nis)) problem("nis", `the NIS "${input.nis}" must be 15 digits`);
  if (!RC_PATTERN.test(identity.rc)) problem("rc", `the RC "${input.rc}" does not read like 16/00-1234567 B 18`);
  if (!ARTICLE_PATTERN.test(identity.article)) {
    problem("article", `the article d'imposition "${input.article}" must be 8 to 14 digits`);
  }
  if (identity.tvaExemption !== null) {
    if (identity.tvaRateBps !== 0)
      problem("tvaRateBps", "an exempt seller charges no TVA: give a rate or an exemption");
    if (identity.tvaExemption.length < 10)
      problem("tvaExemption", "the exemption needs its legal mention (the text to print)");
  } else if (!Number.isInteger(identity.tvaRateBps) || identity.tvaRateBps <= 0 || identity.tvaRateBps > 10_000) {
    problem("tvaRateBps", "the TVA rate must be above 0 and at most 100 %, with at most 2 decimals");
  }
  return problems.length > 0 ? { identity: null, problems } : { identity, problems: [] };
}

/**
 * Stores a new identity (a new history row; the old ones stay) after checking it, with its audit entry in the same
 * transaction; invoices issued from now on carry it, those issued before keep theirs. Throws VALIDATION_FAILED naming
 * every problem, each wrong field in `fields`.
 */
export async function setSellerIdentity(
  deps: Pick<AppDeps, "db" | "now">,
  options: {
    identity: SellerIdentity;
    /** Kept on the identity's row too: the operator's id, or `operator:cli`. */
    actor: AuditActor;
  },
): Promise<SellerIdentity> {
  const checked = validateSellerIdentity(options.identity);
  if (!checked.identity) {
    throw new AppError("VALIDATION_FAILED", {
      message: `Seller identity refused: ${checked.problems.map((p) => p.text).join("; ")}.`,
      fields: Object.fromEntries(checked.problems.map((p) => [p.field, "INVALID" as const])),
    });
  }
  const identity = checked.identity;
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const before = await readStoredSellerIdentity(tx);
    // The command line's name on history rows, as OPERATOR_CLI (console-cli) writes it.
    const createdBy = options.actor.operatorId ?? "operator:cli";
    await tx.insert(sellerIdentities).values({ identity, createdBy, createdAt: now });
    await recordAudit(tx, {
      operatorId: options.actor.operatorId,
      action: "seller_identity.set",
      entityType: "seller_identity",
      entityId: null,
      before,
      after: identity,
      ip: options.actor.ip,
      now,
    });
  });
  return identity;
}

/**
 * How the DZD charged splits into HT and TVA under an identity: prices are TTC, so HT = TTC / (1 + rate), rounded to
 * the centime, and TVA is the rest (HT + TVA = TTC exactly). Exempt: all HT, no TVA.
 */
export function splitTva(ttcDzdMinor: number, tvaRateBps: number) {
  const htDzdMinor = Math.round((ttcDzdMinor * 10_000) / (10_000 + tvaRateBps));
  return { htDzdMinor, tvaDzdMinor: ttcDzdMinor - htDzdMinor, ttcDzdMinor };
}
