import type { DbOrTx } from "../db/client.ts";
import type { AppDeps } from "../lib/deps.ts";
import { keepCouponUse, releaseCouponUse } from "../modules/coupons/index.ts";
import { issueInvoice } from "../modules/invoices/index.ts";
import { findLedgerMovement, getOrderMoney, postMovement } from "../modules/ledger/index.ts";
import {
  alertOperator,
  applyOrderEvent,
  type CapturedMoney,
  flagOrder,
  lockOrder,
  lockPayLinkOrdersAndFindPaid,
  nextStatus,
  type OrderActor,
  type OrderRow,
  type PaymentOutcome,
  type PaymentOutcomeResult,
  type PaymentSettlement,
  paymentOutcomeEvent,
  queueProvisioning,
  SECOND_PAY_LINK_PAYMENT,
  takesMoney,
} from "../modules/orders/index.ts";
import { settleOrderCredit } from "../modules/store-credit/index.ts";

// Settling a payment (decision 091): what a gateway's word (or a free order's) does to its order, across coupons,
// the ledger, store credit, invoices and provisioning. Every step runs in the caller's transaction, the one that
// changes the payment row: the payment and everything it decides commit together or not at all, so a crash leaves
// nothing half settled and the gateway's next word (webhook, return page, sweep) settles it again from the start.
// Its side effects are rows of that transaction (the provisioning job, the operator's alert in the outbox).
//
//   1. the order locked; a pay-for-me link's second payment becomes a held one (never delivered twice);
//   2. money taken (matching or not): the order's coupon use kept for good, past its limits if its hold ended;
//   3. paid: the order confirmed, the money captured on the ledger (a corrected held payment moved to the sale), the
//      store credit it set aside spent, its invoice numbered, its provisioning queued;
//      mismatched: the order on hold, the money held on the ledger, the operator told once;
//      failed, canceled, lapsed, customer_cancelled: the order rejected, its coupon use and credit given back.
//   Money taken for an order past its payment (a second checkout paid) is held and the order flagged, never kept.
//
// Forward only and exactly once however often the gateway repeats itself: each step keys on the order's state table
// (modules/orders) or on the ledger's movement keys. Handed to payments where its routes and jobs are registered.

/** Applies a payment's result to its order in `tx`; answers what it did to the order. */
export async function settlePayment(
  tx: DbOrTx,
  deps: Pick<AppDeps, "config">,
  input: PaymentSettlement,
): Promise<PaymentOutcomeResult> {
  const order = await lockOrder(tx, input.orderId);
  if (!order) return "unchanged";
  const outcome = await holdSecondPayLinkPayment(tx, order, input.outcome);
  const cause = await keepCouponWhenMoneyTaken(tx, { order, outcome, cause: input.cause, now: input.now });
  const step = { order, cause, causeWithoutCoupon: input.cause, actor: input.actor, now: input.now };
  if (outcome.kind === "paid") return confirmPaidOrder(tx, deps, { ...step, captured: outcome.captured });
  if (outcome.kind === "mismatched") return holdMismatchedPayment(tx, deps, { ...step, outcome });
  return rejectUnpaidOrder(tx, { ...step, outcome });
}

interface StepInput {
  order: OrderRow;
  /** The cause, saying so when a coupon's use was counted past its limit. */
  cause: string;
  causeWithoutCoupon: string;
  actor: OrderActor;
  now: Date;
}

/**
 * Step 1. A pay-for-me link is paid once (decision 082): money taken for another of its orders once one is paid (an
 * earlier attempt's checkout paid before it ended) is a second payment, held and refunded automatically (the
 * "pay-link-second-payment" subscriber), never delivered. The link's orders are settled one at a time.
 */
