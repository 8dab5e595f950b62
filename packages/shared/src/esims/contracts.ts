import * as z from "zod/mini";
import { destinationSummarySchema, planSchema } from "../catalog/contracts.ts";
import { VALIDITY_STARTS } from "../catalog/validity-start.ts";
import { displayText } from "../display-text.ts";
import { defineEndpoint } from "../http.ts";
import { CANCELLATION_STATUSES, ESIM_STATUSES } from "../statuses.ts";

export const PIN_LENGTH = 4;
/** Wrong PINs before the PIN is blocked. */
export const PIN_MAX_ATTEMPTS = 4;

export const pinSchema = z.string({ error: "PIN_FORMAT" }).check(z.regex(/^\d{4}$/, "PIN_FORMAT"));

const esimIdParams = z.object({ id: z.string().check(z.uuid("INVALID")) });

export const esimSummarySchema = z.object({
  id: z.string(),
  status: z.enum(ESIM_STATUSES),
  /** Where My eSIMs lists it. */
  group: z.enum(["available", "expired"]),
  /** Null until the upstream gives it: a new eSIM installs with its activation code meanwhile ("ICCID to come"). */
  iccid: z.nullable(z.string()),
  destination: destinationSummarySchema,
  /** The first plan's name, data and validity. */
  plan: z.object({
    name: z.string(),
    dataMb: z.nullable(z.number()),
    isUnlimited: z.boolean(),
    validityDays: z.number(),
    /** From the eSIM's package: whether its days start at installation or at the first connection (decision 050). */
    validityStart: z.enum(VALIDITY_STARTS),
  }),
  /** Null while unknown or for unlimited plans. */
  dataTotalBytes: z.nullable(z.number()),
  dataUsedBytes: z.number(),
  dataRemainingBytes: z.nullable(z.number()),
  /** Upstream usage lags by hours: always shown beside the figures. */
  usageUpdatedAt: z.nullable(z.string()),
  /** The end of validity; null until the days have started (installation or first connection, per the plan). */
  expiresAt: z.nullable(z.string()),
  /** The date by which the eSIM must be installed, when the upstream gives one. */
  activateBefore: z.nullable(z.string()),
  /** Onboard or later: the install section hides (with a "show again" link). */
  isInstalled: z.boolean(),
  supportsTopUp: z.boolean(),
  /** Top-ups offered: supports them and not expired. */
  canTopUp: z.boolean(),
});
export type EsimSummary = z.output<typeof esimSummarySchema>;

/** An unused eSIM may be cancelled and refunded within this long after payment. */
export const CANCELLATION_WINDOW_HOURS = 24;

export const cancellationRequestSchema = z.object({
  status: z.enum(CANCELLATION_STATUSES),
  requestedAt: z.string(),
  decidedAt: z.nullable(z.string()),
  /** Why the operator refused, in their words. */
  refusalReason: z.nullable(z.string()),
  /** This eSIM's share of the order's charge, refunded once approved. */
  refundDzdMinor: z.number(),
});

/** Whether the traveller may ask to cancel this eSIM, why not, and the request once made. */
export const esimCancellationSchema = z.object({
  isAvailable: z.boolean(),
  /** installed: Onboard or later; window_passed: 24 h since payment; topped_up; cancelled: not active any more. */
  unavailableReason: z.nullable(z.enum(["installed", "window_passed", "topped_up", "cancelled"])),
  /** Until when a request is accepted (payment + 24 h). */
  availableUntil: z.nullable(z.string()),
  request: z.nullable(cancellationRequestSchema),
});
export type EsimCancellation = z.output<typeof esimCancellationSchema>;

export const esimDetailSchema = z.extend(esimSummarySchema, {
  orderId: z.string(),
  orderNumber: z.string(),
  apn: z.nullable(z.string()),
  /** The first plan and every top-up applied, oldest first. */
  bundles: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(["new", "top_up"]),
      orderId: z.string(),
      orderNumber: z.string(),
      planName: z.string(),
      dataMb: z.nullable(z.number()),
      isUnlimited: z.boolean(),
      validityDays: z.number(),
      appliedAt: z.string(),
    }),
  ),
  cancellation: esimCancellationSchema,
});
export type EsimDetail = z.output<typeof esimDetailSchema>;

