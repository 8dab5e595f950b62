import type { DbOrTx } from "../../db/client.ts";
import { addJob, readPayload } from "../../lib/job-queue.ts";

// Reactions to an order's events (decision 066; Medusa's packages/medusa/src/subscribers, where
// each subscriber declares the events it listens to). This is the one registry: a subscriber's name and its events.
// applyOrderEvent queues one graphile-worker job per subscriber of the event, in the transaction that applies it, so
// a job exists exactly when the transition committed; the handlers live in apps/api/src/subscribers/ (index.ts maps
// every name here to one, checked by the compiler) and are wired by jobs/worker.ts. A handler may run again after a
// crash (graphile-worker runs a job at least once): it must be idempotent on the order_events row it is given.
// Events are named as strings here (order-lifecycle.ts imports this file, so it cannot import that one's values); a
// test holds every name to ORDER_LIFECYCLE's events.

/** An event of ORDER_LIFECYCLE ("paid", "delivered", "refund_recorded"…). */
type OrderEventName = string;

export const ORDER_SUBSCRIBERS = {
  /** Counts every applied event on the worker's /metrics (esim_order_events_total{event}). */
  "order-events-metric": "every event",
  /** A pay-for-me link's order paid: the link paid, the traveller told, the payer's receipt (decision 077). */
  "pay-link-paid": ["paid"],
  /** A pay-for-me link's second payment held: refunded at once, the traveller told (decision 082). */
  "pay-link-second-payment": ["payment_mismatched"],
  /** A friend's first order delivered: the inviter earns their referral credit (decision 079). */
  "referral-reward": ["delivered"],
} as const satisfies Record<string, readonly OrderEventName[] | "every event">;

export type OrderSubscriberName = keyof typeof ORDER_SUBSCRIBERS;

/** What a subscriber's job is given: the order, the event and the order_events row that recorded it. */
export interface OrderEventMessage {
  orderId: string;
  event: OrderEventName;
  orderEventId: string;
}

/** The subscribers of an event, in the registry's order. */
export function subscribersOf(event: OrderEventName): OrderSubscriberName[] {
  return (Object.keys(ORDER_SUBSCRIBERS) as OrderSubscriberName[]).filter((name) => {
    const events = ORDER_SUBSCRIBERS[name] as readonly OrderEventName[] | "every event";
    return events === "every event" || events.includes(event);
  });
}

/** The graphile-worker task of a subscriber (prefixed: no clash with a module's own task names). */
export function orderSubscriberTask(name: OrderSubscriberName): string {
  return `order-subscriber:${name}`;
}

/** The job key of one subscriber's reaction to one order_events row: queued twice, it is still one job. */
export function orderSubscriberJobKey(name: OrderSubscriberName, orderEventId: string): string {
  return `order-subscriber:${name}:${orderEventId}`;
}

/** Queues, in the caller's transaction, one job per subscriber of the event (none when it has no subscriber). */
export async function queueOrderSubscribers(tx: DbOrTx, message: OrderEventMessage): Promise<void> {
  for (const name of subscribersOf(message.event)) {
    await addJob(tx, {
      task: orderSubscriberTask(name),
      payload: { ...message },
      key: orderSubscriberJobKey(name, message.orderEventId),
    });
  }
}

/** A subscriber job's payload, or a throw (a payload this code never writes). */
export function readOrderEventMessage(payload: unknown): OrderEventMessage {
  const { orderId, event, orderEventId } = readPayload(payload, ["orderId", "event", "orderEventId"]);
  return { orderId, event: event, orderEventId };
}
