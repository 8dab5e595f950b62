import * as z from "zod/mini";
import { displayText } from "../display-text.ts";
import { languageSchema } from "../fields.ts";
import { defineEndpoint } from "../http.ts";
import { ESIM_STATUSES, ORDER_ATTENTION_KINDS } from "../statuses.ts";

// The console's cancellations and refunds queue (decision 037): the 24-hour requests to cancel an unused eSIM
// and the orders whose eSIMs could not be delivered (a refund owed within 7 days), each approved or refused with a
// reason the traveller reads in their language. Admin and support both work this queue.

/** The shop promises the money back within this many days once a refund is decided. */
export const REFUND_PROMISE_DAYS = 7;

const count = z.number().check(z.int(), z.minimum(0));
const minor = z.number().check(z.int());
const CANCELLATION_ROLES = ["admin", "support"] as const;

/** The operator's words to the traveller, quoted as typed in the email (and kept in the audit log). */
export const decisionReasonSchema = displayText({ error: "DECISION_REASON_REQUIRED", isMultiline: true }).check(
  z.minLength(1, "DECISION_REASON_REQUIRED"),
  z.maxLength(500, "CANCELLATION_REASON_TOO_LONG"),
);

export const decisionBodySchema = z.strictObject({ reason: decisionReasonSchema });

const idParams = z.object({ id: z.string().check(z.uuid("INVALID")) });

export const cancellationQueueItemSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  /** Null until the upstream gives it. */
  iccid: z.nullable(z.string()),
  /** The eSIM as we know it now: past "New", the traveller installed it since asking and it can no longer be cancelled. */
  esimStatus: z.enum(ESIM_STATUSES),
  /** Null once the traveller deleted their account (no email is sent then). */
  email: z.nullable(z.string()),
  /** The language the traveller reads the decision in. */
  language: languageSchema,
  /** The traveller's own words, optional. */
  customerReason: z.nullable(z.string()),
  refundDzdMinor: minor,
  paidAt: z.nullable(z.string()),
  requestedAt: z.string(),
  /** Minutes since the request. */
  ageMinutes: count,
  /** End of the 24 hours after payment in which the traveller could ask. */
  windowEndsAt: z.nullable(z.string()),
});
export type CancellationQueueItem = z.output<typeof cancellationQueueItemSchema>;

export const refundQueueItemSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  email: z.nullable(z.string()),
  language: languageSchema,
  amountDzdMinor: minor,
  /** Why the order is here: paid but its eSIM could not be delivered, or a refund already decided. */
  attentionKind: z.nullable(z.enum(ORDER_ATTENTION_KINDS)),
  attentionReason: z.nullable(z.string()),
  /** Since when: the failure's flag (to decide) or the decision (owed). */
  since: z.string(),
  ageMinutes: count,
  /** The 7 days promised, counted from the payment. */
  deadline: z.string(),
  isOverdue: z.boolean(),
});
export type RefundQueueItem = z.output<typeof refundQueueItemSchema>;

export const cancellationQueueSchema = z.object({
  /** Requests to cancel an unused eSIM, oldest first. */
  cancellations: z.array(cancellationQueueItemSchema),
  /** Paid orders whose eSIMs failed to be delivered: refund them (approve) or keep trying (refuse). */
  refundsToDecide: z.array(refundQueueItemSchema),
  /** Refunds decided and not yet made (made outside, then recorded on the order's page). */
  refundsOwed: z.array(refundQueueItemSchema),
});
export type CancellationQueue = z.output<typeof cancellationQueueSchema>;

export const listCancellationQueue = defineEndpoint({
  method: "GET",
  area: "admin",
  path: "/cancellations",
  auth: "operator",
  roles: CANCELLATION_ROLES,
  body: undefined,
  response: z.object({ data: cancellationQueueSchema }),
});

const decidedCancellationSchema = z.object({
  id: z.string(),
  status: z.enum(["approved", "refused"]),
  decidedAt: z.nullable(z.string()),
});

/**
 * Approves a request: the eSIM is cancelled upstream, the request approved, the order refunded once none of its eSIMs
 * is left, the traveller emailed in their language with the reason. Approving an approved request changes nothing.
 */
export const approveCancellationRequest = defineEndpoint({
  method: "POST",
  area: "admin",
  path: "/cancellations/:id/approve",
  auth: "operator",
  roles: CANCELLATION_ROLES,
  params: idParams,
  body: decisionBodySchema,
  response: z.object({ data: decidedCancellationSchema }),
});

/** Refuses a request with the reason the traveller reads (emailed, and shown on the eSIM). Idempotent. */
export const refuseCancellationRequest = defineEndpoint({
  method: "POST",
  area: "admin",
  path: "/cancellations/:id/refuse",
  auth: "operator",
  roles: CANCELLATION_ROLES,
  params: idParams,
  body: decisionBodySchema,
  response: z.object({ data: decidedCancellationSchema }),
});

const decidedRefundSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  decision: z.enum(["approved", "refused"]),
  status: z.string(),
});

/** A paid order whose eSIMs could not be delivered: its money goes back (refund_due); the traveller is emailed. */
export const approveTechnicalRefund = defineEndpoint({
  method: "POST",
  area: "admin",
  path: "/refunds/:id/approve",
  auth: "operator",
  roles: CANCELLATION_ROLES,
  params: idParams,
  body: decisionBodySchema,
  response: z.object({ data: decidedRefundSchema }),
});

/** No refund for now (the eSIM will be delivered): the traveller is told why; the order keeps its status. */
export const refuseTechnicalRefund = defineEndpoint({
  method: "POST",
  area: "admin",
  path: "/refunds/:id/refuse",
  auth: "operator",
  roles: CANCELLATION_ROLES,
  params: idParams,
  body: decisionBodySchema,
  response: z.object({ data: decidedRefundSchema }),
});
