import * as z from "zod/mini";
import { ORDER_REJECTING_EVENTS, PAYMENT_METHODS } from "../checkout/contracts.ts";
import { displayText } from "../display-text.ts";
import { languageSchema } from "../fields.ts";
import { defineEndpoint } from "../http.ts";
import { REFUND_METHODS } from "../ledger/vocabulary.ts";
import { REFUND_CHOICES } from "../orders/refunds.ts";
import { ESIM_STATUSES, ORDER_ATTENTION_KINDS, ORDER_STATUSES, PAYMENT_STATUSES } from "../statuses.ts";
import { consolePlanSchema } from "./plan-view.ts";
import { decisionBodySchema } from "./refunds-contract.ts";
import { OPERATOR_ROLES } from "./roles.ts";

// The operator's orders (decision 036): find and filter orders (decision 074), export them as CSV; read its timeline;
// retry its provisioning, resend its install email, cancel an unused eSIM upstream, record a refund made outside, accept
// or refuse a held payment (decision 067).
// Every action is audited in the transaction of the change. Times are ISO 8601 strings, money integers of minor units.

/** Orders one page of the search answers. */
export const ORDER_SEARCH_PAGE_SIZE = 20;

const count = z.number().check(z.int(), z.minimum(0));
const minor = z.number().check(z.int());

/** An order number as typed (case does not matter): ES26-000123. */
export const orderNumberParamsSchema = z.object({
  number: z.string().check(z.regex(/^[Ee][Ss]\d{2}-\d{6,12}$/, "INVALID")),
});

/** One line of the search's results. */
export const consoleOrderSummarySchema = z.object({
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  attentionKind: z.nullable(z.enum(ORDER_ATTENTION_KINDS)),
  createdAt: z.string(),
  /** The billing email (the account's may have changed or been deleted). */
  email: z.string(),
  /** The plan's parts, named in the operator's language by the console (never the upstream's name). */
  plan: consolePlanSchema,
  quantity: count,
  chargeDzdMinor: minor,
  /**
   * How a rejected order ended unpaid (the lifecycle event that rejected it): a declined card, a checkout its payer
   * cancelled on the gateway's page, a checkout that lapsed, the payer's own cancel. Null for any other status.
   */
  rejectedBy: z.nullable(z.enum(ORDER_REJECTING_EVENTS)),
});
export type ConsoleOrderSummary = z.output<typeof consoleOrderSummarySchema>;

const day = z.iso.date({ error: "INVALID" });

/**
 * What the orders list shows, the same for a page and for the CSV export (in the console's address, so a filtered list
 * can be shared and reloaded): `q` matches every word typed in the billing name, email or phone (any case, any accents,
 * a phone in any form) or a fragment of the order number, or exactly an ICCID, a payment id or the gateway's checkout
 * id; the other filters narrow it. `from` and `to` are Algiers days (YYYY-MM-DD, both included) of the order's
 * creation; `couponCode` the promo code used (any case); `refundOwed` keeps the orders the ledger still owes money on,
 * whatever their status (a delivered order with one eSIM cancelled, a refund sent in part).
 */
export const orderListFilterShape = {
  q: z.optional(z.string().check(z.maxLength(200, "INVALID"))),
  status: z.optional(z.enum(ORDER_STATUSES, { error: "INVALID" })),
  from: z.optional(day),
  to: z.optional(day),
  paymentMethod: z.optional(z.enum(PAYMENT_METHODS, { error: "INVALID" })),
  couponCode: z.optional(z.string().check(z.trim(), z.minLength(1, "INVALID"), z.maxLength(50, "INVALID"))),
  refundOwed: z.optional(z.enum(["true"], { error: "INVALID" })),
};
const orderListFilterSchema = z.strictObject(orderListFilterShape);
export type OrderListFilter = z.output<typeof orderListFilterSchema>;

/** The filter's fields, in the order the address and the export name them. */
export const ORDER_LIST_FILTER_KEYS = [
  "q",
  "status",
  "from",
  "to",
  "paymentMethod",
  "couponCode",
  "refundOwed",
] as const;

/** The matching orders, newest first (every order without a filter); `page` starts at 1. Every operator. */
export const searchConsoleOrders = defineEndpoint({
  method: "GET",
  area: "admin",
  path: "/orders",
  auth: "operator",
  roles: OPERATOR_ROLES,
  body: undefined,
  query: z.strictObject({
    ...orderListFilterShape,
    page: z.optional(
      z.coerce.number({ error: "INVALID" }).check(z.int("INVALID"), z.minimum(1, "INVALID"), z.maximum(500, "INVALID")),
    ),
  }),
  response: z.object({
    data: z.array(consoleOrderSummarySchema),
    page: count,
    hasMore: z.boolean(),
  }),
});

