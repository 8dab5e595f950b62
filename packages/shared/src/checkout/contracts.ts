import * as z from "zod/mini";
import { destinationSummarySchema, planSchema } from "../catalog/contracts.ts";
import { BILLING_COUNTRY_CODES } from "../countries.ts";
import { currencySchema, emailSchema, nameSchema } from "../fields.ts";
import { defineEndpoint } from "../http.ts";
import { CURRENCIES } from "../locale.ts";
import { quoteReferralSchema, referralInputSchema } from "../referrals/contracts.ts";
import { ORDER_STATUSES, PAYMENT_STATUSES } from "../statuses.ts";

/** Payment methods the checkout may offer; `GET /checkout/options` says which the gateway has. */
export const PAYMENT_METHODS = ["edahabia", "cib", "chargily_app", "card"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const MAX_QUANTITY = 10;

/**
 * The version of the terms of sale and privacy policy now published (their "updated on" date, YYYY-MM-DD): placing an
 * order requires accepting them, and the order records this version (packages/ui/src/legal). Change it with them.
 */
export const TERMS_VERSION = "2026-11-26";

/**
 * The buyer's express acceptance of the terms of sale and privacy policy (law 18-05): a sale's body must say `true`;
 * anything else is refused with the field error TERMS_NOT_ACCEPTED. The server records when, and TERMS_VERSION.
 */
export const termsAcceptedSchema = z.literal(true, { error: "TERMS_NOT_ACCEPTED" });

const quantitySchema = z
  .number({ error: "QUANTITY_INVALID" })
  .check(z.int("QUANTITY_INVALID"), z.minimum(1, "QUANTITY_INVALID"), z.maximum(MAX_QUANTITY, "QUANTITY_INVALID"));
const packageIdSchema = z.string({ error: "PACKAGE_INVALID" }).check(z.uuid("PACKAGE_INVALID"));
const couponCodeSchema = z
  .string({ error: "COUPON_CODE_INVALID" })
  .check(z.trim(), z.toUpperCase(), z.minLength(1, "COUPON_CODE_INVALID"), z.maxLength(40, "COUPON_CODE_INVALID"));

/**
 * What an order costs, computed on the server from the database. subtotal is at list price (the compare-at
 * price when the plan is discounted); total = subtotal − discount − couponDiscount + serviceFee, in the
 * displayed currency; the charge is always in DZD (chargeDzdMinor).
 */
export const quoteSchema = z.object({
  currency: z.enum(CURRENCIES),
  quantity: z.number(),
  unitPriceMinor: z.number(),
  subtotalMinor: z.number(),
  discountMinor: z.number(),
  couponDiscountMinor: z.number(),
  /** A friend's first order through an invite (decision 079): its discount, after the coupon's; 0 otherwise. */
  referralDiscountMinor: z.number(),
  serviceFeeMinor: z.number(),
  totalMinor: z.number(),
  chargeDzdMinor: z.number(),
  /**
   * The gateway's fee the payer pays on top of chargeDzdMinor, when the shop passes all of it ("customer") or half
   * ("split") on (PAYMENT_FEES_PAID_BY), at the rate it expects (percent); null when the merchant pays it.
   */
  gatewayFee: z.nullable(
    z.object({ paidBy: z.enum(["customer", "split"]), percent: z.number(), amountDzdMinor: z.number() }),
  ),
  /**
   * The customer's store credit (DZD minor units, the ledger's balance), shown even when they chose not to use it.
   */
  storeCreditBalanceDzdMinor: z.number(),
  /**
   * The part of chargeDzdMinor paid by store credit, spent first (decision 064): whole dinars, all the credit up to
   * the charge, less when the rest to pay by card would fall under the gateway's minimum. 0 when not used.
   */
  creditAppliedDzdMinor: z.number(),
  /** The rest of chargeDzdMinor, paid by card: chargeDzdMinor − creditAppliedDzdMinor. 0 needs no gateway. */
  cardChargeDzdMinor: z.number(),
  /**
   * What the payer pays at the gateway: cardChargeDzdMinor plus the gateway fee. The amount on screen is this one.
   */
  chargeWithFeeDzdMinor: z.number(),
  /**
   * The gateway's smallest charge: a charge of 0 needs no gateway (paid by coupon); one above 0 and under this is
   * refused (PAYMENT_AMOUNT_TOO_LOW) before any order exists.
   */
  minimumChargeDzdMinor: z.number(),
  coupon: z.nullable(
    z.object({ code: z.string(), kind: z.enum(["percent", "amount"]), percentOff: z.nullable(z.number()) }),
  ),
  /** The invite the cart carries: applied, or unusable (the friend is told only that; the console says why). */
  referral: quoteReferralSchema,
  /**
   * A coupon or invite was reduced so the sale stays at or above the plan's upstream cost (decision 087); the screens
   * and the invoice say so. Absent on quotes made before.
   */
  isDiscountCappedAtCost: z.optional(z.boolean()),
});
export type Quote = z.output<typeof quoteSchema>;

/**
 * Whether the part to pay by card is above 0 and under the gateway's smallest charge: nobody could pay it, so the
 * server refuses the order (PAYMENT_AMOUNT_TOO_LOW) and the screens do not offer to go on. 0 needs no gateway.
 */
export function isBelowMinimumCharge(quote: Pick<Quote, "cardChargeDzdMinor" | "minimumChargeDzdMinor">): boolean {
  return quote.cardChargeDzdMinor > 0 && quote.cardChargeDzdMinor < quote.minimumChargeDzdMinor;
}

const quoteRequest = {
  packageId: packageIdSchema,
  quantity: quantitySchema,
  currency: currencySchema,
  /** Pay with the customer's store credit first (default); false keeps it for later. */
  useStoreCredit: z.optional(z.boolean({ error: "INVALID" })),
  /** A top-up: the caller's eSIM it is for; the plan must then be one of that eSIM's top-ups, quantity 1. */
  topUpOf: z.optional(z.string({ error: "INVALID" }).check(z.uuid("INVALID"))),
  /** The invite kept on the device since the friend followed a referral link (decision 079). */
  referral: z.optional(referralInputSchema),
};

const quoteResponseSchema = z.object({
  data: z.object({ quote: quoteSchema, plan: planSchema, destination: destinationSummarySchema }),
});

/** The cart's prices, with an optional coupon; coupon problems answer their own error code. */
export const getQuote = defineEndpoint({
  method: "POST",
  path: "/checkout/quote",
  auth: true,
  body: z.strictObject({ ...quoteRequest, couponCode: z.optional(couponCodeSchema) }),
  response: quoteResponseSchema,
});

/** Checks a promo code for this cart; the answer is the quote with the coupon applied. */
export const checkCoupon = defineEndpoint({
  method: "POST",
  path: "/coupons/check",
  auth: true,
  body: z.strictObject({ ...quoteRequest, code: couponCodeSchema }),
  response: quoteResponseSchema,
});

export const getCheckoutOptions = defineEndpoint({
  method: "GET",
  path: "/checkout/options",
  auth: true,
  body: undefined,
  response: z.object({
    data: z.object({
      paymentMethods: z.array(z.enum(PAYMENT_METHODS)),
      billingCountries: z.array(z.string()),
    }),
  }),
});

export const billingSchema = z.strictObject({
  /** Must be the account's email ("The email must be the one used for the purchase"). */
  email: emailSchema,
  name: nameSchema,
  country: z.enum(BILLING_COUNTRY_CODES, { error: "COUNTRY_INVALID" }),
  /** Checked for the country with checkPhone on the server (libphonenumber stays out of this module). */
  phone: z.string({ error: "PHONE_REQUIRED" }).check(z.trim(), z.minLength(1, "PHONE_REQUIRED")),
});
export type Billing = z.input<typeof billingSchema>;

export const orderStatusSchema = z.enum(ORDER_STATUSES);

/** The lifecycle events that reject an unpaid order: refused, cancelled on the gateway's page, expired, cancelled by its payer. */
export const ORDER_REJECTING_EVENTS = [
  "payment_failed",
  "payment_canceled",
  "checkout_lapsed",
  "customer_cancelled",
] as const;
export type OrderRejectingEvent = (typeof ORDER_REJECTING_EVENTS)[number];
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);

