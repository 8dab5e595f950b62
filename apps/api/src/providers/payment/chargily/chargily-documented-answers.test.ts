import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { CheckoutRequest } from "../payment-port.ts";
import { createChargilyGateway } from "./chargily-gateway.ts";
import { signWebhookBody } from "./chargily-webhook.ts";

// Chargily's own example answers (fixtures/, each with its source page) replayed through our unmodified client and
// webhook parser: what dev.chargily.com/pay-v2 shows must read as what it means.

interface Fixture {
  source: string;
  request?: { method: string; path: string };
  status: number | null;
  body: unknown;
}

const fixture = (name: string): Fixture =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8")) as Fixture;

const BASE_URL = "https://pay.chargily.net/test/api/v2";

/** A gateway whose `fetch` answers one fixture for its method and path, as Chargily would. */
function gatewayAnswering(...fixtures: Fixture[]) {
  const sent: { method: string; url: string }[] = [];
  const fetchFixture = (async (url: string | URL | Request, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    sent.push({ method, url: String(url) });
    const found = fixtures.find(
      (candidate) => candidate.request?.method === method && `${BASE_URL}${candidate.request.path}` === String(url),
    );
    if (!found) return new Response(JSON.stringify({ message: "Not Found" }), { status: 404 });
    return new Response(JSON.stringify(found.body), {
      status: found.status ?? 200,
      headers: { "content-type": "application/json" },
    });
  }) as typeof fetch;
  const gateway = createChargilyGateway({
    baseUrl: BASE_URL,
    secretKey: "test_sk_documented",
    minimumChargeDzd: 50,
    fees: { paidBy: "merchant", percent: 2.5 },
    fetch: fetchFixture,
  });
  return { gateway, sent };
}

const request: CheckoutRequest = {
  paymentId: "5b0f5d0e-3a4e-4a55-9d43-6c1a2f1c0d11",
  amountDzd: 2500,
  feeAllocation: "merchant",
  method: "edahabia",
  locale: "en",
  description: "eSIM",
  successUrl: "https://my-app.com/payments/success",
  failureUrl: "https://my-app.com/payments/failure",
  webhookUrl: "https://my-app.com/webhooks",
  metadata: {},
};

describe("Chargily's documented answers", () => {
  it("reads the example answer of POST /checkouts as the checkout to send the payer to", async () => {
    const { gateway } = gatewayAnswering(fixture("checkout-create.json"));
    expect(await gateway.createCheckout(request)).toEqual({
      reference: "01hj5n7cqpaf0mt2d0xx85tgz8",
      checkoutUrl: "https://pay.chargily.dz/test/checkouts/01hj5n7cqpaf0mt2d0xx85tgz8/pay",
    });
  });

  it("reads the example answer of GET /checkouts/{id}, its fee paid by the customer included", async () => {
    const { gateway } = gatewayAnswering(fixture("checkout-retrieve.json"));
    expect(await gateway.retrieveCheckout("01hj5n7cqpaf0mt2d0xx85tgz8")).toEqual({
      reference: "01hj5n7cqpaf0mt2d0xx85tgz8",
      status: "pending",
      amountDzd: 2500,
      currency: "dzd",
      customerFeeDzd: 0,
    });
  });

  it("reads the older checkout object (pass_fees_to_customer, no allocation) without inventing a fee", async () => {
    const created = fixture("checkout-create.json");
    const { gateway } = gatewayAnswering({ ...created, request: { method: "GET", path: "/checkouts/x" } });
    expect(await gateway.retrieveCheckout("x")).toMatchObject({ amountDzd: 2500, customerFeeDzd: null });
  });

  it("reads the answer of POST /checkouts/{id}/expire as the checkout's state", async () => {
    const { gateway, sent } = gatewayAnswering(fixture("checkout-expire.json"));
    expect(await gateway.expireCheckout("01hj5n7cqpaf0mt2d0xx85tgz8")).toMatchObject({
      reference: "01hj5n7cqpaf0mt2d0xx85tgz8",
      amountDzd: 2500,
    });
    expect(sent).toEqual([{ method: "POST", url: `${BASE_URL}/checkouts/01hj5n7cqpaf0mt2d0xx85tgz8/expire` }]);
  });

  it("reads the 400 and 403 of expire as documented: ended, and the state the checkout is in", async () => {
    const retrieved = fixture("checkout-retrieve.json");
    const expire = (status: number): Fixture => ({
      source: "https://dev.chargily.com/pay-v2/api-reference/checkouts/expire",
      request: { method: "POST", path: "/checkouts/01hj5n7cqpaf0mt2d0xx85tgz8/expire" },
      status,
      body: { message: "undocumented body" },
    });
    const alreadyExpired = gatewayAnswering(expire(400), retrieved);
    expect(await alreadyExpired.gateway.expireCheckout("01hj5n7cqpaf0mt2d0xx85tgz8")).toMatchObject({
      status: "canceled",
    });
    const paid = gatewayAnswering(expire(403), {
      ...retrieved,
      body: { ...(retrieved.body as object), status: "paid" },
    });
    expect(await paid.gateway.expireCheckout("01hj5n7cqpaf0mt2d0xx85tgz8")).toMatchObject({ status: "paid" });
  });

  it("verifies and reads the webhook example: 50 000 DA paid, 1 250 DA of fees on the customer", () => {
    const { gateway } = gatewayAnswering();
    const rawBody = Buffer.from(JSON.stringify(fixture("webhook-checkout-paid.json").body));
    expect(gateway.verifyWebhook(rawBody, { signature: signWebhookBody(rawBody, "test_sk_documented") })).toBe(true);
    expect(gateway.parseWebhook(rawBody)).toEqual({
      eventId: "01hjjjzf7wbc454te45mwx35fe",
      type: "checkout.paid",
      reference: "01hjjj9aymmrwe664nbzrv84sg",
      status: "paid",
      amountDzd: 50000,
      currency: null,
      customerFeeDzd: 1250,
      metadata: {},
    });
  });
});