/** The most orders one CSV export holds, newest first (narrow the filter for more). */
export const ORDER_EXPORT_MAX_ROWS = 10_000;

/**
 * The same filter as a CSV file (text/csv, at most ORDER_EXPORT_MAX_ROWS rows, newest first; stable English column
 * ids). Admin only, audited (orders.exported): it carries the names, emails and phones of every buyer listed.
 */
export const exportConsoleOrders = defineEndpoint({
  method: "GET",
  area: "admin",
  path: "/orders/export.csv",
  auth: "operator",
  roles: ["admin"],
  body: undefined,
  query: orderListFilterSchema,
  response: undefined,
});

/** Who caused a line of an order's history; the console says it in the operator's language. */
export const ORDER_ACTOR_KINDS = ["customer", "operator", "commandLine", "gateway", "system"] as const;

export const orderActorSchema = z.object({
  kind: z.enum(ORDER_ACTOR_KINDS),
  /** The operator's email, the gateway's name; null for the customer, the command line and the system. */
  name: z.nullable(z.string()),
});
export type OrderActorView = z.output<typeof orderActorSchema>;

/**
 * What happened in a line of an order's history (order_events.event), as a code the console words: the lifecycle's
 * events, "created", a flag for the operator ("flagged", its kind beside), and "other" for a line of an event this
 * list does not know (the console then says only the change of status).
 */
export const ORDER_HISTORY_EVENTS = [
  "created",
  "checkout_opened",
  "paid",
  "payment_mismatched",
  "payment_failed",
  "payment_canceled",
  "checkout_lapsed",
  "customer_cancelled",
  "delivered",
  "held_payment_accepted",
  "refund_decided",
  "refund_recorded",
  "esims_cancelled",
  "held_money_refund_owed",
  "refund_refused",
  "flagged",
  "other",
] as const;
export type OrderHistoryEvent = (typeof ORDER_HISTORY_EVENTS)[number];

/** One moment of an order's life, from whichever record tells it. */
export const orderTimelineItemSchema = z.discriminatedUnion("kind", [
  /** A line of the order's history (order_events): a status change or an attention flag. */
  z.object({
    kind: z.literal("status"),
    at: z.string(),
    event: z.enum(ORDER_HISTORY_EVENTS),
    /** The flag's kind when `event` is "flagged". */
    attentionKind: z.nullable(z.enum(ORDER_ATTENTION_KINDS)),
    fromStatus: z.nullable(z.enum(ORDER_STATUSES)),
    toStatus: z.enum(ORDER_STATUSES),
    /** Words an operator typed with the change (a refund's reason, a note), shown as typed; null for the others. */
    note: z.nullable(z.string()),
    actor: orderActorSchema,
  }),
  /** A payment gateway's webhook received about the order's checkout. */
  z.object({
    kind: z.literal("webhook"),
    at: z.string(),
    provider: z.string(),
    eventId: z.string(),
    eventType: z.nullable(z.string()),
  }),
  /** An eSIM profile stored for the order (provisioning succeeded for it); its ICCID null until the upstream gives it. */
  z.object({ kind: z.literal("esim"), at: z.string(), iccid: z.nullable(z.string()) }),
  /** An email about the order, queued then sent (or failing). */
  z.object({
    kind: z.literal("email"),
    at: z.string(),
    key: z.string(),
    to: z.string(),
    subject: z.string(),
    status: z.enum(["queued", "sent", "failed"]),
    sentAt: z.nullable(z.string()),
    attempts: count,
    lastError: z.nullable(z.string()),
  }),
  /** An operator's action on the order (the audit log). */
  z.object({
    kind: z.literal("operator"),
    at: z.string(),
    action: z.string(),
    operatorEmail: z.nullable(z.string()),
  }),
]);
export type OrderTimelineItem = z.output<typeof orderTimelineItemSchema>;