async function holdSecondPayLinkPayment(tx: DbOrTx, order: OrderRow, outcome: PaymentOutcome): Promise<PaymentOutcome> {
  if (outcome.kind !== "paid" || !outcome.captured || !order.payLinkId) return outcome;
  const paidBy = await lockPayLinkOrdersAndFindPaid(tx, { payLinkId: order.payLinkId, exceptOrderId: order.id });
  if (!paidBy) return outcome;
  return {
    kind: "mismatched",
    captured: outcome.captured,
    reason: `${SECOND_PAY_LINK_PAYMENT}: its link was paid by order ${paidBy.number}; refunded automatically`,
  };
}

/**
 * Step 2. Money was taken (matching or not): the order keeps its coupon use for good, as the price it paid included
 * it. Money taken at the price we quoted is honoured: an order whose coupon hold ended (checkout over, lapsed or
 * cancelled meanwhile) takes its use again, past the coupon's limits if need be, and the history says so (decision
 * 057). Answers the cause to record.
 */
async function keepCouponWhenMoneyTaken(
  tx: DbOrTx,
  input: { order: OrderRow; outcome: PaymentOutcome; cause: string; now: Date },
): Promise<string> {
  const { order, outcome, cause } = input;
  if (!takesMoney(outcome) || !order.couponId) return cause;
  if (nextStatus(order.status, paymentOutcomeEvent(outcome)) === null) return cause;
  const kept = await keepCouponUse(tx, {
    couponId: order.couponId,
    orderId: order.id,
    userId: order.userId,
    email: order.billing.email,
    now: input.now,
  });
  return kept.isPastLimit ? `${cause}; paid after its promo code's hold ended: use counted past the limit` : cause;
}

/**
 * Step 3, paid: confirmed, the money on the ledger (decision 061), the store credit set aside spent (decision 064),
 * the invoice numbered in the order of payment, provisioning queued. Already past its payment: the money is held.
 */
async function confirmPaidOrder(
  tx: DbOrTx,
  deps: Pick<AppDeps, "config">,
  input: StepInput & { captured: CapturedMoney | undefined },
): Promise<PaymentOutcomeResult> {
  const { order, captured, actor, now } = input;
  const confirmed = await applyOrderEvent(tx, { orderId: order.id, event: "paid", cause: input.cause, actor, now });
  if (!confirmed) {
    if (captured) await holdUnexpectedMoney(tx, deps, { order, captured, actor, now });
    return "unchanged";
  }
  if (captured) await postCapturedPayment(tx, { ...input, captured });
  await settleOrderCredit(tx, { order, outcome: "spent", cause: input.causeWithoutCoupon, actor, now });
  await issueInvoice(tx, order.id, now, deps.config);
  await queueProvisioning(tx, order.id);
  return "confirmed";
}

/** The sale's money on the ledger; the gateway correcting its word on a checkout it reported wrongly moves the held money. */
async function postCapturedPayment(tx: DbOrTx, input: StepInput & { captured: CapturedMoney }) {
  const { order, captured, actor, now } = input;
  const cause = input.causeWithoutCoupon;
  const isCorrection = await findLedgerMovement(tx, [heldKey(captured)]);
  const heldDzdMinor = isCorrection ? (await getOrderMoney(tx, order.id)).heldDzdMinor : 0;
  const fromHeldDzdMinor = Math.min(heldDzdMinor, captured.amountDzdMinor);
  await postMovement(tx, {
    kind: "held_payment_accepted",
    key: `held-payment-accepted:${order.id}`,
    amountDzdMinor: fromHeldDzdMinor,
    orderId: order.id,
    userId: order.userId,
    cause: `${cause}: the gateway's corrected report of the checkout it had reported otherwise`,
    actor,
    now,
  });
  await postMovement(tx, {
    kind: "payment_captured",
    key: capturedKey(captured),
    amountDzdMinor: captured.amountDzdMinor - fromHeldDzdMinor,
    orderId: order.id,
    userId: order.userId,
    method: captured.provider,
    reference: captured.reference,
    cause,
    actor,
    now,
  });
}

/**
 * Step 3, mismatched: on hold and flagged for the operator, who is told once; never delivered automatically. Its
 * coupon use was kept as for a paid order (step 2).
 */
