import type { DbOrTx } from "../../db/client.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { keepCouponUse, releaseCouponUse } from "../coupons/index.ts";
import { issueInvoice } from "../invoices/index.ts";
import { findLedgerMovement, getOrderMoney, postMovement } from "../ledger/index.ts";
import { settleOrderCredit } from "../store-credit/index.ts";
import { alertOperator } from "./operator-alert.ts";
import { applyOrderEvent, flagOrder, nextStatus, type OrderActor, type OrderRow } from "./order-lifecycle.ts";
import { lockOrder, lockPayLinkOrdersAndFindPaid } from "./orders.repo.ts";
import { queueProvisioning } from "./provisioning.service.ts";

// What a payment's result does to its order: the one place that decides it (the payments module reports the gateway's
// word; this module owns the order's life). Everything happens in the caller's transaction.

export type PaymentOutcome =
  /** The gateway took the order's amount (or a coupon paid it all: nothing captured). */
  | { kind: "paid"; captured?: CapturedMoney }
  /** The gateway reports money taken that does not match the order: held for the operator. */
  | { kind: "mismatched"; reason: string; captured: CapturedMoney }
  /**
   * The checkout ended unpaid: failed, cancelled by the payer on the gateway's page, lapsed (ended by our sweep), or
   * the order cancelled by its payer from its status page (customer_cancelled).
   */
  | { kind: "failed" | "canceled" | "lapsed" | "customer_cancelled" };

/** The money a gateway took, as the ledger records it. */
export interface CapturedMoney {
  paymentId: string;
  /** The gateway's checkout that took it. */
  reference: string | null;
  provider: string;
  amountDzdMinor: number;
}

export type PaymentOutcomeResult = "confirmed" | "held" | "rejected" | "unchanged";

/** How a held payment's reason starts when it is a pay-for-me link's second payment (refunded without an operator). */
export const SECOND_PAY_LINK_PAYMENT = "second_pay_link_payment";

const REJECTING_EVENT = {
  failed: "payment_failed",
  canceled: "payment_canceled",
  lapsed: "checkout_lapsed",
  customer_cancelled: "customer_cancelled",
} as const;

/**
 * Applies a payment's result to its order, forward only, exactly once however often the gateway repeats itself:
 * - paid: confirmed, its invoice numbered and its provisioning queued, its coupon use kept for good. Money taken at the
 *   price we quoted is honoured: an order whose coupon hold ended (checkout over, lapsed or cancelled meanwhile) takes
 *   its use again, past the coupon's limits if need be, and the history says so (decision 057). Never dropped.
 * - mismatched: on_hold and flagged for the operator, who is told once; never delivered automatically. Its coupon use
 *   is kept as for a paid order.
 * - failed, canceled, lapsed, customer_cancelled: rejected (only before payment), the coupon use given back.
 * Store credit the order set aside is spent when it is paid, given back when it ends unpaid (decision 064).
 * Money taken is posted to the ledger in the same transaction (decision 061): a payment captured as a sale, or held
 * for the operator. Money taken for an order past its payment (a second checkout paid) is held and the order flagged:
 * it is never silently kept.
 */
