import * as z from "zod/mini";
import { decisionReasonSchema } from "../console/refunds-contract.ts";
import { OPERATOR_ROLES } from "../console/roles.ts";
import { defineEndpoint } from "../http.ts";

// Store credit (decision 064): money held for a customer in DZD, spent first at checkout. The balance and
// its history are the ledger's; the customer sees them in the account and at checkout, the console per customer.

/**
 * What a line of the history says happened, from the customer's side: a refund taken as credit, credit given by the
 * shop (with its reason), bought with a card, spent on an order, given back by an order that ended unpaid, expired.
 */
export const STORE_CREDIT_ENTRY_KINDS = [
  "refund",
  "issued",
  "bought",
  "spent",
  "returned",
  "expired",
  "referral",
  "referral_taken_back",
  /** Credit received paid off a reward spent before it was taken back (decision 087). */
  "referral_debt_repaid",
] as const;
export type StoreCreditEntryKind = (typeof STORE_CREDIT_ENTRY_KINDS)[number];

export const storeCreditEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(STORE_CREDIT_ENTRY_KINDS),
  /** Signed, DZD minor units: positive adds to the balance, negative takes from it. */
  amountDzdMinor: z.number(),
  createdAt: z.string(),
  /** The order it was spent on, given back by or refunded for (ES26-000123). */
  orderNumber: z.nullable(z.string()),
  /** Credit given by the shop: the operator's words to the customer. */
  reason: z.nullable(z.string()),
  /** Credit given by the shop with an end: when what is left of it expires. */
  expiresAt: z.nullable(z.string()),
});
export type StoreCreditEntry = z.output<typeof storeCreditEntrySchema>;

/** A customer's store credit: the balance (DZD minor units, the ledger's sum) and its history, newest first. */
export const storeCreditSchema = z.object({
  balanceDzdMinor: z.number(),
  entries: z.array(storeCreditEntrySchema),
});
export type StoreCredit = z.output<typeof storeCreditSchema>;

/** The signed-in customer's store credit. */
export const getStoreCredit = defineEndpoint({
  method: "GET",
  path: "/account/store-credit",
  auth: true,
  body: undefined,
  response: z.object({ data: storeCreditSchema }),
});

/** The most an operator gives at once, in whole dinars: a typo of a zero too many is refused. */
export const MAX_ISSUED_CREDIT_DZD = 100_000;

const customerParams = z.object({ id: z.string().check(z.uuid("INVALID")) });

/** A customer's store credit as the console shows it (admin and support). */
export const getCustomerStoreCredit = defineEndpoint({
  method: "GET",
  area: "admin",
  path: "/customers/:id/store-credit",
  auth: "operator",
  roles: OPERATOR_ROLES,
  body: undefined,
  params: customerParams,
  response: z.object({ data: storeCreditSchema }),
});

/**
 * Gives a customer store credit (admins only), with the reason the customer reads and an optional expiry (a future
 * instant): what is left of it then expires. Audited. Answers the customer's store credit after it.
 */
export const issueCustomerStoreCredit = defineEndpoint({
  method: "POST",
  area: "admin",
  path: "/customers/:id/store-credit",
  auth: "operator",
  roles: ["admin"],
  body: z.strictObject({
    /** Whole dinars. */
    amountDzd: z
      .number({ error: "INVALID" })
      .check(z.int("INVALID"), z.minimum(1, "INVALID"), z.maximum(MAX_ISSUED_CREDIT_DZD, "INVALID")),
    reason: decisionReasonSchema,
    expiresAt: z.optional(z.nullable(z.iso.datetime({ offset: true, error: "INVALID" }))),
  }),
  params: customerParams,
  response: z.object({ data: storeCreditSchema }),
});