export const orderSummarySchema = z.object({
  id: z.string(),
  /** ES26-000123. */
  number: z.string(),
  status: orderStatusSchema,
  kind: z.enum(["new", "top_up"]),
  createdAt: z.string(),
  quantity: z.number(),
  currency: z.enum(CURRENCIES),
  unitPriceMinor: z.number(),
  subtotalMinor: z.number(),
  discountMinor: z.number(),
  couponDiscountMinor: z.number(),
  referralDiscountMinor: z.number(),
  serviceFeeMinor: z.number(),
  totalMinor: z.number(),
  chargeDzdMinor: z.number(),
  /** The part of chargeDzdMinor paid by store credit; the rest was (or is to be) paid by card. */
  creditAppliedDzdMinor: z.number(),
  couponCode: z.nullable(z.string()),
  paymentMethod: z.enum(PAYMENT_METHODS),
  plan: planSchema,
  destination: destinationSummarySchema,
  /** customerFeeDzdMinor: the gateway's fee the payer pays on top of chargeDzdMinor (0 when the merchant pays it). */
  payment: z.object({ id: z.string(), status: paymentStatusSchema, customerFeeDzdMinor: z.number() }),
  /** The eSIMs made for this order once delivered (ICCID null until the upstream gives it); for a top-up, its eSIM. */
  esims: z.array(z.object({ id: z.string(), iccid: z.nullable(z.string()), status: z.string() })),
  /** Once paid: `GET /orders/{id}/invoice` answers its PDF. */
  hasInvoice: z.boolean(),
  /** A top-up: the caller's eSIM it is for; null for a new eSIM. */
  topUpOf: z.nullable(z.string()),
  /** The billing details given at the summary (the buyer's own), to fill the form again for a retry. */
  billing: z.object({ email: z.string(), name: z.string(), country: z.string(), phone: z.string() }),
  /**
   * Why a rejected order ended unpaid (the lifecycle event that rejected it): its status page says "cancelled",
   * "expired unpaid" or "payment refused" accordingly. Null for any other status.
   */
  rejectedBy: z.nullable(z.enum(ORDER_REJECTING_EVENTS)),
});
export type OrderSummary = z.output<typeof orderSummarySchema>;

