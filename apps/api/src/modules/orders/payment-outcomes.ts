import type { DbOrTx } from "../../db/client.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { keepCouponUse, releaseCouponUse } from "../coupons/index.ts";
import { issueInvoice } from "../invoices/index.ts";
import { alertOperator } from "./operator-alert.ts";
import { applyOrderEvent, nextStatus, type OrderActor } from "./order-lifecycle.ts";
import { lockOrder } from "./orders.repo.ts";
import { queueProvisioning } from "./provisioning.service.ts";

// What a payment's result does to its order: the one place that decides it (the payments module reports the gateway's
// word; this module owns the order's life). Everything happens in the caller's transaction.

export type PaymentOutcome =
  /** The gateway took the order's amount (or a coupon paid it all). */
  | { kind: "paid" }
  /** The gateway reports money taken that does not match the order: held for the operator. */
  | { kind: "mismatched"; reason: string }
  /**
   * The checkout ended unpaid: failed, cancelled by the payer on the gateway's page, lapsed (ended by our sweep), or
   * the order cancelled by its payer from its status page (customer_cancelled).
   */
  | { kind: "failed" | "canceled" | "lapsed" | "customer_cancelled" };

export type PaymentOutcomeResult = "confirmed" | "held" | "rejected" | "unchanged";

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
 * - failed, canceled, lapsed, customer_cancelled: rejected (only before payment) and the coupon use given back.
 */
export async function recordPaymentOutcome(
  tx: DbOrTx,
  deps: Pick<AppDeps, "config">,
  input: { orderId: string; outcome: PaymentOutcome; cause: string; actor: OrderActor; now: Date },
): Promise<PaymentOutcomeResult> {
  const { orderId, outcome, cause, actor, now } = input;
  const order = await lockOrder(tx, orderId);
  if (!order) return "unchanged";

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
    if (!confirmed) return "unchanged";
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
    if (!held) return "unchanged";
    await alertOperator(tx, deps, { order: held, kind: "amount_mismatch", reason: outcome.reason, actor, now });
    return "held";
  }

  const rejected = await applyOrderEvent(tx, { orderId, event: REJECTING_EVENT[outcome.kind], cause, actor, now });
  if (!rejected) return "unchanged";
  await releaseCouponUse(tx, orderId);
  return "rejected";
}