export const consoleOrderDetailSchema = z.object({
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** As in the search: how a rejected order ended unpaid; null for any other status. */
  rejectedBy: z.nullable(z.enum(ORDER_REJECTING_EVENTS)),
  kind: z.enum(["new", "top_up"]),
  attention: z.nullable(
    z.object({ kind: z.enum(ORDER_ATTENTION_KINDS), reason: z.nullable(z.string()), since: z.nullable(z.string()) }),
  ),
  createdAt: z.string(),
  paidAt: z.nullable(z.string()),
  deliveredAt: z.nullable(z.string()),
  customer: z.object({
    /** Null once the account is deleted. */
    userId: z.nullable(z.string()),
    email: z.string(),
    name: z.string(),
    country: z.string(),
    /** The language of the customer's emails (the account's; French once it is deleted). */
    language: languageSchema,
  }),
  /** The plan's parts (named by the console) and the upstream's code of it. */
  plan: z.object({ ...consolePlanSchema.shape, upstreamCode: z.string() }),
  quantity: count,
  currency: z.enum(["DZD", "USD"]),
  totalMinor: minor,
  chargeDzdMinor: minor,
  couponCode: z.nullable(z.string()),
  payment: z.object({
    id: z.string(),
    provider: z.string(),
    method: z.string(),
    status: z.enum(PAYMENT_STATUSES),
    providerReference: z.nullable(z.string()),
    amountDzdMinor: minor,
    paidAt: z.nullable(z.string()),
  }),
  provisioning: z.object({
    attempts: count,
    lastError: z.nullable(z.string()),
    upstreamOrderNo: z.nullable(z.string()),
    /** The provisioning job while one is queued or running. */
    job: z.nullable(
      z.object({
        attempts: count,
        maxAttempts: count,
        runAt: z.string(),
        isRunning: z.boolean(),
        lastError: z.nullable(z.string()),
      }),
    ),
  }),
  esims: z.array(
    z.object({
      id: z.string(),
      /** Null until the upstream gives it. */
      iccid: z.nullable(z.string()),
      status: z.enum(ESIM_STATUSES),
      dataUsedBytes: count,
      dataTotalBytes: z.nullable(count),
      usageUpdatedAt: z.nullable(z.string()),
      /** Unused (New, first plan only): it can still be cancelled upstream. */
      isCancellable: z.boolean(),
    }),
  ),
  /** The order's refund as the ledger says (decision 062): owed, each refund sent, the customer's choice. */
  refund: z.object({
    /** Every refund owed on the order so far. */
    totalOwedDzdMinor: minor,
    /** Still to send: the order reads "refund owed" while it is above 0. */
    owedDzdMinor: minor,
    /** Money a payment took that is neither sold nor owed back yet (a second checkout): refund it or accept it. */
    heldDzdMinor: minor,
    sent: z.array(
      z.object({
        amountDzdMinor: minor,
        method: z.enum(REFUND_METHODS),
        reference: z.nullable(z.string()),
        at: z.string(),
        /** Who recorded it: an operator, the command line, the customer (store credit chosen). */
        by: orderActorSchema,
      }),
    ),
    /** The customer's choice, with the transfer's account in full (the operator sends it there). */
    choice: z.nullable(
      z.object({
        kind: z.enum(REFUND_CHOICES),
        accountNumber: z.nullable(z.string()),
        holderName: z.nullable(z.string()),
        chosenAt: z.string(),
      }),
    ),
  }),
  /** What the order's status allows now (the server decides again on each action). */
  actions: z.object({
    canRetryProvisioning: z.boolean(),
    canResendInstallEmail: z.boolean(),
    /** Something is owed: a (partial) refund can be recorded. */
    canRecordRefund: z.boolean(),
    /** A held payment (on_hold) awaits the operator: accept it (an admin) or refuse it (any operator). */
    canDecideHeldPayment: z.boolean(),
    /** Money is held on an order that went on without it: it can be owed back to the payer. */
    canRefundHeldMoney: z.boolean(),
  }),
  /** Everything that happened to the order, oldest first. */
  timeline: z.array(orderTimelineItemSchema),
  /**
   * Who paid and how: the customer's own checkout ("customer"; creditDzdMinor: their store credit used, if any), a
   * relative through the customer's pay-for-me link (payerEmail: the receipt address they gave, else null; the
   * link's creation time), store credit alone ("storeCredit"), or an auto top-up bought from credit ("autoTopUp").
   * Last: the compiled serializer writes an optional key after the others.
   */
  paidBy: z.optional(
    z.object({
      kind: z.enum(["customer", "payLink", "storeCredit", "autoTopUp"]),
      payerEmail: z.nullable(z.string()),
      creditDzdMinor: minor,
      linkCreatedAt: z.nullable(z.string()),
    }),
  ),
});
export type ConsoleOrderDetail = z.output<typeof consoleOrderDetailSchema>;

const detailResponse = z.object({ data: consoleOrderDetailSchema });

/** An order with its payment, eSIMs, provisioning and timeline. */
export const getConsoleOrder = defineEndpoint({
  method: "GET",
  area: "admin",
  path: "/orders/:number",
  auth: "operator",
  roles: OPERATOR_ROLES,
  body: undefined,
  params: orderNumberParamsSchema,
  response: detailResponse,
});

/**
 * Queues provisioning again for a paid, undelivered order; ORDER_ACTION_NOT_ALLOWED for any other. Repeating it
 * queues nothing more (one job per order, the upstream order keyed on the order).
 */
export const retryConsoleOrderProvisioning = defineEndpoint({
  method: "POST",
  area: "admin",
  path: "/orders/:number/retry-provisioning",
  auth: "operator",
  roles: OPERATOR_ROLES,
  body: z.strictObject({}),
  params: orderNumberParamsSchema,
  response: detailResponse,
});

