import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { CHECKOUT_LIFETIME_MS, type CheckoutRequest, PaymentGatewayError } from "../payment-port.ts";
import { startWebhookReceiver, unusedLocalUrl } from "../test-webhook-receiver.ts";
import { startChargilyDouble } from "./chargily-double.ts";
import { createChargilyGateway } from "./chargily-gateway.ts";
import { signWebhookBody } from "./chargily-webhook.ts";

const double = await startChargilyDouble();
const receiver = await startWebhookReceiver();
const gateway = createChargilyGateway({
  baseUrl: double.baseUrl,
  secretKey: double.secretKey,
  minimumChargeDzd: 50,
  fees: { paidBy: "merchant", percent: 2.5 },
  timeoutMs: 500,
});
afterAll(async () => {
  await double.close();
  await receiver.close();
});

beforeEach(() => {
  double.requests.length = 0;
  receiver.received.length = 0;
});

const request = (overrides: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  paymentId: "5b0f5d0e-3a4e-4a55-9d43-6c1a2f1c0d11",
  amountDzd: 6400,
  feeAllocation: "merchant",
  method: "cib",
  locale: "ar",
  description: "eSIM Turquie, 5 GB, 7 jours",
  successUrl: "https://shop.example/success?order=ES26-000123",
  failureUrl: "https://shop.example/failure?order=ES26-000123",
  webhookUrl: receiver.url,
  metadata: { order_number: "ES26-000123" },
  ...overrides,
});

async function gatewayError(promise: Promise<unknown>): Promise<PaymentGatewayError> {
  const error = await promise.catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(PaymentGatewayError);
  return error as PaymentGatewayError;
}

describe("methods", () => {
  it("offers EDAHABIA, CIB and the Chargily app, not Visa/MasterCard", () => {
    expect(gateway.name).toBe("chargily");
    expect(gateway.methods).toEqual(["edahabia", "cib", "chargily_app"]);
  });
});

describe("createCheckout", () => {
  it("refuses a wrong secret key without retry", async () => {
    const wrongKey = createChargilyGateway({
      baseUrl: double.baseUrl,
      secretKey: "test_sk_wrong",
      minimumChargeDzd: 50,
      fees: { paidBy: "merchant", percent: 2.5 },
    });
    const error = await gatewayError(wrongKey.createCheckout(request()));
    expect(error.isRetryable).toBe(false);
    expect(error.message).toMatch(/refused the secret key \(401\)/);
    expect(error.message).not.toContain("test_sk_wrong");
  });

  it("turns Chargily's 422 into a non-retryable error carrying its message", async () => {
    const error = await gatewayError(gateway.createCheckout(request({ amountDzd: 64.5, successUrl: "nope" })));
    expect(error.isRetryable).toBe(false);
    expect(error.message).toBe(
      "Chargily refused the checkout (422): The amount field must be an integer. (and 1 more error); " +
        "amount: The amount field must be an integer.; success_url: The success url field must be a valid URL.",
    );
  });

  it("refuses Visa/MasterCard before asking Chargily", async () => {
    const error = await gatewayError(gateway.createCheckout(request({ method: "card" })));
    expect(error.isRetryable).toBe(false);
    expect(double.requests).toHaveLength(0);
  });

  it("marks a 5xx, a timeout and an unreachable server as retryable", async () => {
    double.failNext({ status: 503 });
    const serverError = await gatewayError(gateway.createCheckout(request()));
    expect(serverError).toMatchObject({ isRetryable: true, message: "Chargily answered POST /checkouts with 503." });

    double.failNext({ hangMs: 1_000 });
    const timeout = await gatewayError(gateway.createCheckout(request()));
    expect(timeout).toMatchObject({
      isRetryable: true,
      message: "Chargily did not answer POST /checkouts within 500 ms.",
    });

    const unreachable = createChargilyGateway({
      baseUrl: await unusedLocalUrl(),
      secretKey: double.secretKey,
      minimumChargeDzd: 50,
      fees: { paidBy: "merchant", percent: 2.5 },
    });
    expect(await gatewayError(unreachable.createCheckout(request()))).toMatchObject({ isRetryable: true });
  });

  it("posts the checkout in whole dinars with the Bearer key and answers Chargily's id and page", async () => {
    const checkout = await gateway.createCheckout(request());

    expect(double.requests).toEqual([
      {
        method: "POST",
        path: "/test/api/v2/checkouts",
        authorization: `Bearer ${double.secretKey}`,
        body: {
          amount: 6400,
          currency: "dzd",
          payment_method: "cib",
          success_url: "https://shop.example/success?order=ES26-000123",
          failure_url: "https://shop.example/failure?order=ES26-000123",
          webhook_endpoint: receiver.url,
          locale: "ar",
          description: "eSIM Turquie, 5 GB, 7 jours",
          chargily_pay_fees_allocation: "merchant",
          metadata: { order_number: "ES26-000123", payment_id: "5b0f5d0e-3a4e-4a55-9d43-6c1a2f1c0d11" },
        },
      },
    ]);
    const stored = double.checkouts.get(checkout.reference);
    expect(checkout.checkoutUrl).toBe(stored?.pageUrl);
  });
});

