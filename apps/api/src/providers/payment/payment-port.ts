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

/** A webhook, once its signature is checked and its body read. */
export interface PaymentWebhookEvent {
  eventId: string;
  /** "checkout.paid", "checkout.failed", or another type (then re-fetch the checkout). */
  type: string;
  reference: string;
  status: CheckoutStatus;
  amountDzd: number;
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
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /** The checkout's state as the gateway knows it: the truth when a webhook is late or missing. */
  retrieveCheckout(reference: string): Promise<{ reference: string; status: CheckoutStatus; amountDzd: number }>;
  /** Checks the raw body's signature (constant time); never parses before this says true. */
  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): boolean;
  /** Reads a verified webhook body; throws PaymentGatewayError when it is not one. */
  parseWebhook(rawBody: Buffer): PaymentWebhookEvent;
}