export const CHECKOUT_RETURN_TARGETS = ["web", "app"] as const;
export type CheckoutReturnTarget = (typeof CHECKOUT_RETURN_TARGETS)[number];

/**
 * Creates the order and its payment and answers where to pay. Idempotent on `clientReference` (one per
 * checkout attempt): a double click or a retry answers the same order.
 */
export const createOrder = defineEndpoint({
  method: "POST",
  path: "/orders",
  auth: true,
  body: z.strictObject({
    clientReference: z.string({ error: "INVALID" }).check(z.uuid("INVALID")),
    ...quoteRequest,
    couponCode: z.optional(couponCodeSchema),
    billing: billingSchema,
    paymentMethod: z.enum(PAYMENT_METHODS, { error: "PAYMENT_METHOD_INVALID" }),
    termsAccepted: termsAcceptedSchema,
    /**
     * Where the gateway sends the payer back: `web` (default) to /payment-callback in the browser; `app` to the
     * App Link / Universal Link `/success` or `/failure`, which the iOS and Android apps open (decision 022).
     */
    returnTo: z.optional(z.enum(CHECKOUT_RETURN_TARGETS, { error: "INVALID" })),
  }),
  response: z.object({
    data: z.object({
      order: orderSummarySchema,
      /** checkoutUrl is null when nothing is left to pay (a 100 % coupon): the order is paid as it is created. */
      payment: z.object({ id: z.string(), checkoutUrl: z.nullable(z.string()) }),
    }),
  }),
});
