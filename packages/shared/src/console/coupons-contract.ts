import * as z from "zod/mini";
import { defineEndpoint } from "../http.ts";

// The console's coupons (decision 039; admin only): the list with uses and revenue, creation with every rule the
// checkout enforces (modules/checkout/pricing.ts findCouponProblem), blocking, and changing dates and limits. A coupon's
// code and discount never change once created (decision 039): block it and create another.

/** Codes as the checkout reads them: upper-case letters, digits, - and _. */
export const COUPON_CODE_PATTERN = /^[A-Z0-9_-]{2,40}$/;

/** Where a coupon stands now, for the list's badge. */
export const COUPON_STATES = ["active", "scheduled", "expired", "used_up", "blocked"] as const;
export type CouponState = (typeof COUPON_STATES)[number];

const count = z.number().check(z.int(), z.minimum(0));

export const consoleCouponSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(["percent", "amount"]),
  /** 1–100 for a percent coupon, else null. */
  percentOff: z.nullable(z.number()),
  /** DZD minor units for an amount coupon, else null. */
  amountOffDzdMinor: z.nullable(z.number()),
  startsAt: z.nullable(z.string()),
  endsAt: z.nullable(z.string()),
  /** Null: unlimited. */
  maxUses: z.nullable(z.number()),
  maxUsesPerUser: z.number(),
  minOrderDzdMinor: z.nullable(z.number()),
  /** Null: every plan. */
  packageIds: z.nullable(z.array(z.string())),
  isBlocked: z.boolean(),
  /** A giveaway: its discount may take a sale below the upstream cost (decision 087); otherwise it stops there. */
  allowsBelowCost: z.boolean(),
  state: z.enum(COUPON_STATES),
  /**
   * Uses taken: paid orders and checkouts still open (what the total limit counts). A payment that arrives after its
   * checkout ended is honoured, so this may pass maxUses (decision 057).
   */
  usesCount: count,
  /** Orders paid with the coupon (refunded ones left out). */
  paidOrders: count,
  /** What those orders charged, DZD minor units. */
  revenueDzdMinor: z.number().check(z.int()),
  createdAt: z.string(),
});
export type ConsoleCoupon = z.output<typeof consoleCouponSchema>;

const instant = z.iso.datetime({ offset: true, error: "INVALID" });
const optionalDate = z.optional(z.nullable(instant));
const positiveInt = z.number({ error: "INVALID" }).check(z.int("INVALID"), z.minimum(1, "INVALID"));
const wholeDinars = z
  .number({ error: "INVALID" })
  .check(z.int("INVALID"), z.minimum(0, "INVALID"), z.maximum(10_000_000, "INVALID"));

const maxUsesSchema = positiveInt.check(z.maximum(1_000_000, "INVALID"));
const maxUsesPerUserSchema = positiveInt.check(z.maximum(1000, "INVALID"));

/** The dates and limits, the part of a coupon that may change later. */
const limitsShape = {
  startsAt: optionalDate,
  endsAt: optionalDate,
  /** Null or absent: unlimited. */
  maxUses: z.optional(z.nullable(maxUsesSchema)),
  maxUsesPerUser: maxUsesPerUserSchema,
};

export const createCouponBody = z.strictObject({
  code: z
    .string({ error: "COUPON_CODE_INVALID" })
    .check(z.trim(), z.toUpperCase(), z.regex(COUPON_CODE_PATTERN, "COUPON_CODE_INVALID")),
  discount: z.discriminatedUnion("kind", [
    z.strictObject({
      kind: z.literal("percent"),
      percentOff: z
        .number({ error: "INVALID" })
        .check(z.int("INVALID"), z.minimum(1, "INVALID"), z.maximum(100, "INVALID")),
    }),
    z.strictObject({ kind: z.literal("amount"), amountOffDzd: wholeDinars.check(z.minimum(1, "INVALID")) }),
  ]),
  ...limitsShape,
  /** Whole dinars; null or absent: no minimum. */
  minOrderDzd: z.optional(z.nullable(wholeDinars)),
  /** A giveaway allowed below the upstream cost (decision 087); absent: false, the discount stops at the cost. */
  allowsBelowCost: z.optional(z.boolean({ error: "INVALID" })),
  /** Plan ids; null, absent or empty: every plan. */
  packageIds: z.optional(
    z.nullable(
      z
        .array(z.string({ error: "PACKAGE_INVALID" }).check(z.uuid("PACKAGE_INVALID")))
        .check(z.maxLength(500, "INVALID")),
    ),
  ),
});
export type CreateCouponInput = z.input<typeof createCouponBody>;

const couponIdParams = z.object({ id: z.string().check(z.uuid("INVALID")) });

/** Every coupon, newest first, with its uses and the revenue of the orders paid with it. */
export const listConsoleCoupons = defineEndpoint({
  method: "GET",
  area: "admin",
  path: "/coupons",
  auth: "operator",
  roles: ["admin"],
  body: undefined,
  response: z.object({ data: z.array(consoleCouponSchema) }),
});

/** Creates a coupon; a code already taken is COUPON_CODE_TAKEN (so a double click creates one). Audited. */
export const createConsoleCoupon = defineEndpoint({
  method: "POST",
  area: "admin",
  path: "/coupons",
  auth: "operator",
  roles: ["admin"],
  body: createCouponBody,
  response: z.object({ data: consoleCouponSchema }),
});

/**
 * Sets the dates and limits, all four sent (null: no start, no end, unlimited), so a field left out never clears one
 * by accident. Audited when something changed.
 */
export const updateConsoleCoupon = defineEndpoint({
  method: "PATCH",
  area: "admin",
  path: "/coupons/:id",
  auth: "operator",
  roles: ["admin"],
  body: z.strictObject({
    startsAt: z.nullable(instant),
    endsAt: z.nullable(instant),
    maxUses: z.nullable(maxUsesSchema),
    maxUsesPerUser: maxUsesPerUserSchema,
  }),
  params: couponIdParams,
  response: z.object({ data: consoleCouponSchema }),
});
export type UpdateCouponInput = z.input<typeof updateConsoleCoupon.body>;

/** Blocks the coupon: checkouts refuse it from now on (COUPON_BLOCKED). Idempotent; audited once. */
export const blockConsoleCoupon = defineEndpoint({
  method: "POST",
  area: "admin",
  path: "/coupons/:id/block",
  auth: "operator",
  roles: ["admin"],
  body: undefined,
  params: couponIdParams,
  response: z.object({ data: consoleCouponSchema }),
});
