import type { PaymentMethod } from "@esim/shared/checkout/contracts";

export type { PaymentMethod };

export type CheckoutStatus = "pending" | "processing" | "paid" | "failed" | "canceled";

/**
 * Who pays the gateway's fee (Chargily `chargily_pay_fees_allocation`: "Merchant" means you will pay the fees,
 * "Customer" means the customer will pay the fees, "Split" means you will split the fees with the customer).
 */
export const FEE_ALLOCATIONS = ["merchant", "customer", "split"] as const;
export type FeeAllocation = (typeof FEE_ALLOCATIONS)[number];

/** A checkout lives 30 minutes at Chargily ("By default, a Checkout expires automatically after 30 minutes"). */
export const CHECKOUT_LIFETIME_MS = 30 * 60 * 1000;

export interface CheckoutRequest {
  /** Our payment id, echoed back in metadata. */
  paymentId: string;
  /** Whole dinars: the gateway charges DZD only. The payer's share of the gateway's fee comes on top. */
  amountDzd: number;
  /** Always sent: left out, Chargily's documented examples put the fee on the payer. */
  feeAllocation: FeeAllocation;
  method: PaymentMethod;
  locale: "fr" | "en" | "ar";
  description: string;
  successUrl: string;
  failureUrl: string;
  webhookUrl: string;
  metadata: Record<string, string>;
}

export interface Checkout {
  /** The gateway's checkout id. */
  reference: string;
  checkoutUrl: string;
}

/** What the gateway says of one checkout (GET /checkouts/{id}, or an expiry's answer). */
export interface CheckoutState {
  reference: string;
  status: CheckoutStatus;
  /** Whole dinars. */
  amountDzd: number;
  /** As the gateway writes it ("dzd"); null when it does not say (Chargily's webhooks carry none). */
  currency: string | null;
  /**
   * Whole dinars of the gateway's fee the payer pays on top of amountDzd (Chargily `fees_on_customer`, or `fees` when
   * the allocation is "customer"); null or absent when the gateway does not say.
   */
  customerFeeDzd?: number | null;
}

/** A webhook, once its signature is checked and its body read. */
export interface PaymentWebhookEvent extends CheckoutState {
  eventId: string;
  /** "checkout.paid", "checkout.failed", or another type (then re-fetch the checkout). */
  type: string;
  metadata: Record<string, unknown>;
}

export interface FeePolicy {
  paidBy: FeeAllocation;
  /** The gateway's fee in percent of the amount (Chargily publishes no rate in its API documentation). */
  percent: number;
}

/**
 * The gateway's fee the payer pays on top of `amountDzd`, whole dinars, as the shop expects the gateway to compute it:
 * the fee rounded to whole dinars (Chargily's webhook example: 1 250 on 50 000 with the allocation "customer"), half
 * of it, rounded up, when split. Chargily documents neither its rate nor its rounding: a difference with what it
 * reports holds the payment for the operator (decision 054).
 */
export function computeCustomerFeeDzd(
  amountDzd: number,
  policy: { allocation: FeeAllocation; percent: number },
): number {
  if (policy.allocation === "merchant" || amountDzd <= 0) return 0;
  const feeDzd = Math.round((amountDzd * policy.percent) / 100);
  return policy.allocation === "customer" ? feeDzd : Math.ceil(feeDzd / 2);
}

/** A failure talking to the gateway. */
export class PaymentGatewayError extends Error {
  readonly isRetryable: boolean;
  /** The gateway's HTTP status, when it answered one. */
  readonly httpStatus: number | undefined;

  constructor(message: string, options: { isRetryable: boolean; cause?: unknown; httpStatus?: number }) {
    super(message, { cause: options.cause });
    this.name = "PaymentGatewayError";
    this.isRetryable = options.isRetryable;
    this.httpStatus = options.httpStatus;
  }
}

/**
 * The payment gateway (decision 010): Chargily Pay v2 or the local sandbox, whose hosted page the API serves and
 * whose webhooks are signed exactly like Chargily's.
 */
export interface PaymentGateway {
  readonly name: "sandbox" | "chargily";
  /** The methods this gateway can charge with, in the order to show them. */
  readonly methods: readonly PaymentMethod[];
  /** The smallest charge it takes, in whole dinars. */
  readonly minimumChargeDzd: number;
  /** Who pays its fee on new payments and the rate the shop expects it to take (PAYMENT_FEES_PAID_BY, PAYMENT_FEE_PERCENT). */
  readonly fees: FeePolicy;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /** The checkout's state as the gateway knows it: the truth when a webhook is late or missing. */
  retrieveCheckout(reference: string): Promise<CheckoutState>;
  /**
   * Ends an unpaid checkout so it can no longer be paid (Chargily: `POST /checkouts/{id}/expire`), and answers its
   * state afterwards: canceled once ended, or paid, failed… when it was already final.
   */
  expireCheckout(reference: string): Promise<CheckoutState>;
  /** Checks the raw body's signature (constant time); never parses before this says true. */
  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): boolean;
  /** Reads a verified webhook body; throws PaymentGatewayError when it is not one. */
  parseWebhook(rawBody: Buffer): PaymentWebhookEvent;
}