describe("retrieveCheckout", () => {
  it("refuses an unknown id without retry", async () => {
    const error = await gatewayError(gateway.retrieveCheckout("01unknown"));
    expect(error).toMatchObject({ isRetryable: false, message: "Chargily has no /checkouts/01unknown (404)." });
  });

  it("answers the checkout's status as it moves", async () => {
    const { reference } = await gateway.createCheckout(request());
    expect(await gateway.retrieveCheckout(reference)).toEqual({
      reference,
      status: "pending",
      amountDzd: 6400,
      currency: "dzd",
      customerFeeDzd: 0,
    });

    await double.complete(reference, "paid");

    expect(await gateway.retrieveCheckout(reference)).toEqual({
      reference,
      status: "paid",
      amountDzd: 6400,
      currency: "dzd",
      customerFeeDzd: 0,
    });
    expect(double.requests.at(-1)).toMatchObject({ method: "GET", path: `/test/api/v2/checkouts/${reference}` });
  });
});

describe("webhooks", () => {
  it("verifies and reads the checkout.paid event Chargily sends", async () => {
    const { reference } = await gateway.createCheckout(request());

    await double.complete(reference, "paid");

    const [{ rawBody, headers }] = receiver.received as [(typeof receiver.received)[number]];
    expect(gateway.verifyWebhook(rawBody, headers)).toBe(true);
    const event = gateway.parseWebhook(rawBody);
    expect(event).toEqual({
      eventId: expect.any(String),
      type: "checkout.paid",
      reference,
      status: "paid",
      amountDzd: 6400,
      currency: null,
      customerFeeDzd: 0,
      metadata: { order_number: "ES26-000123", payment_id: "5b0f5d0e-3a4e-4a55-9d43-6c1a2f1c0d11" },
    });
    expect(JSON.parse(rawBody.toString("utf8"))).toMatchObject({
      id: event.eventId,
      entity: "event",
      livemode: "false",
    });
  });

  it("reads checkout.failed", async () => {
    const { reference } = await gateway.createCheckout(request());
    await double.complete(reference, "failed");
    const event = gateway.parseWebhook(receiver.received[0]!.rawBody);
    expect(event).toMatchObject({ type: "checkout.failed", reference, status: "failed" });
  });

  it("refuses a missing signature, one made with another key, and an altered body", async () => {
    const { reference } = await gateway.createCheckout(request());
    await double.sendWebhook(reference, "checkout.paid", { signature: null });
    await double.sendWebhook(reference, "checkout.paid", { signature: "f".repeat(64) });
    const { rawBody } = await double.sendWebhook(reference, "checkout.paid");

    const [missing, forged, genuine] = receiver.received as [
      (typeof receiver.received)[number],
      (typeof receiver.received)[number],
      (typeof receiver.received)[number],
    ];
    expect(gateway.verifyWebhook(missing.rawBody, missing.headers)).toBe(false);
    expect(gateway.verifyWebhook(forged.rawBody, forged.headers)).toBe(false);
    expect(genuine.rawBody.toString("utf8")).toBe(rawBody);
    expect(gateway.verifyWebhook(genuine.rawBody, genuine.headers)).toBe(true);
    const altered = Buffer.from(rawBody.replace('"amount":6400', '"amount":64'));
    expect(gateway.verifyWebhook(altered, genuine.headers)).toBe(false);
    const otherKey = signWebhookBody(genuine.rawBody, "test_sk_someone_else");
    expect(gateway.verifyWebhook(genuine.rawBody, { signature: otherKey })).toBe(false);
  });

  it("reads an empty metadata sent as [] or null, a numeric string amount, and an unknown status as processing", () => {
    const body = (data: Record<string, unknown>) =>
      Buffer.from(JSON.stringify({ id: "evt", entity: "event", type: "checkout.paid", data }));
    expect(gateway.parseWebhook(body({ id: "c1", amount: "6400", status: "paid", metadata: [] }))).toMatchObject({
      amountDzd: 6400,
      currency: null,
      customerFeeDzd: null,
      metadata: {},
    });
    expect(gateway.parseWebhook(body({ id: "c1", amount: 6400, status: "expired", metadata: null }))).toMatchObject({
      status: "canceled",
    });
    expect(gateway.parseWebhook(body({ id: "c1", amount: 6400, status: "on_hold", metadata: {} }))).toMatchObject({
      status: "processing",
    });
    expect(() => gateway.parseWebhook(body({ id: "c1", amount: 64.5, status: "paid" }))).toThrow(PaymentGatewayError);
  });
});

