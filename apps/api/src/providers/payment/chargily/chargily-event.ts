/**
 * The JSON Chargily Pay v2 produces, for the twins that must speak it (the sandbox gateway and the test double):
 * the checkout object of `POST /checkouts` and `GET /checkouts/{id}`, and the webhook event body, as Chargily documents them.
 */

/** What a checkout is, in our words; both shapes below are built from it. */
export interface CheckoutFacts {
  id: string;
  isLivemode: boolean;
  /** Whole dinars. */
  amount: number;
  /** Who pays the fee, as asked at creation (`chargily_pay_fees_allocation`). */
  feesAllocation: "merchant" | "customer" | "split";
  /** The whole fee, and the part of it the payer pays on top of `amount`; whole dinars. */
  fees: number;
  feesOnCustomer: number;
  status: "pending" | "processing" | "paid" | "failed" | "canceled" | "expired";
  locale: string;
  description: string | null;
  metadata: Record<string, unknown>;
  successUrl: string;
  failureUrl: string | null;
  webhookEndpoint: string | null;
  paymentMethod: string | null;
  createdAt: Date;
  updatedAt: Date;
  /** The hosted page where the payer pays. */
  pageUrl: string;
}

export type ChargilyEventType = "checkout.paid" | "checkout.failed" | "checkout.canceled";

const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Fields common to the checkout object and to an event's `data`. */
function checkoutFields(facts: CheckoutFacts) {
  return {
    id: facts.id,
    entity: "checkout",
    livemode: facts.isLivemode,
    amount: facts.amount,
    fees: facts.fees,
    fees_on_merchant: facts.fees - facts.feesOnCustomer,
    fees_on_customer: facts.feesOnCustomer,
    pass_fees_to_customer: null,
    chargily_pay_fees_allocation: facts.feesAllocation,
    status: facts.status,
    locale: facts.locale,
    description: facts.description,
    metadata: facts.metadata,
    success_url: facts.successUrl,
    failure_url: facts.failureUrl,
    webhook_endpoint: facts.webhookEndpoint,
    payment_method: facts.paymentMethod,
    invoice_id: null,
    customer_id: null,
    payment_link_id: null,
    shipping_address: null,
    collect_shipping_address: 0,
    discount: null,
    amount_without_discount: null,
    created_at: unixSeconds(facts.createdAt),
    updated_at: unixSeconds(facts.updatedAt),
  };
}

/** The checkout object answered by `POST /checkouts` and `GET /checkouts/{id}`. */
export function toCheckoutObject(facts: CheckoutFacts) {
  return { ...checkoutFields(facts), currency: "dzd", checkout_url: facts.pageUrl };
}

/**
 * The webhook body, serialised once: the signature covers these exact bytes. As Chargily sends it: `livemode` is the
 * string "false", and `data` is the checkout with `url` instead of `checkout_url` and without `currency`.
 */
export function toWebhookBody(options: {
  eventId: string;
  type: ChargilyEventType;
  checkout: CheckoutFacts;
  at: Date;
}): string {
  const { eventId, type, checkout, at } = options;
  return JSON.stringify({
    id: eventId,
    entity: "event",
    livemode: String(checkout.isLivemode),
    type,
    data: { ...checkoutFields(checkout), url: checkout.pageUrl },
    created_at: unixSeconds(at),
    updated_at: unixSeconds(at),
  });
}
