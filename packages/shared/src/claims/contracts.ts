import * as z from "zod/mini";
import { displayText } from "../display-text.ts";
import { languageSchema } from "../fields.ts";
import { defineEndpoint } from "../http.ts";
import { REFUND_CHOICES } from "../orders/refunds.ts";
import { ESIM_STATUSES } from "../statuses.ts";

// Claims from inside the app (decision 080): "It doesn't work" on an eSIM, after the guided check,
// becomes a claim the traveller follows (received, answered, refunded, refused) and the console answers.

export const CLAIM_REASONS = ["no_coverage", "slow", "cannot_install", "cannot_connect", "other"] as const;
export type ClaimReason = (typeof CLAIM_REASONS)[number];

export const CLAIM_STATUSES = ["received", "answered", "refunded", "refused"] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** A claim still waiting for the shop or the traveller: one at a time per eSIM. */
export const OPEN_CLAIM_STATUSES = ["received", "answered"] as const satisfies readonly ClaimStatus[];

export const CLAIM_MESSAGE_AUTHORS = ["traveller", "operator"] as const;

/** "Refund within 7 days if the service fails for technical reasons" (the shop's promise), read in decision 080. */
export const CLAIM_REFUND_WINDOW_DAYS = 7;

export const CLAIM_MESSAGE_MAX_LENGTH = 2000;

/** A message in a claim's thread, typed by the traveller or the operator, shown as typed. */
export const claimMessageTextSchema = displayText({ error: "CLAIM_MESSAGE_REQUIRED", isMultiline: true }).check(
  z.minLength(1, "CLAIM_MESSAGE_REQUIRED"),
  z.maxLength(CLAIM_MESSAGE_MAX_LENGTH, "CLAIM_MESSAGE_TOO_LONG"),
);

const minor = z.number().check(z.int());
const idParams = z.object({ id: z.string().check(z.uuid("INVALID")) });

export const claimMessageSchema = z.object({
  author: z.enum(CLAIM_MESSAGE_AUTHORS),
  body: z.string(),
  at: z.string(),
});

export const claimSchema = z.object({
  id: z.string(),
  esimId: z.string(),
  orderId: z.string(),
  reason: z.enum(CLAIM_REASONS),
  status: z.enum(CLAIM_STATUSES),
  /** How the traveller wants a refund, should there be one. */
  refundPreference: z.enum(REFUND_CHOICES),
  openedAt: z.string(),
  /** The shop settles the claim by then: the refund promise's days (REFUND_PROMISE_DAYS) after filing. */
  settleBy: z.string(),
  /** Filed within the refund window (CLAIM_REFUND_WINDOW_DAYS from the purchase): a refund is due if it failed. */
  isRefundable: z.boolean(),
  /** The end of the refund window, shown when the claim is filed late. */
  refundableUntil: z.string(),
  refund: z.nullable(z.object({ method: z.enum(REFUND_CHOICES), amountDzdMinor: minor, at: z.string() })),
  refusalReason: z.nullable(z.string()),
  /** The traveller may write again (open claims only). */
  canReply: z.boolean(),
  messages: z.array(claimMessageSchema),
});
export type Claim = z.output<typeof claimSchema>;

export const openClaimBodySchema = z.strictObject({
  reason: z.enum(CLAIM_REASONS, { error: "CLAIM_REASON_REQUIRED" }),
  message: claimMessageTextSchema,
  refundPreference: z.optional(z.enum(REFUND_CHOICES, { error: "INVALID" })),
});
export type OpenClaimBody = z.output<typeof openClaimBodySchema>;

/** Files a claim on one of the caller's eSIMs; one open claim per eSIM (CLAIM_ALREADY_OPEN), the traveller emailed. */
export const openClaim = defineEndpoint({
  method: "POST",
  path: "/esims/:id/claims",
  auth: true,
  params: idParams,
  body: openClaimBodySchema,
  response: z.object({ data: claimSchema }),
});

/** What "It doesn't work" shows for one eSIM: the guided check's facts and the eSIM's claims, newest first. */
export const esimClaimsSchema = z.object({
  /** The eSIM's APN when the upstream gave one; the check says "automatic" otherwise. */
  apn: z.nullable(z.string()),
  /** The networks the plan works on, to pick one by hand. */
  networks: z.array(z.object({ country: z.string(), operator: z.string(), networkType: z.string() })),
  claims: z.array(claimSchema),
});
export type EsimClaims = z.output<typeof esimClaimsSchema>;

