import type { OrderSummary, PaymentMethod } from "@esim/shared/checkout/contracts";
import { maskPayoutAccount, type OrderRefund } from "@esim/shared/orders/refunds";
import { presentDestination, presentPlan } from "../catalog/index.ts";
import type { PresentableOrder } from "./orders.service.ts";
import type { RefundState } from "./refunds.ts";

/** An order as the contract's order summary. */
export function presentOrder({ view, esims, destinationPlans }: PresentableOrder): OrderSummary {
  const { order } = view;
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    kind: order.kind,
    createdAt: order.createdAt.toISOString(),
    quantity: order.quantity,
    currency: order.currency,
    unitPriceMinor: order.unitPriceMinor,
    subtotalMinor: order.subtotalMinor,
    discountMinor: order.discountMinor,
    couponDiscountMinor: order.couponDiscountMinor,
    referralDiscountMinor: order.referralDiscountMinor,
    serviceFeeMinor: order.serviceFeeMinor,
    totalMinor: order.totalMinor,
    chargeDzdMinor: order.chargeDzdMinor,
    creditAppliedDzdMinor: order.creditAppliedDzdMinor,
    couponCode: view.couponCode,
    paymentMethod: order.paymentMethod as PaymentMethod,
    plan: presentPlan(view.package),
    destination: presentDestination(view.destination, destinationPlans),
    payment: {
      id: view.payment.id,
      status: view.payment.status,
      customerFeeDzdMinor: view.payment.customerFeeMinor,
    },
    esims: esims.map((esim) => ({ id: esim.id, iccid: esim.iccid, status: esim.status })),
    hasInvoice: order.confirmedAt !== null,
    topUpOf: order.targetEsimId,
    billing: order.billing,
    rejectedBy: view.rejectedBy,
  };
}

/** The answer of POST /orders: the order and where to pay it (nowhere when a coupon paid it all). */
export function presentPlacedOrder(placed: { order: PresentableOrder; checkoutUrl: string | null }) {
  return {
    data: {
      order: presentOrder(placed.order),
      payment: { id: placed.order.view.payment.id, checkoutUrl: placed.checkoutUrl },
    },
  };
}

/** An order's refund as its customer sees it: a transfer's account only by its last digits. */
export function presentOrderRefund(state: RefundState): OrderRefund {
  return {
    totalOwedDzdMinor: state.totalOwedDzdMinor,
    owedDzdMinor: state.owedDzdMinor,
    sent: state.sent.map((sent) => ({
      amountDzdMinor: sent.amountDzdMinor,
      method: sent.method,
      reference: sent.reference,
      at: sent.at.toISOString(),
    })),
    choice: state.choice
      ? {
          kind: state.choice.kind,
          accountMasked: state.choice.accountNumber ? maskPayoutAccount(state.choice.accountNumber) : null,
          chosenAt: state.choice.chosenAt.toISOString(),
        }
      : null,
    canChoose: state.canChoose,
  };
}
