import type { JobHandlers } from "../lib/job-queue.ts";
import { type LedgerSubscriberName, ledgerSubscriberTask, readLedgerMovementMessage } from "../modules/ledger/index.ts";
import { type OrderSubscriberName, orderSubscriberTask, readOrderEventMessage } from "../modules/orders/index.ts";
import { countLedgerMovement } from "./ledger-movements-metric.ts";
import { countOrderEvent } from "./order-events-metric.ts";
import type { LedgerSubscriber, OrderSubscriber } from "./order-subscriber.ts";
import { markPayLinkPaid } from "./pay-link-paid.ts";
import { refundPayLinkSecondPayment } from "./pay-link-second-payment.ts";
import { rewardReferralOnDelivery, takeBackReferralOnRefund } from "./referral-rewards.ts";

// The handlers of the order subscribers named in modules/orders/order-subscribers.ts (its ORDER_SUBSCRIBERS: which
// events each listens to). Subscribers sit above the modules, as jobs/ and console-cli/ do: they react through the modules'
// front doors, and no module imports them, so a reaction is never an edit inside the module that emitted the event.

/** Every subscriber's handler, by name: a name added to the registry without its handler fails to compile. */
const ORDER_SUBSCRIBER_HANDLERS = {
  "order-events-metric": countOrderEvent,
  "pay-link-paid": markPayLinkPaid,
  "pay-link-second-payment": refundPayLinkSecondPayment,
  "referral-reward": rewardReferralOnDelivery,
} as const satisfies Record<OrderSubscriberName, OrderSubscriber>;

/** The subscribers' graphile-worker tasks, wired by jobs/worker.ts. */
export const orderSubscriberJobs: JobHandlers = Object.fromEntries(
  (Object.entries(ORDER_SUBSCRIBER_HANDLERS) as [OrderSubscriberName, OrderSubscriber][]).map(([name, handle]) => [
    orderSubscriberTask(name),
    (payload, context) => handle(readOrderEventMessage(payload), context),
  ]),
);

/** Every ledger subscriber's handler (modules/ledger/ledger-subscribers.ts names them and their movement kinds). */
const LEDGER_SUBSCRIBER_HANDLERS = {
  "ledger-movements-metric": countLedgerMovement,
  "referral-reward-taken-back": takeBackReferralOnRefund,
} as const satisfies Record<LedgerSubscriberName, LedgerSubscriber>;

export const ledgerSubscriberJobs: JobHandlers = Object.fromEntries(
  (Object.entries(LEDGER_SUBSCRIBER_HANDLERS) as [LedgerSubscriberName, LedgerSubscriber][]).map(([name, handle]) => [
    ledgerSubscriberTask(name),
    (payload, context) => handle(readLedgerMovementMessage(payload), context),
  ]),
);
