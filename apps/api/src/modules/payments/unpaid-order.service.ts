import type { CheckoutReturnTarget } from "@esim/shared/checkout/contracts";
import { isAwaitingPayment } from "@esim/shared/statuses";
import { AppError } from "../../lib/app-error.ts";
import type { AppDeps } from "../../lib/deps.ts";
import type { CheckoutState } from "../../providers/payment/payment-port.ts";
import { getPresentableOrder, type PresentableOrder } from "../orders/index.ts";
import { resumeCheckout } from "./payment-checkout.service.ts";
import { findUserOrderPayment, lockPayment, markPaymentUnpaid } from "./payments.repo.ts";
import { applyCheckoutResult, type SettlingOptions } from "./payments.service.ts";

// An unfinished payment is never a dead end (decision 057): the payer of an order awaiting payment may pay it now or
// cancel it from its status page. Both span the gateway and the order, so they live here, beside the webhook.

async function findOwnOrder(deps: AppDeps, options: { userId: string; orderId: string }) {
  const found = await findUserOrderPayment(deps.db, options.userId, options.orderId);
  if (!found) throw new AppError("NOT_FOUND", { message: "No such order." });
  return found;
}

/**
 * Pay now: a checkout for the caller's order awaiting payment (a fresh one once the last is near its 30 minutes, the old
 * one ended at the gateway first: resumeCheckout). An order already paid answers itself with no checkout; one cancelled or expired answers
 * ORDER_NOT_AWAITING_PAYMENT (buy again); anyone else's NOT_FOUND.
 */
export async function payUnpaidOrder(
  deps: AppDeps,
  options: SettlingOptions & { userId: string; orderId: string; returnTo: CheckoutReturnTarget },
): Promise<{ order: PresentableOrder; checkoutUrl: string | null }> {
  const { order } = await findOwnOrder(deps, options);
  if (order.status === "rejected") {
    throw new AppError("ORDER_NOT_AWAITING_PAYMENT", { message: "The order was cancelled or expired unpaid." });
  }
  let checkoutUrl: string | null = null;
  if (isAwaitingPayment(order.status)) {
    const resumed = await resumeCheckout(deps, options);
    checkoutUrl = "checkoutUrl" in resumed ? resumed.checkoutUrl : null;
  }
  return { order: await getPresentableOrder(deps, order.id), checkoutUrl };
}

/**
 * Cancels the caller's order awaiting payment. Its checkout is ended at the gateway first, so it can no longer take
 * money; should the gateway say it was paid meanwhile, that payment is applied exactly as its webhook would be and
 * the answer is ORDER_ALREADY_PAID. Then, in one transaction, the payment is canceled, the order rejected
 * (customer_cancelled) and its coupon use given back. Idempotent: a rejected order answers itself. A gateway that
 * cannot be reached changes nothing (PAYMENT_GATEWAY_UNAVAILABLE); a payment being processed answers
 * PAYMENT_IN_PROGRESS; anyone else's order NOT_FOUND. A payment that still arrives follows the late-payment rules.
 */
export async function cancelUnpaidOrder(
  deps: AppDeps,
  options: SettlingOptions & { userId: string; orderId: string; actor?: string },
): Promise<PresentableOrder> {
  const { order, payment } = await findOwnOrder(deps, options);
  if (order.status === "rejected") return getPresentableOrder(deps, order.id);
  if (!isAwaitingPayment(order.status)) {
    throw new AppError("ORDER_ALREADY_PAID", { message: "The order is paid; it can no longer be cancelled unpaid." });
  }

  let ended: CheckoutState | null = null;
  if (payment.providerReference && payment.status === "pending") {
    try {
      ended = await deps.payments.expireCheckout(payment.providerReference);
    } catch (error) {
      throw new AppError("PAYMENT_GATEWAY_UNAVAILABLE", {
        message: "The gateway could not end the checkout; nothing changed. Try again.",
        cause: error,
      });
    }
  }
  if (ended?.status === "processing") {
    throw new AppError("PAYMENT_IN_PROGRESS", { message: "The gateway is processing a payment for this order." });
  }

  const now = deps.now();
  const actor = options.actor ?? `customer:${options.userId}`;
  const outcome = await deps.db.transaction(async (tx) => {
    if (ended?.status === "paid") {
      await applyCheckoutResult(tx, deps, {
        paymentId: payment.id,
        result: ended,
        now,
        cause: "cancel asked: the gateway says the checkout was paid",
        log: options.log,
        settlePayment: options.settlePayment,
      });
      return "paid" as const;
    }
    const locked = await lockPayment(tx, payment.id);
    if (locked?.status === "successful") return "paid" as const;
    await markPaymentUnpaid(tx, payment.id, "canceled", now);
    await options.settlePayment(tx, deps, {
      orderId: order.id,
      outcome: { kind: "customer_cancelled" },
      cause: payment.providerReference
        ? `cancelled by the payer; checkout ${payment.providerReference} ended at the gateway`
        : "cancelled by the payer before any checkout was opened",
      actor,
      now,
    });
    return "cancelled" as const;
  });

  const presentable = await getPresentableOrder(deps, order.id);
  // A payment that arrived meanwhile (here or by its webhook) wins: say so rather than show it cancelled.
  if (outcome === "paid" || presentable.view.order.status !== "rejected") {
    throw new AppError("ORDER_ALREADY_PAID", { message: "The order was paid before the cancel reached the gateway." });
  }
  return presentable;
}