export const listEsims = defineEndpoint({
  method: "GET",
  path: "/esims",
  auth: true,
  body: undefined,
  response: z.object({
    data: z.object({ available: z.array(esimSummarySchema), expired: z.array(esimSummarySchema) }),
  }),
});

/** One of the caller's eSIMs; an unknown or someone else's id answers NOT_FOUND alike. */
export const getEsim = defineEndpoint({
  method: "GET",
  path: "/esims/:id",
  auth: true,
  body: undefined,
  params: esimIdParams,
  response: z.object({ data: esimDetailSchema }),
});

/** The install secrets, only with the right PIN (counted on the server: 4 wrong → PIN_BLOCKED). */
export const revealInstallDetails = defineEndpoint({
  method: "POST",
  path: "/esims/:id/install",
  auth: true,
  params: esimIdParams,
  body: z.strictObject({ pin: pinSchema }),
  response: z.object({
    data: z.object({
      /** `LPA:1$<SM-DP+>$<matching id>`: what the QR code holds and what Android takes whole. */
      activationCode: z.string(),
      /** iOS manual entry asks for these two separately. */
      smdpAddress: z.string(),
      matchingId: z.string(),
      /** Apple's one-tap install (iOS 17.4+). */
      iosInstallUrl: z.string(),
      /** Android's equivalent, best effort (undocumented by Google). */
      androidInstallUrl: z.string(),
    }),
  }),
});

/**
 * Asks to cancel an unused eSIM (New, within 24 hours of payment) for a refund; the operator decides. Asking
 * again answers the same request. CANCELLATION_NOT_ALLOWED otherwise.
 */
export const requestCancellation = defineEndpoint({
  method: "POST",
  path: "/esims/:id/cancellation",
  auth: true,
  params: esimIdParams,
  body: z.strictObject({
    reason: z.optional(
      displayText({ error: "INVALID", isMultiline: true }).check(z.maxLength(500, "CANCELLATION_REASON_TOO_LONG")),
    ),
  }),
  response: z.object({ data: esimCancellationSchema }),
});

/** Compatible top-up plans for this eSIM (empty when it cannot be topped up). */
export const listEsimTopUps = defineEndpoint({
  method: "GET",
  path: "/esims/:id/topups",
  auth: true,
  body: undefined,
  params: esimIdParams,
  response: z.object({ data: z.array(planSchema) }),
});

export const pinStatusSchema = z.object({
  isSet: z.boolean(),
  isBlocked: z.boolean(),
  attemptsLeft: z.number(),
});

/** Whether a PIN is set, and the attempts left (the PIN pad shows "{n} tentatives restantes"). */
export const getPinStatus = defineEndpoint({
  method: "GET",
  path: "/profile/pin",
  auth: true,
  body: undefined,
  response: z.object({ data: pinStatusSchema }),
});

/** Sets the PIN on first use (entered twice in the app); PIN_ALREADY_SET once one exists. */
export const setPin = defineEndpoint({
  method: "PUT",
  path: "/profile/pin",
  auth: true,
  body: z.strictObject({ pin: pinSchema }),
  response: z.object({ data: pinStatusSchema }),
});

/** Emails a code to reset the PIN ("Oublié" → /reset-password); same resend rules as sign-in codes. */
export const requestPinReset = defineEndpoint({
  method: "POST",
  path: "/profile/pin/reset/code",
  auth: true,
  body: undefined,
  response: z.object({ data: z.object({ sent: z.literal(true), resendAfterSeconds: z.number() }) }),
});

/** Sets a new PIN with the emailed code, and unblocks it. */
export const resetPin = defineEndpoint({
  method: "POST",
  path: "/profile/pin/reset",
  auth: true,
  body: z.strictObject({
    code: z.string({ error: "CODE_FORMAT" }).check(z.regex(/^\d{6}$/, "CODE_FORMAT")),
    pin: pinSchema,
  }),
  response: z.object({ data: pinStatusSchema }),
});