/** The caller's claims on one of their eSIMs, with the guided check's facts. */
export const listEsimClaims = defineEndpoint({
  method: "GET",
  path: "/esims/:id/claims",
  auth: true,
  params: idParams,
  body: undefined,
  response: z.object({ data: esimClaimsSchema }),
});

/** The caller's claims on all their eSIMs, newest first (the support page's list). */
export const listMyClaims = defineEndpoint({
  method: "GET",
  path: "/claims",
  auth: true,
  body: undefined,
  response: z.object({ data: z.array(claimSchema) }),
});

/** The traveller writes again on an open claim (it goes back to the shop: received). CLAIM_NOT_OPEN once settled. */
export const replyToClaim = defineEndpoint({
  method: "POST",
  path: "/claims/:id/messages",
  auth: true,
  params: idParams,
  body: z.strictObject({ message: claimMessageTextSchema }),
  response: z.object({ data: claimSchema }),
});

// The console's claims area: admin and support, like the refunds area.
const CLAIM_ROLES = ["admin", "support"] as const;

export const consoleClaimItemSchema = z.object({
  id: z.string(),
  status: z.enum(CLAIM_STATUSES),
  reason: z.enum(CLAIM_REASONS),
  orderNumber: z.string(),
  email: z.nullable(z.string()),
  language: languageSchema,
  iccid: z.nullable(z.string()),
  destinationCode: z.string(),
  openedAt: z.string(),
  settleBy: z.string(),
  isOverdue: z.boolean(),
  isRefundable: z.boolean(),
});
export type ConsoleClaimItem = z.output<typeof consoleClaimItemSchema>;

/** Claims, open ones first by deadline (overdue first), then settled ones newest first; filtered by status. */
export const listConsoleClaims = defineEndpoint({
  method: "GET",
  area: "admin",
  path: "/claims",
  auth: "operator",
  roles: CLAIM_ROLES,
  query: z.object({ status: z.optional(z.enum(CLAIM_STATUSES, { error: "INVALID" })) }),
  body: undefined,
  response: z.object({ data: z.array(consoleClaimItemSchema) }),
});

export const consoleClaimSchema = z.object({
  claim: claimSchema,
  item: consoleClaimItemSchema,
  esim: z.object({
    status: z.enum(ESIM_STATUSES),
    dataUsedBytes: z.number(),
    dataTotalBytes: z.nullable(z.number()),
    usageUpdatedAt: z.nullable(z.string()),
    expiresAt: z.nullable(z.string()),
    apn: z.nullable(z.string()),
    networks: z.array(z.object({ name: z.string(), type: z.string() })),
  }),
  order: z.object({ chargeDzdMinor: minor, owedDzdMinor: minor, paidAt: z.nullable(z.string()) }),
  /** The eSIM's share of the order's charge: the refund the rule gives. */
  esimShareDzdMinor: minor,
});
export type ConsoleClaim = z.output<typeof consoleClaimSchema>;

export const getConsoleClaim = defineEndpoint({
  method: "GET",
  area: "admin",
  path: "/claims/:id",
  auth: "operator",
  roles: CLAIM_ROLES,
  params: idParams,
  body: undefined,
  response: z.object({ data: consoleClaimSchema }),
});

/** The operator answers (the traveller emailed in their language): received -> answered. */
export const answerClaim = defineEndpoint({
  method: "POST",
  area: "admin",
  path: "/claims/:id/answer",
  auth: "operator",
  roles: CLAIM_ROLES,
  params: idParams,
  body: z.strictObject({ message: claimMessageTextSchema }),
  response: z.object({ data: consoleClaimSchema }),
});

/** Refunds the claim through the order's refunds: store credit at once, or a transfer owed. */
export const refundClaim = defineEndpoint({
  method: "POST",
  area: "admin",
  path: "/claims/:id/refund",
  auth: "operator",
  roles: CLAIM_ROLES,
  params: idParams,
  body: z.strictObject({
    method: z.enum(REFUND_CHOICES, { error: "INVALID" }),
    scope: z.enum(["esim", "order"], { error: "INVALID" }),
  }),
  response: z.object({ data: consoleClaimSchema }),
});

export const refuseClaim = defineEndpoint({
  method: "POST",
  area: "admin",
  path: "/claims/:id/refuse",
  auth: "operator",
  roles: CLAIM_ROLES,
  params: idParams,
  body: z.strictObject({
    reason: displayText({ error: "DECISION_REASON_REQUIRED", isMultiline: true }).check(
      z.minLength(1, "DECISION_REASON_REQUIRED"),
      z.maxLength(500, "CANCELLATION_REASON_TOO_LONG"),
    ),
  }),
  response: z.object({ data: consoleClaimSchema }),
});