/** The key the console draws once per confirmation: a double click sends one email. */
const requestKeySchema = z.string().check(z.uuid("INVALID"));

/** Sends the install details of a delivered order again, to the account's email. */
export const resendConsoleOrderInstallEmail = defineEndpoint({
  method: "POST",
  area: "admin",
  path: "/orders/:number/resend-install-email",
  auth: "operator",
  roles: OPERATOR_ROLES,
  body: z.strictObject({ requestKey: requestKeySchema }),
  params: orderNumberParamsSchema,
  response: detailResponse,
});

/**
 * Records a refund made outside (Chargily has no refund API), or given as store credit, for an order on which money is
 * owed: amount (at most what is still owed: REFUND_AMOUNT_TOO_HIGH), method and the bank's reference. Partial refunds
 * leave the rest owed; the order becomes refunded once nothing is owed; the customer is emailed each time. Idempotent
 * on `requestKey` (drawn once per form: a double click records one refund). Admin only: money leaves the shop.
 */
export const recordConsoleOrderRefund = defineEndpoint({
  method: "POST",
  area: "admin",
  path: "/orders/:number/refund",
  auth: "operator",
  roles: ["admin"],
  body: z.strictObject({
    amountDzdMinor: z.number({ error: "INVALID" }).check(z.int("INVALID"), z.minimum(1, "INVALID")),
    method: z.enum(REFUND_METHODS, { error: "INVALID" }),
    reference: displayText({ error: "INVALID" }).check(z.minLength(2, "INVALID"), z.maxLength(100, "INVALID")),
    requestKey: requestKeySchema,
  }),
  params: orderNumberParamsSchema,
  response: detailResponse,
});

/**
 * Money held on an order that went on without it (a second checkout paid) is owed back to the payer, the way it came:
 * a refund owed of the whole amount held, the order's flag cleared, audited; then recorded sent like any refund.
 * ORDER_ACTION_NOT_ALLOWED for an order on hold (refuse its payment instead) or holding nothing. Admin only.
 */
export const refundConsoleOrderHeldMoney = defineEndpoint({
  method: "POST",
  area: "admin",
  path: "/orders/:number/held-money/refund",
  auth: "operator",
  roles: ["admin"],
  body: decisionBodySchema,
  params: orderNumberParamsSchema,
  response: detailResponse,
});

/**
 * Cancels an unused eSIM of the order upstream on the customer's behalf (bought for the wrong country, say), with the
 * operator's words for the customer's email: a cancellation request is opened and approved at once, through the same
 * service as the queue's approval, so the eSIM is Canceled, its share refunded (the order once none is left) and the
 * customer told in their language. Only an eSIM never installed, on its first plan (CANCELLATION_NOT_ALLOWED
 * otherwise); cancelling it again answers the order as it is. UPSTREAM_CANCEL_FAILED when the supplier refuses.
 */
export const cancelConsoleOrderEsim = defineEndpoint({
  method: "POST",
  area: "admin",
  path: "/orders/:number/esims/:esimId/cancel",
  auth: "operator",
  roles: OPERATOR_ROLES,
  body: decisionBodySchema,
  params: z.object({ ...orderNumberParamsSchema.shape, esimId: z.string().check(z.uuid("INVALID")) }),
  response: detailResponse,
});

/**
 * Accepts a held payment (on_hold: the gateway reported another amount, currency or checkout) after the operator
 * checked it, with a note for the order's history: confirmed, invoiced and provisioned like any paid order, audited
 * with the operator. A second click answers the order as it is; an order whose payment is not held (or was refused)
 * is ORDER_ACTION_NOT_ALLOWED. Admin only: it delivers against a payment that did not match the price (decision 067).
 */
export const acceptConsoleOrderHeldPayment = defineEndpoint({
  method: "POST",
  area: "admin",
  path: "/orders/:number/accept-held-payment",
  auth: "operator",
  roles: ["admin"],
  body: z.strictObject({
    note: displayText({ error: "INVALID", isMultiline: true }).check(
      z.minLength(1, "INVALID"),
      z.maxLength(500, "INVALID"),
    ),
  }),
  params: orderNumberParamsSchema,
  response: detailResponse,
});

/**
 * Refuses a held payment: the money goes back (refund_due, the refunds owed), audited with the operator, the customer
 * emailed in their language with the reason as typed. A second click answers the order as it is; an order whose
 * payment is not held (or was accepted) is ORDER_ACTION_NOT_ALLOWED. Every operator, as a technical refund's approval.
 */
export const refuseConsoleOrderHeldPayment = defineEndpoint({
  method: "POST",
  area: "admin",
  path: "/orders/:number/refuse-held-payment",
  auth: "operator",
  roles: OPERATOR_ROLES,
  body: decisionBodySchema,
  params: orderNumberParamsSchema,
  response: detailResponse,
});
