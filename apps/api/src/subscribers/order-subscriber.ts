import type { JobContext } from "../lib/job-queue.ts";
import type { LedgerMovementMessage } from "../modules/ledger/index.ts";
import type { OrderEventMessage } from "../modules/orders/index.ts";

/**
 * One reaction to an order's event, run by the worker after the transition committed. It may run more than once (a
 * crash before graphile-worker recorded its end): it must be idempotent on `message.orderEventId`, e.g. an outbox row
 * or a ledger entry keyed by it. A throw is a failed attempt, retried with backoff.
 */
export type OrderSubscriber = (message: OrderEventMessage, context: JobContext) => Promise<void>;

/** One reaction to a money movement, run after it committed; idempotent on `message.movementId`. */
export type LedgerSubscriber = (message: LedgerMovementMessage, context: JobContext) => Promise<void>;