async function holdMismatchedPayment(
  tx: DbOrTx,
  deps: Pick<AppDeps, "config">,
  input: StepInput & { outcome: Extract<PaymentOutcome, { kind: "mismatched" }> },
): Promise<PaymentOutcomeResult> {
  const { order, outcome, actor, now } = input;
  const held = await applyOrderEvent(tx, {
    orderId: order.id,
    event: "payment_mismatched",
    cause: input.cause,
    actor,
    now,
  });
  if (!held) {
    await holdUnexpectedMoney(tx, deps, { order, captured: outcome.captured, actor, now });
    return "unchanged";
  }
  await postHeldPayment(tx, { order, captured: outcome.captured, cause: outcome.reason, actor, now });
  if (outcome.reason.startsWith(SECOND_PAY_LINK_PAYMENT)) {
    // Refunded without an operator (decision 082): flagged for that refund and the history, no alert email.
    await flagOrder(tx, { orderId: order.id, kind: "amount_mismatch", reason: outcome.reason, actor, now });
  } else {
    await alertOperator(tx, deps, { order: held, kind: "amount_mismatch", reason: outcome.reason, actor, now });
  }
  return "held";
}

/** Step 3, unpaid (only before payment): rejected, the coupon use given back, the store credit set aside released. */
async function rejectUnpaidOrder(
  tx: DbOrTx,
  input: StepInput & { outcome: PaymentOutcome },
): Promise<PaymentOutcomeResult> {
  const { order, actor, now } = input;
  const cause = input.causeWithoutCoupon;
  const event = paymentOutcomeEvent(input.outcome);
  const rejected = await applyOrderEvent(tx, { orderId: order.id, event, cause, actor, now });
  if (!rejected) return "unchanged";
  await releaseCouponUse(tx, order.id);
  await settleOrderCredit(tx, { order, outcome: "released", cause, actor, now });
  return "rejected";
}

function capturedKey(captured: CapturedMoney) {
  return `payment-captured:${captured.paymentId}:${captured.reference ?? "none"}`;
}

function heldKey(captured: CapturedMoney) {
  return `payment-held:${captured.paymentId}:${captured.reference ?? "none"}`;
}

async function postHeldPayment(
  tx: DbOrTx,
  input: { order: OrderRow; captured: CapturedMoney; cause: string; actor: OrderActor; now: Date },
) {
  const { captured } = input;
  return postMovement(tx, {
    kind: "payment_held",
    key: heldKey(captured),
    amountDzdMinor: captured.amountDzdMinor,
    orderId: input.order.id,
    userId: input.order.userId,
    method: captured.provider,
    reference: captured.reference,
    cause: input.cause,
    actor: input.actor,
    now: input.now,
  });
}

/**
 * Money the gateway took for an order that no longer awaits it (a second checkout paid, a payment after the order was
 * held or refunded): held in the ledger and the order flagged for the operator, once per checkout.
 */
async function holdUnexpectedMoney(
  tx: DbOrTx,
  deps: Pick<AppDeps, "config">,
  input: { order: OrderRow; captured: CapturedMoney; actor: OrderActor; now: Date },
) {
  const { order, captured } = input;
  if (captured.amountDzdMinor <= 0) return;
  // The gateway repeating itself about money already recorded (or recorded before the ledger) is not new money.
  const recorded = await findLedgerMovement(tx, [capturedKey(captured), `backfill:payment:${order.id}`]);
  if (recorded) return;
  const reason = `payment_mismatch: checkout ${captured.reference ?? "none"} took ${(captured.amountDzdMinor / 100).toFixed(2)} DZD for order ${order.number}, which is ${order.status}: held for a refund`;
  const posted = await postHeldPayment(tx, { ...input, cause: reason });
  if (posted?.isNew) {
    await alertOperator(tx, deps, { order, kind: "amount_mismatch", reason, actor: input.actor, now: input.now });
  }
}
