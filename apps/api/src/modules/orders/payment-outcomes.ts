import type { OrderActor, OrderEvent } from "./order-lifecycle.ts";

// The order's vocabulary for a payment's result: what the gateway's word is, and which order event each result is.
// What a result does across modules (coupon, ledger, credit, invoice, provisioning) is the settle-payment flow's
// (decision 091); the state table deciding whether the event applies stays in order-lifecycle.ts.

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

/** A payment's result for one order, as the settle-payment flow takes it. */
export interface PaymentSettlement {
  orderId: string;
  outcome: PaymentOutcome;
  cause: string;
  actor: OrderActor;
  now: Date;
}

/** How a held payment's reason starts when it is a pay-for-me link's second payment (refunded without an operator). */
export const SECOND_PAY_LINK_PAYMENT = "second_pay_link_payment";

const REJECTING_EVENT = {
  failed: "payment_failed",
  canceled: "payment_canceled",
  lapsed: "checkout_lapsed",
  customer_cancelled: "customer_cancelled",
} as const satisfies Record<string, OrderEvent>;

/** The order event a payment's result is. */
export function paymentOutcomeEvent(outcome: PaymentOutcome): OrderEvent {
  if (outcome.kind === "paid") return "paid";
  if (outcome.kind === "mismatched") return "payment_mismatched";
  return REJECTING_EVENT[outcome.kind];
}

/** Money taken (matching or not) for this result: the order keeps its coupon use for good. */
export function takesMoney(outcome: PaymentOutcome): boolean {
  return outcome.kind === "paid" || outcome.kind === "mismatched";
}
