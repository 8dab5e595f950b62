import { ORDER_ATTENTION_KINDS, type OrderAttentionKind, type OrderStatus } from "@esim/shared/statuses";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { queueOrderSubscribers } from "./order-subscribers.ts";
import { orderEvents, orders } from "./orders.schema.ts";

// An order's life (decision 027): one table of events and the statuses each may leave from, and one
// function that applies an event. Nothing else writes orders.status.

interface Transition {
  from: readonly OrderStatus[];
  to: OrderStatus;
  /** Attention flags this event resolves (they are cleared with it). */
  clears?: readonly OrderAttentionKind[];
}

export const ORDER_LIFECYCLE = {
  /** The gateway holds a checkout for the order. */
  checkout_opened: { from: ["not_paid"], to: "pending" },
  /** The gateway took the expected amount (or a coupon paid it all). Money always wins over an earlier failure. */
  paid: {
    from: ["not_paid", "pending", "rejected", "on_hold"],
    to: "confirmed",
    clears: ["amount_mismatch", "late_payment"],
  },
  /** The gateway reports a payment that is not this order's amount, currency or checkout: never delivered as is. */
  payment_mismatched: { from: ["not_paid", "pending", "rejected"], to: "on_hold" },
  payment_failed: { from: ["not_paid", "pending"], to: "rejected" },
  /** The payer cancelled on the gateway's page. */
  payment_canceled: { from: ["not_paid", "pending"], to: "rejected" },
  /** The checkout ended unpaid at the gateway (expired by our sweep) or was never opened. */
  checkout_lapsed: { from: ["not_paid", "pending"], to: "rejected" },
  /** The payer cancelled the unpaid order from its status page (its checkout ended at the gateway first). */
  customer_cancelled: { from: ["not_paid", "pending"], to: "rejected" },
  /** The eSIMs are stored (or the top-up applied). */
  delivered: {
    from: ["confirmed"],
    to: "delivered",
    clears: ["provisioning_failed", "delivery_overdue", "awaiting_upstream_balance"],
  },
  /** The operator checked a held payment and accepts it. */
  held_payment_accepted: { from: ["on_hold"], to: "confirmed", clears: ["amount_mismatch"] },
  /** The operator decides the money goes back: a held payment, or eSIMs the upstream cannot deliver. */
  refund_decided: { from: ["on_hold", "confirmed"], to: "refund_due" },
  /**
   * The last of what was owed is sent (by transfer, recorded by the operator, or as store credit): applied only when
   * the ledger's owed balance of the order reaches 0, never on a partial refund (decision 062).
   */
  refund_recorded: { from: ["refund_due"], to: "refunded", clears: ORDER_ATTENTION_KINDS },
  /** Every eSIM of the order was cancelled on request: their refunds are owed until sent. */
  esims_cancelled: { from: ["delivered"], to: "refund_due" },
} as const satisfies Record<string, Transition>;

export type OrderEvent = keyof typeof ORDER_LIFECYCLE;
export const ORDER_EVENTS = Object.keys(ORDER_LIFECYCLE) as OrderEvent[];

export type OrderRow = typeof orders.$inferSelect;

/** Who caused a change: "customer:<id>", "gateway:<name>", "worker", "sweep", "operator:<who>". */
export type OrderActor = string;

/** The status an event leads to from `status`, or null when the table does not allow it. */
export function nextStatus(status: OrderStatus, event: OrderEvent): OrderStatus | null {
  const transition: Transition = ORDER_LIFECYCLE[event];
  return transition.from.includes(status) ? transition.to : null;
}

/**
 * Applies an event to an order, the only way its status changes: the order row is locked, the table consulted, then
 * one guarded `UPDATE … WHERE status = <the status it had>` and an order_events row (from, to, cause, actor, time) in
 * the same transaction, with the attention flags the event resolves cleared. Entering "confirmed" keeps the time of
 * the first payment (confirmedAt), entering "delivered" sets deliveredAt. Undefined when the table does not allow the
 * event from the order's status (or there is no such order): nothing changed, so exactly one caller sees a transition
 * and runs its side effects. The event's subscribers (order-subscribers.ts) get their jobs in the same transaction.
 */
