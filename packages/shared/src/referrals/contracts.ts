import * as z from "zod/mini";
import { OPERATOR_ROLES } from "../console/roles.ts";
import { defineEndpoint } from "../http.ts";

// Referrals (decision 079): each account has an invite link; a friend's first order is discounted,
// the inviter earns store credit once that order is delivered (taken back if it is refunded), with limits against
// self-referral and farming that the operator sets in the console.

/** An invite code: 8 letters and digits without look-alikes (no 0/O, 1/I/L), upper case. */
export const REFERRAL_CODE_PATTERN = /^[A-HJKMNP-Z2-9]{8}$/;

/**
 * A referral's state: `pending` (the friend's discounted first order is placed, not delivered), `rewarded` (delivered:
 * the inviter's credit was given), `taken_back` (that order was refunded after the reward), `cancelled` (refunded
 * before delivery: no reward), `refused` (a limit stopped it; the reason is the operator's to read).
 */
export const REFERRAL_STATUSES = ["pending", "rewarded", "taken_back", "cancelled", "refused"] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

/** Why a referral was refused: the operator reads it; the friend reads only "this invite cannot be used". */
export const REFERRAL_REFUSALS = [
  "disabled",
  "unknown_code",
  "same_account",
  "same_email",
  "same_device",
  "same_payment_reference",
  "not_first_order",
  "monthly_cap",
  /** The shop's monthly budget of friends' discounts is spent: the friend pays the normal price (decision 087). */
  "friend_budget_spent",
  /** The shop's monthly budget of inviters' rewards is spent: no reward (the friend kept the discount). */
  "reward_budget_spent",
] as const;
export type ReferralRefusal = (typeof REFERRAL_REFUSALS)[number];

/** The invite a friend's order carries: the code kept on the device and that device's id. */
export const referralInputSchema = z.strictObject({
  code: z.string({ error: "INVALID" }).check(z.trim(), z.toUpperCase(), z.maxLength(20, "INVALID")),
  deviceId: z.optional(z.string({ error: "INVALID" }).check(z.maxLength(200, "INVALID"))),
});
export type ReferralInput = z.output<typeof referralInputSchema>;

/** What the quote says of an invite to its friend: applied (with the discount line) or politely unusable. */
export const quoteReferralSchema = z.nullable(
  z.object({
    isApplied: z.boolean(),
    /** Unusable because the shop's monthly budget of friends' discounts is spent (decision 087): the friend is told. */
    isBudgetSpent: z.optional(z.boolean()),
  }),
);

/** The signed-in customer's invite: the code, the link to share, and what it brought. */
export const myReferralSchema = z.object({
  isEnabled: z.boolean(),
  code: z.string(),
  /** `{PUBLIC_URL}/register?ref=CODE`: sign-up in the friend's own language (their browser's); the app keeps the code. */
  link: z.string(),
  /** What a friend's first order is discounted, and what the inviter earns, in DZD minor units (today's settings). */
  friendDiscountDzdMinor: z.number(),
  rewardDzdMinor: z.number(),
  /** Friends whose first order was placed through the invite (refused ones not counted). */
  joinedCount: z.number(),
  /** Credit earned and kept (rewards less what was taken back). */
  earnedDzdMinor: z.number(),
  /** Rewards waiting for their friend's order to be delivered. */
  pendingDzdMinor: z.number(),
});
export type MyReferral = z.output<typeof myReferralSchema>;

export const getMyReferral = defineEndpoint({
  method: "GET",
  path: "/account/referral",
  auth: true,
  body: undefined,
  /** The device the inviter opens it on: a friend ordering from it later is refused (same device). */
  query: z.object({ deviceId: z.optional(z.string().check(z.maxLength(200))) }),
  response: z.object({ data: myReferralSchema }),
});

/** What the invited friend's first page says: who invites them and what their first order is discounted. */
export const inviteLandingSchema = z.object({
  /** The first word of the inviter's name ("Amina"); empty when the account has no name. */
  inviterFirstName: z.string(),
  /** Today's settings, DZD minor units: the amount the quote will take off the friend's first order. */
  friendDiscountDzdMinor: z.number(),
});
export type InviteLanding = z.output<typeof inviteLandingSchema>;

