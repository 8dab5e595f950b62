import { randomUUID } from "node:crypto";
import { toMajor } from "@esim/shared/money";
import type { FastifyInstance } from "fastify";
import type { payments } from "../../../modules/payments/payments.schema.ts";
import { type ChargilyEventType, type CheckoutFacts, toWebhookBody } from "../chargily/chargily-event.ts";
import { signWebhookBody } from "../chargily/chargily-webhook.ts";
import type { PaymentMethod } from "../payment-port.ts";
import type { SandboxButton } from "./sandbox-gateway.ts";

/**
 * Presses a button of the sandbox's hosted page as a browser would (a form post), for tests that go through
 * checkout: answers the status and where the payer is sent next.
 */
export async function pressSandboxButton(
  app: FastifyInstance,
  checkoutUrl: string,
  button: SandboxButton,
  options: { method?: PaymentMethod } = {},
): Promise<{ statusCode: number; location: string | undefined; body: string }> {
  const path = new URL(checkoutUrl).pathname;
  const response = await app.inject({
    method: "POST",
    url: `${path}/${button}`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: options.method ? new URLSearchParams({ method: options.method }).toString() : "",
  });
  const location = response.headers.location;
  return {
    statusCode: response.statusCode,
    location: typeof location === "string" ? location : undefined,
    body: response.body,
  };
}

/**
 * A `fetch` that answers through `app.inject`, for a sandbox gateway in tests whose app does not listen: its webhooks
 * then reach the app's own webhook route. Takes a getter because the gateway is built before the app.
 */
export function createInjectFetch(getApp: () => FastifyInstance): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const response = await getApp().inject({
      method: (init?.method ?? "GET") as "GET",
      url: `${url.pathname}${url.search}`,
      headers,
      ...(typeof init?.body === "string" ? { payload: init.body } : {}),
    });
    const answerHeaders = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) answerHeaders.append(name, String(item));
    }
    const hasBody = ![204, 205, 304].includes(response.statusCode);
    return new Response(hasBody ? response.rawPayload : null, { status: response.statusCode, headers: answerHeaders });
  };
}

/**
 * The webhook body Chargily (and the sandbox) would send for a payment's checkout: the tests' and benchmarks' own
 * gateway word, for amounts, statuses and secrets the hosted page does not offer.
 */
export function checkoutWebhookFor(
  payment: Pick<
    typeof payments.$inferSelect,
    "id" | "providerReference" | "amountMinor" | "method" | "checkoutUrl" | "feeAllocation" | "customerFeeMinor"
  >,
  options: {
    at: Date;
    type?: ChargilyEventType;
    status?: CheckoutFacts["status"];
    amountDzd?: number;
    /** The payer's share of the fee the gateway reports; the payment's own by default. */
    customerFeeDzd?: number;
    eventId?: string;
  },
): string {
  if (!payment.providerReference) throw new Error("the payment has no checkout yet");
  return toWebhookBody({
    eventId: options.eventId ?? `evt_${randomUUID().replaceAll("-", "")}`,
    type: options.type ?? "checkout.paid",
    checkout: {
      id: payment.providerReference,
      isLivemode: false,
      amount: options.amountDzd ?? toMajor(payment.amountMinor),
      feesAllocation: payment.feeAllocation,
      fees: options.customerFeeDzd ?? toMajor(payment.customerFeeMinor),
      feesOnCustomer: options.customerFeeDzd ?? toMajor(payment.customerFeeMinor),
      status: options.status ?? "paid",
      locale: "fr",
      description: null,
      metadata: { paymentId: payment.id },
      successUrl: "http://localhost/success",
      failureUrl: "http://localhost/failure",
      webhookEndpoint: null,
      paymentMethod: payment.method,
      createdAt: options.at,
      updatedAt: options.at,
      pageUrl: payment.checkoutUrl ?? "",
    },
    at: options.at,
  });
}

/** The headers a signed webhook body travels with. */
export function webhookHeaders(rawBody: string, secret: string): Record<string, string> {
  return { "content-type": "application/json", signature: signWebhookBody(rawBody, secret) };
}