describe("who pays the fee", () => {
  it("always sends chargily_pay_fees_allocation and reads the fee the payer pays on top", async () => {
    const merchant = await gateway.createCheckout(request({ amountDzd: 50000, feeAllocation: "merchant" }));
    const customer = await gateway.createCheckout(request({ amountDzd: 50000, feeAllocation: "customer" }));
    const split = await gateway.createCheckout(request({ amountDzd: 50000, feeAllocation: "split" }));

    expect(double.requests.map((sent) => (sent.body as Record<string, unknown>).chargily_pay_fees_allocation)).toEqual([
      "merchant",
      "customer",
      "split",
    ]);
    // The webhook example's fee: 1 250 DA on 50 000 DA.
    expect(await gateway.retrieveCheckout(merchant.reference)).toMatchObject({ amountDzd: 50000, customerFeeDzd: 0 });
    expect(await gateway.retrieveCheckout(customer.reference)).toMatchObject({
      amountDzd: 50000,
      customerFeeDzd: 1250,
    });
    expect(await gateway.retrieveCheckout(split.reference)).toMatchObject({ amountDzd: 50000, customerFeeDzd: 625 });
  });
});

let clock = new Date("2026-11-26T10:00:00Z");
const clocked = await startChargilyDouble({ now: () => clock });
const clockedGateway = createChargilyGateway({
  baseUrl: clocked.baseUrl,
  secretKey: clocked.secretKey,
  minimumChargeDzd: 50,
  fees: { paidBy: "merchant", percent: 2.5 },
});
afterAll(() => clocked.close());

describe("a checkout's 30 minutes", () => {
  const expireStatus = async (reference: string) =>
    (
      await fetch(`${clocked.baseUrl}/checkouts/${reference}/expire`, {
        method: "POST",
        headers: { authorization: `Bearer ${clocked.secretKey}` },
      })
    ).status;

  it("ends a checkout 30 minutes after creation; expiring it then answers 400, read as ended", async () => {
    const { reference } = await clockedGateway.createCheckout(request());
    clock = new Date(clock.getTime() + CHECKOUT_LIFETIME_MS - 1000);
    expect(await clockedGateway.retrieveCheckout(reference)).toMatchObject({ status: "pending" });

    clock = new Date(clock.getTime() + 1000);

    expect(await clockedGateway.retrieveCheckout(reference)).toMatchObject({ status: "canceled" });
    await expect(clocked.complete(reference, "paid")).rejects.toThrow(/expired/);
    expect(await expireStatus(reference)).toBe(400);
    expect(await clockedGateway.expireCheckout(reference)).toMatchObject({ reference, status: "canceled" });
  });

  it("expires a pending checkout, then answers 400; a paid one answers 403, read as paid", async () => {
    const pending = await clockedGateway.createCheckout(request());
    expect(await clockedGateway.expireCheckout(pending.reference)).toMatchObject({ status: "canceled" });
    expect(await expireStatus(pending.reference)).toBe(400);

    const paid = await clockedGateway.createCheckout(request());
    await clocked.complete(paid.reference, "paid");
    expect(await expireStatus(paid.reference)).toBe(403);
    expect(await clockedGateway.expireCheckout(paid.reference)).toMatchObject({ status: "paid", amountDzd: 6400 });
  });
});
