import * as z from "zod/mini";
import { PAYMENT_METHODS, termsAcceptedSchema } from "../checkout/contracts.ts";
import { defineEndpoint } from "../http.ts";

// Store credit bought with a card before the trip (decision 068): a load is paid through the gateway and
// credited to the buyer's balance once paid; it gets a numbered receipt (reçu), the order that spends it the invoice.

/**
 * A load's life: pending until its checkout ends; paid (credited, receipt numbered); failed (declined), canceled (the
 * payer left the gateway's page) or expired (its checkout lapsed unpaid): nothing credited.
 */
export const CREDIT_LOAD_STATUSES = ["pending", "paid", "failed", "canceled", "expired"] as const;
export type CreditLoadStatus = (typeof CREDIT_LOAD_STATUSES)[number];

/** The smallest load, whole dinars: above the gateway's minimum and worth a checkout (decision 068). */
export const CREDIT_LOAD_MIN_DZD = 500;
/** The largest load, whole dinars: a few trips' worth, so a stolen card cannot park much money here (decision 068). */
export const CREDIT_LOAD_MAX_DZD = 20_000;
/** The amounts offered with one tap; any whole amount in the range may be typed. */
export const CREDIT_LOAD_PRESETS_DZD = [1_000, 2_000, 5_000, 10_000] as const;
/** How many loads may await payment at once per account, as for unpaid orders (decision 057). */
export const PENDING_CREDIT_LOADS_PER_ACCOUNT = 3;

export const creditLoadSchema = z.object({
  id: z.string(),
  status: z.enum(CREDIT_LOAD_STATUSES),
  /** What is credited once paid. */
  amountDzdMinor: z.number(),
  /** What the payer pays at the gateway: the amount plus their share of the gateway's fee (decision 054). */
  chargeWithFeeDzdMinor: z.number(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  /** The receipt's number (R2026-000001) once paid; null before. */
  receiptNumber: z.nullable(z.string()),
  createdAt: z.string(),
  paidAt: z.nullable(z.string()),
});
export type CreditLoad = z.output<typeof creditLoadSchema>;

/**
 * Buys store credit: creates the load and its payment, answers where to pay. Idempotent on `clientReference` (one per
 * attempt): the same reference answers the same load and checkout; another amount or method with it answers
 * IDEMPOTENCY_CONFLICT. Out of range: CREDIT_LOAD_AMOUNT_OUT_OF_RANGE; too many awaiting payment:
 * CREDIT_LOADS_PENDING_LIMIT_REACHED.
 */
export const createCreditLoad = defineEndpoint({
  method: "POST",
  path: "/credit-loads",
  auth: true,
  body: z.object({
    clientReference: z.string({ error: "INVALID" }).check(z.uuid("INVALID")),
    /** Whole dinars, as the gateway charges them. */
    amountDzd: z.number({ error: "INVALID" }).check(z.int("INVALID"), z.positive("INVALID")),
    paymentMethod: z.enum(PAYMENT_METHODS, { error: "PAYMENT_METHOD_INVALID" }),
    termsAccepted: termsAcceptedSchema,
  }),
  response: z.object({ data: z.object({ load: creditLoadSchema, checkoutUrl: z.nullable(z.string()) }) }),
});

/**
 * One of the caller's loads, for its return page, with the balance after it. While pending, the server asks the
 * gateway itself (at most every 5 s), never trusting the redirect. Someone else's load is NOT_FOUND.
 */
export const getCreditLoad = defineEndpoint({
  method: "GET",
  path: "/credit-loads/:loadId",
  auth: true,
  body: undefined,
  params: z.object({ loadId: z.string().check(z.uuid("INVALID")) }),
  response: z.object({ data: z.object({ load: creditLoadSchema, balanceDzdMinor: z.number() }) }),
});

/** The caller's paid loads with their receipt numbers, newest first (the credit history's receipts). */
export const listCreditLoads = defineEndpoint({
  method: "GET",
  path: "/credit-loads",
  auth: true,
  body: undefined,
  response: z.object({ data: z.array(creditLoadSchema) }),
});

/**
 * What a load of `amountDzd` costs the payer: the amount credited plus their share of the gateway's fee, as the
 * checkout will charge it (decision 054). Out of range: CREDIT_LOAD_AMOUNT_OUT_OF_RANGE.
 */
export const getCreditLoadQuote = defineEndpoint({
  method: "GET",
  path: "/credit-loads/quote",
  auth: true,
  body: undefined,
  query: z.strictObject({
    amountDzd: z.coerce.number({ error: "INVALID" }).check(z.int("INVALID"), z.positive("INVALID")),
  }),
  response: z.object({
    data: z.object({
      amountDzdMinor: z.number(),
      /** The payer's share of the gateway's fee, on top (0 when the shop pays it). */
      gatewayFeeDzdMinor: z.number(),
      chargeWithFeeDzdMinor: z.number(),
    }),
  }),
});