export async function applyOrderEvent(
  tx: DbOrTx,
  input: { orderId: string; event: OrderEvent; cause: string; actor: OrderActor; now: Date },
): Promise<OrderRow | undefined> {
  const { orderId, event, now } = input;
  const [current] = await tx
    .select({ status: orders.status, confirmedAt: orders.confirmedAt })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("update");
  if (!current) return undefined;
  const to = nextStatus(current.status, event);
  if (to === null) return undefined;
  const transition: Transition = ORDER_LIFECYCLE[event];
  const clears = transition.clears ?? [];
  const isCleared =
    clears.length > 0
      ? sql`${orders.attentionKind} in (${sql.join(
          clears.map((kind) => sql`${kind}`),
          sql`, `,
        )})`
      : sql`false`;
  const [row] = await tx
    .update(orders)
    .set({
      status: to,
      updatedAt: now,
      ...(to === "confirmed" ? { confirmedAt: current.confirmedAt ?? now } : {}),
      ...(to === "delivered" ? { deliveredAt: now } : {}),
      attentionKind: sql`case when ${isCleared} then null else ${orders.attentionKind} end`,
      attentionReason: sql`case when ${isCleared} then null else ${orders.attentionReason} end`,
      attentionAt: sql`case when ${isCleared} then null else ${orders.attentionAt} end`,
    })
    .where(and(eq(orders.id, orderId), eq(orders.status, current.status)))
    .returning();
  if (!row) return undefined;
  const orderEventId = await recordOrderEvent(tx, {
    orderId,
    from: current.status,
    to,
    event,
    cause: input.cause,
    actor: input.actor,
    now,
  });
  await queueOrderSubscribers(tx, { orderId, event, orderEventId });
  return row;
}

/**
 * One line of an order's history (order_events), its id returned; a cause is kept to 500 characters (an upstream error
 * can be long).
 */
async function recordOrderEvent(
  tx: DbOrTx,
  line: {
    orderId: string;
    from: OrderStatus | null;
    to: OrderStatus;
    event: string;
    cause: string;
    actor: OrderActor;
    now: Date;
  },
): Promise<string> {
  const [recorded] = await tx
    .insert(orderEvents)
    .values({
      orderId: line.orderId,
      fromStatus: line.from,
      toStatus: line.to,
      event: line.event,
      cause: line.cause.slice(0, 500),
      actor: line.actor,
      createdAt: line.now,
    })
    .returning({ id: orderEvents.id });
  return recorded!.id;
}

/** Writes a new order (status not_paid) with the first line of its history. */
export async function insertOrderWithHistory(
  tx: DbOrTx,
  values: Omit<typeof orders.$inferInsert, "status">,
  history: { cause: string; actor: OrderActor },
): Promise<OrderRow> {
  const [row] = await tx
    .insert(orders)
    .values({ ...values, status: "not_paid" })
    .returning();
  await recordOrderEvent(tx, {
    orderId: row!.id,
    from: null,
    to: "not_paid",
    event: "created",
    cause: history.cause,
    actor: history.actor,
    now: values.createdAt ?? new Date(),
  });
  return row!;
}

/**
 * Flags the order for the operator (its status does not change): the kind and details replace any earlier flag, and
 * the order's history records it. The transition that resolves a kind clears it (ORDER_LIFECYCLE's `clears`).
 */
export async function flagOrder(
  tx: DbOrTx,
  input: { orderId: string; kind: OrderAttentionKind; reason: string; actor: OrderActor; now: Date },
): Promise<void> {
  const [row] = await tx
    .update(orders)
    .set({
      attentionKind: input.kind,
      attentionReason: input.reason.slice(0, 500),
      attentionAt: input.now,
      updatedAt: input.now,
    })
    .where(eq(orders.id, input.orderId))
    .returning({ status: orders.status });
  if (!row) return;
  await recordOrderEvent(tx, {
    orderId: input.orderId,
    from: row.status,
    to: row.status,
    event: `flagged:${input.kind}`,
    cause: input.reason,
    actor: input.actor,
    now: input.now,
  });
}

/**
 * Clears a flag of these kinds from an order in `status` (the operator settled it without a transition, e.g. keeps
 * delivering rather than refunding), with a history line. Undefined when the order is not so flagged any more, so
 * exactly one caller acts.
 */
export async function clearOrderFlag(
  tx: DbOrTx,
  input: {
    orderId: string;
    status: OrderStatus;
    kinds: readonly OrderAttentionKind[];
    event: string;
    cause: string;
    actor: OrderActor;
    now: Date;
  },
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(orders)
    .set({ attentionKind: null, attentionReason: null, attentionAt: null, updatedAt: input.now })
    .where(
      and(
        eq(orders.id, input.orderId),
        eq(orders.status, input.status),
        inArray(orders.attentionKind, [...input.kinds]),
      ),
    )
    .returning();
  if (!row) return undefined;
  await recordOrderEvent(tx, {
    orderId: input.orderId,
    from: input.status,
    to: input.status,
    event: input.event,
    cause: input.cause,
    actor: input.actor,
    now: input.now,
  });
  return row;
}
