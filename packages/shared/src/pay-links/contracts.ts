import * as z from "zod/mini";
import { defineEndpoint } from "../http.ts";
import type { LANGUAGES } from "../locale.ts";

// Pay-for-me links (decision 077): a traveller abroad asks a relative at home to pay a top-up of one of their
// eSIMs, or a new eSIM, by a link; the relative pays with no account on the link's public page.

/**
 * A link's life (one table of transitions in the API's pay-links lifecycle): waiting until it is paid, expires (72 h
 * by default) or its traveller revokes it. Money always wins: a checkout opened in time and paid later makes it paid.
 */
export const PAY_LINK_STATUSES = ["waiting", "paid", "expired", "revoked"] as const;
export type PayLinkStatus = (typeof PAY_LINK_STATUSES)[number];

/** How many links one traveller may have waiting at once: each is a standing offer to pay (decision 077). */
export const WAITING_PAY_LINKS_PER_ACCOUNT = 5;
/** How many links one traveller may make in a day (Africa/Algiers or not: a rolling 24 h window). */
export const PAY_LINKS_PER_ACCOUNT_PER_DAY = 10;

export const payLinkSchema = z.object({
  id: z.string(),
  status: z.enum(PAY_LINK_STATUSES),
  kind: z.enum(["top_up", "new"]),
  /** The eSIM a top-up is for; null for a new eSIM. */
  esimId: z.nullable(z.string()),
  packageId: z.string(),
  /** The destination's code (its flag and names come from the catalogue). */
  destinationCode: z.string(),
  dataMb: z.number(),
  isUnlimited: z.boolean(),
  validityDays: z.number(),
  /** What the payer pays, fixed when the link was made (the gateway's fee share included, decision 054). */
  amountDzdMinor: z.number(),
  createdAt: z.string(),
  expiresAt: z.string(),
  paidAt: z.nullable(z.string()),
  /** The order the payment made, once paid. */
  orderId: z.nullable(z.string()),
});
export type PayLink = z.output<typeof payLinkSchema>;

/**
 * Makes a link for a top-up of one of the caller's eSIMs (`esimId`, a plan among its top-ups) or a new eSIM (a plan),
 * priced now. Idempotent on `clientReference`. The link's address (its secret token) is in this answer only: it is
 * stored hashed (decision 077). Someone else's eSIM: NOT_FOUND; an eSIM that takes no top-up: TOP_UP_NOT_ALLOWED; a
 * plan not on sale for it: PACKAGE_NOT_FOUND; too many waiting or made today: PAY_LINKS_LIMIT_REACHED.
 */
export const createPayLink = defineEndpoint({
  method: "POST",
  path: "/pay-links",
  auth: true,
  body: z.object({
    clientReference: z.string({ error: "INVALID" }).check(z.uuid("INVALID")),
    packageId: z.string({ error: "INVALID" }).check(z.uuid("INVALID")),
    esimId: z.optional(z.nullable(z.string({ error: "INVALID" }).check(z.uuid("INVALID")))),
  }),
  response: z.object({ data: z.object({ link: payLinkSchema, url: z.string() }) }),
});

/** The caller's links, newest first, each with its state as of now (a waiting link past its end reads expired). */
export const listPayLinks = defineEndpoint({
  method: "GET",
  path: "/pay-links",
  auth: true,
  body: undefined,
  response: z.object({ data: z.array(payLinkSchema) }),
});

/**
 * Revokes one of the caller's waiting links: its page then refuses to be paid. Someone else's: NOT_FOUND; not waiting
 * any more (paid, expired, revoked): PAY_LINK_NOT_WAITING.
 */
export const revokePayLink = defineEndpoint({
  method: "POST",
  path: "/pay-links/:linkId/revoke",
  auth: true,
  body: undefined,
  params: z.object({ linkId: z.string().check(z.uuid("INVALID")) }),
  response: z.object({ data: payLinkSchema }),
});

/** The public page of a link, in a language: `/{lang}/pay/{token}` (the API renders it; no account, no script). */
export function payLinkPath(language: (typeof LANGUAGES)[number], token: string): string {
  return `/${language}/pay/${encodeURIComponent(token)}`;
}
