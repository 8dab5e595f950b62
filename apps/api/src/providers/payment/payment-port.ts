import type { PaymentMethod } from "@esim/shared/checkout/contracts";

export type { PaymentMethod };

export type CheckoutStatus = "pending" | "processing" | "paid" | "failed" | "canceled";

export interface CheckoutRequest {
  /** Our payment id, echoed back in metadata. */
  paymentId: string;
  /** Whole dinars: the gateway charges DZD only. */
  amountDzd: number;
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
}

/** A webhook, once its signature is checked and its body read. */
export interface PaymentWebhookEvent extends CheckoutState {
  eventId: string;
  /** "checkout.paid", "checkout.failed", or another type (then re-fetch the checkout). */
  type: string;
  metadata: Record<string, unknown>;
}

/** A failure talking to the gateway. */
export class PaymentGatewayError extends Error {
  readonly isRetryable: boolean;

  constructor(message: string, options: { isRetryable: boolean; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.name = "PaymentGatewayError";
    this.isRetryable = options.isRetryable;
  }
}

/**
 * The payment gateway (DESIGN §6): Chargily Pay v2 or the local sandbox, whose hosted page the API serves and
 * whose webhooks are signed exactly like Chargily's.
 */
export interface PaymentGateway {
  readonly name: "sandbox" | "chargily";
  /** The methods this gateway can charge with, in the order to show them. */
  readonly methods: readonly PaymentMethod[];
  /** The smallest charge it takes, in whole dinars. */
  readonly minimumChargeDzd: number;
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
