import { formatMoney } from "@esim/shared/money";
import type { DbOrTx } from "../../db/client.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { releaseCouponUse, retakeCouponUse } from "../coupons/index.ts";
import { issueInvoice } from "../invoices/index.ts";
import { queueEmail } from "../mail-outbox/index.ts";
import { alertOperator } from "./operator-alert.ts";
import { lateRefundEmail } from "./order-emails.ts";
import { applyOrderEvent, type OrderActor } from "./order-lifecycle.ts";
import { findOrderForMail, lockOrder } from "./orders.repo.ts";
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

export type PaymentOutcomeResult = "confirmed" | "held" | "rejected" | "refund_due" | "unchanged";

const REJECTING_EVENT = {
  failed: "payment_failed",
  canceled: "payment_canceled",
  lapsed: "checkout_lapsed",
  customer_cancelled: "customer_cancelled",
} as const;

/**
 * Applies a payment's result to its order, forward only, exactly once however often the gateway repeats itself:
 * - paid: confirmed, its invoice numbered and its provisioning queued. An order that lapsed meanwhile takes its coupon
 *   use again if the coupon's limits allow; if not, it is not delivered but put in the refund queue (refund_due),
 *   flagged, the operator and the payer told. Never dropped.
 * - mismatched: on_hold and flagged for the operator, who is told once; never delivered automatically.
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

  if (outcome.kind === "paid") {
    if (order.status === "rejected" && order.couponId) {
      const hasCouponUse = await retakeCouponUse(tx, {
        couponId: order.couponId,
        orderId,
        userId: order.userId,
        now,
      });
      if (!hasCouponUse) {
        const refundDue = await applyOrderEvent(tx, { orderId, event: "late_payment_unusable", cause, actor, now });
        if (!refundDue) return "unchanged";
        const reason = `paid after the order lapsed, and its coupon has no use left: refund ${formatMoney(order.chargeDzdMinor, "DZD")}`;
        await alertOperator(tx, deps, { order: refundDue, kind: "late_payment", reason, actor, now });
        const mail = await findOrderForMail(tx, orderId);
        if (mail?.to) {
          await queueEmail(tx, {
            key: `late-payment:buyer:${orderId}`,
            message: lateRefundEmail({ to: mail.to, language: mail.language, name: mail.name, order: refundDue }),
            orderId,
            publicUrl: deps.config.PUBLIC_URL,
          });
        }
        return "refund_due";
      }
    }
    const confirmed = await applyOrderEvent(tx, { orderId, event: "paid", cause, actor, now });
    if (!confirmed) return "unchanged";
    // Every paid order has its invoice, numbered in the order of payment.
    await issueInvoice(tx, orderId, now, deps.config);
    await queueProvisioning(tx, orderId);
    return "confirmed";
  }

  if (outcome.kind === "mismatched") {
    const held = await applyOrderEvent(tx, { orderId, event: "payment_mismatched", cause, actor, now });
    if (!held) return "unchanged";
    await alertOperator(tx, deps, { order: held, kind: "amount_mismatch", reason: outcome.reason, actor, now });
    return "held";
  }

  const rejected = await applyOrderEvent(tx, { orderId, event: REJECTING_EVENT[outcome.kind], cause, actor, now });
  if (!rejected) return "unchanged";
  await releaseCouponUse(tx, orderId);
  return "rejected";
}
