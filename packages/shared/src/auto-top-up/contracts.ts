import * as z from "zod/mini";
import { termsAcceptedSchema } from "../checkout/contracts.ts";
import { defineEndpoint } from "../http.ts";

// Credit that works abroad (decision 078): a top-up paid from store credit in one tap, and auto top-up
// per eSIM (the chosen top-up bought from credit once per trigger, never beyond a monthly cap).

/** The thresholds of data left the screen offers, in percent of the eSIM's data; the API takes any whole number in the range. */
export const AUTO_TOP_UP_THRESHOLD_CHOICES = [10, 20, 30, 50] as const;
export const AUTO_TOP_UP_THRESHOLD_MIN_PERCENT = 5;
export const AUTO_TOP_UP_THRESHOLD_MAX_PERCENT = 50;
/** Auto top-ups per calendar month (Algiers time) and eSIM: the traveller chooses 1 to 5, 2 unless they do. */
export const AUTO_TOP_UP_MONTHLY_CAP_MAX = 5;
export const AUTO_TOP_UP_DEFAULT_MONTHLY_CAP = 2;
export const AUTO_TOP_UP_DEFAULT_THRESHOLD_PERCENT = 20;

/** Why an auto top-up was not bought for a trigger (the traveller is told once). */
export const AUTO_TOP_UP_OUTCOMES = ["ordering", "ordered", "credit_short", "cap_reached", "plan_unavailable"] as const;
export type AutoTopUpOutcome = (typeof AUTO_TOP_UP_OUTCOMES)[number];

/** What fires an auto top-up: the data left fell under the threshold, or the validity ends within a day. */
export const AUTO_TOP_UP_TRIGGER_KINDS = ["usage", "validity"] as const;
export type AutoTopUpTriggerKind = (typeof AUTO_TOP_UP_TRIGGER_KINDS)[number];

const esimIdParams = z.object({ id: z.string().check(z.uuid("INVALID")) });
const packageIdSchema = z.string({ error: "PACKAGE_INVALID" }).check(z.uuid("PACKAGE_INVALID"));

export const autoTopUpSettingsSchema = z.object({
  isEnabled: z.boolean({ error: "INVALID" }),
  /** The top-up bought, one of this eSIM's top-ups; required when enabled. */
  packageId: z.nullable(packageIdSchema),
  /** Fires when the data left is at or under this share of the eSIM's data. */
  thresholdPercent: z
    .number({ error: "INVALID" })
    .check(
      z.int("INVALID"),
      z.minimum(AUTO_TOP_UP_THRESHOLD_MIN_PERCENT, "INVALID"),
      z.maximum(AUTO_TOP_UP_THRESHOLD_MAX_PERCENT, "INVALID"),
    ),
  /** Also fires when the validity ends within a day. */
  isOnValidityEnding: z.boolean({ error: "INVALID" }),
  /** Auto top-ups per calendar month in Algiers time, at most. */
  monthlyCap: z
    .number({ error: "INVALID" })
    .check(z.int("INVALID"), z.minimum(1, "INVALID"), z.maximum(AUTO_TOP_UP_MONTHLY_CAP_MAX, "INVALID")),
});
export type AutoTopUpSettings = z.output<typeof autoTopUpSettingsSchema>;

const autoTopUpResponse = z.object({
  data: z.object({
    settings: autoTopUpSettingsSchema,
    /** Auto top-ups bought for this eSIM this calendar month (Algiers time). */
    boughtThisMonth: z.number(),
  }),
});

/** The caller's auto top-up settings for their eSIM (the defaults, off, when never set). */
export const getAutoTopUp = defineEndpoint({
  method: "GET",
  path: "/esims/:id/auto-top-up",
  auth: true,
  params: esimIdParams,
  body: undefined,
  response: autoTopUpResponse,
});

/** Saves them: the plan must be one of this eSIM's top-ups (PACKAGE_INVALID); someone else's eSIM is NOT_FOUND. */
export const saveAutoTopUp = defineEndpoint({
  method: "PUT",
  path: "/esims/:id/auto-top-up",
  auth: true,
  params: esimIdParams,
  body: z.strictObject(autoTopUpSettingsSchema.shape),
  response: autoTopUpResponse,
});

/**
 * One tap abroad: buys a top-up of the eSIM with store credit only, billed to the profile, no gateway. Idempotent on
 * clientReference. STORE_CREDIT_SHORT when the credit does not cover it; BILLING_PROFILE_INCOMPLETE when the profile
 * lacks what the invoice needs (the screen falls back to the checkout).
 */
export const topUpFromCredit = defineEndpoint({
  method: "POST",
  path: "/esims/:id/top-up-from-credit",
  auth: true,
  params: esimIdParams,
  body: z.strictObject({
    clientReference: z.string({ error: "INVALID" }).check(z.uuid("INVALID")),
    packageId: packageIdSchema,
    termsAccepted: termsAcceptedSchema,
  }),
  response: z.object({ data: z.object({ orderId: z.string(), orderNumber: z.string() }) }),
});