/** Public: an invite code's landing data; NOT_FOUND for an unknown code or while invitations are off. */
export const getInviteLanding = defineEndpoint({
  method: "GET",
  path: "/referrals/:code",
  auth: false,
  body: undefined,
  params: z.object({ code: z.string().check(z.minLength(1), z.maxLength(20)) }),
  response: z.object({ data: inviteLandingSchema }),
});

const wholeDzd = (max: number) =>
  z.number({ error: "INVALID" }).check(z.int("INVALID"), z.minimum(0, "INVALID"), z.maximum(max, "INVALID"));

/** The operator's settings: on or off, the friend's discount and the inviter's reward (whole DZD), the caps. */
export const referralSettingsSchema = z.object({
  isEnabled: z.boolean(),
  friendDiscountDzd: z.number(),
  rewardDzd: z.number(),
  /** Rewarded referrals per inviter per calendar month (Algiers time); beyond, refused with `monthly_cap`. */
  monthlyRewardCap: z.number(),
  /** The friend's discount may take a sale below its upstream cost (off by default; decision 087). */
  allowsBelowCost: z.boolean(),
  /** Shop-wide, per calendar month (Algiers time), whole DZD: friends' discounts, inviters' rewards (decision 087). */
  friendDiscountMonthlyBudgetDzd: z.number(),
  rewardMonthlyBudgetDzd: z.number(),
  updatedAt: z.nullable(z.string()),
});
export type ReferralSettings = z.output<typeof referralSettingsSchema>;

export const referralSettingsChangeSchema = z.strictObject({
  isEnabled: z.optional(z.boolean({ error: "INVALID" })),
  friendDiscountDzd: z.optional(wholeDzd(10_000)),
  rewardDzd: z.optional(wholeDzd(10_000)),
  monthlyRewardCap: z.optional(wholeDzd(1_000)),
  allowsBelowCost: z.optional(z.boolean({ error: "INVALID" })),
  friendDiscountMonthlyBudgetDzd: z.optional(wholeDzd(100_000_000)),
  rewardMonthlyBudgetDzd: z.optional(wholeDzd(100_000_000)),
});

/** The audit log's entity and action of a change of the settings (one row, id "1"). */
export const REFERRAL_SETTINGS_ENTITY = "referral_settings";
export const REFERRAL_SETTINGS_ACTION = "referrals.settings_update";

export const getReferralSettings = defineEndpoint({
  method: "GET",
  area: "admin",
  path: "/referrals/settings",
  auth: "operator",
  roles: OPERATOR_ROLES,
  body: undefined,
  response: z.object({ data: referralSettingsSchema }),
});

export const updateReferralSettings = defineEndpoint({
  method: "PUT",
  area: "admin",
  path: "/referrals/settings",
  auth: "operator",
  roles: ["admin"],
  body: referralSettingsChangeSchema,
  response: z.object({ data: referralSettingsSchema }),
});

export const consoleReferralSchema = z.object({
  id: z.string(),
  status: z.enum(REFERRAL_STATUSES),
  refusal: z.nullable(z.enum(REFERRAL_REFUSALS)),
  referrerEmail: z.string(),
  friendEmail: z.string(),
  orderNumber: z.nullable(z.string()),
  friendDiscountDzdMinor: z.number(),
  rewardDzdMinor: z.number(),
  /** What was taken back of the reward on a refund (less than the reward when the inviter had spent it). */
  takenBackDzdMinor: z.number(),
  createdAt: z.string(),
});
export type ConsoleReferral = z.output<typeof consoleReferralSchema>;

export const listReferrals = defineEndpoint({
  method: "GET",
  area: "admin",
  path: "/referrals",
  auth: "operator",
  roles: OPERATOR_ROLES,
  body: undefined,
  response: z.object({ data: z.array(consoleReferralSchema) }),
});