export async function recordPaymentOutcome(
  tx: DbOrTx,
  deps: Pick<AppDeps, "config">,
  input: { orderId: string; outcome: PaymentOutcome; cause: string; actor: OrderActor; now: Date },
): Promise<PaymentOutcomeResult> {
  const { orderId, cause, actor, now } = input;
  const order = await lockOrder(tx, orderId);
  if (!order) return "unchanged";
  const outcome = await secondPayLinkPayment(tx, order, input.outcome);

  // Money was taken (matching or not): the order keeps its coupon use for good, as the price it paid included it.
  let causeWithCoupon = cause;
  const takesMoney = outcome.kind === "paid" ? "paid" : outcome.kind === "mismatched" ? "payment_mismatched" : null;
  if (takesMoney && order.couponId && nextStatus(order.status, takesMoney) !== null) {
    const kept = await keepCouponUse(tx, {
      couponId: order.couponId,
      orderId,
      userId: order.userId,
      email: order.billing.email,
      now,
    });
    if (kept.isPastLimit)
      causeWithCoupon = `${cause}; paid after its promo code's hold ended: use counted past the limit`;
  }

  if (outcome.kind === "paid") {
    const confirmed = await applyOrderEvent(tx, { orderId, event: "paid", cause: causeWithCoupon, actor, now });
    if (!confirmed) {
      if (outcome.captured) await holdUnexpectedMoney(tx, deps, { order, captured: outcome.captured, actor, now });
      return "unchanged";
    }
    if (outcome.captured) {
      // The gateway correcting its word on a checkout it reported wrongly (held): the money held is this sale's.
      const isCorrection = await findLedgerMovement(tx, [heldKey(outcome.captured)]);
      const heldDzdMinor = isCorrection ? (await getOrderMoney(tx, orderId)).heldDzdMinor : 0;
      const fromHeldDzdMinor = Math.min(heldDzdMinor, outcome.captured.amountDzdMinor);
      await postMovement(tx, {
        kind: "held_payment_accepted",
        key: `held-payment-accepted:${orderId}`,
        amountDzdMinor: fromHeldDzdMinor,
        orderId,
        userId: order.userId,
        cause: `${cause}: the gateway's corrected report of the checkout it had reported otherwise`,
        actor,
        now,
      });
      await postMovement(tx, {
        kind: "payment_captured",
        key: capturedKey(outcome.captured),
        amountDzdMinor: outcome.captured.amountDzdMinor - fromHeldDzdMinor,
        orderId,
        userId: order.userId,
        method: outcome.captured.provider,
        reference: outcome.captured.reference,
        cause,
        actor,
        now,
      });
    }
    // The store credit it set aside is spent now, beside the card's part (decision 064).
    await settleOrderCredit(tx, { order, outcome: "spent", cause, actor, now });
    // Every paid order has its invoice, numbered in the order of payment.
    await issueInvoice(tx, orderId, now, deps.config);
    await queueProvisioning(tx, orderId);
    return "confirmed";
  }

  if (outcome.kind === "mismatched") {
    const held = await applyOrderEvent(tx, {
      orderId,
      event: "payment_mismatched",
      cause: causeWithCoupon,
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
      await flagOrder(tx, { orderId, kind: "amount_mismatch", reason: outcome.reason, actor, now });
    } else {
      await alertOperator(tx, deps, { order: held, kind: "amount_mismatch", reason: outcome.reason, actor, now });
    }
    return "held";
  }

  const rejected = await applyOrderEvent(tx, { orderId, event: REJECTING_EVENT[outcome.kind], cause, actor, now });
  if (!rejected) return "unchanged";
  await releaseCouponUse(tx, orderId);
  // Unpaid: the store credit it set aside is the customer's again, at once.
  await settleOrderCredit(tx, { order, outcome: "released", cause, actor, now });
  return "rejected";
}

/**
 * A pay-for-me link is paid once (decision 082): money taken for another of its orders once one is paid (an earlier
 * attempt's checkout paid before it ended) is a second payment, held and refunded automatically (the
 * "pay-link-second-payment" subscriber), never delivered. The link's orders are settled one at a time.
 */
async function secondPayLinkPayment(tx: DbOrTx, order: OrderRow, outcome: PaymentOutcome): Promise<PaymentOutcome> {
  if (outcome.kind !== "paid" || !outcome.captured || !order.payLinkId) return outcome;
  const paidBy = await lockPayLinkOrdersAndFindPaid(tx, { payLinkId: order.payLinkId, exceptOrderId: order.id });
  if (!paidBy) return outcome;
  return {
    kind: "mismatched",
    captured: outcome.captured,
    reason: `${SECOND_PAY_LINK_PAYMENT}: its link was paid by order ${paidBy.number}; refunded automatically`,
  };
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
