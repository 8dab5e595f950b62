import { randomUUID } from "node:crypto";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../../config.ts";
import { createTestDatabase } from "../../../test/database.ts";
import { createTestClock } from "../../../test/test-app.ts";
import { signWebhookBody } from "../chargily/chargily-webhook.ts";
import { type CheckoutRequest, PaymentGatewayError } from "../payment-port.ts";
import { startWebhookReceiver } from "../test-webhook-receiver.ts";
import { createSandboxGateway } from "./sandbox-gateway.ts";

const database = await createTestDatabase();
const receiver = await startWebhookReceiver();
const config = loadConfig({ NODE_ENV: "test" }, { PUBLIC_URL: "https://shop.example/" });
const clock = createTestClock();
const silent = { warn: () => {} };
const gateway = createSandboxGateway({
  db: database.db,
  config,
  now: clock.now,
  delivery: { retryDelaysMs: [10, 10] },
  log: silent,
});
afterAll(async () => {
  await gateway.whenIdle();
  await receiver.close();
  await database.close();
});

beforeEach(() => {
  receiver.received.length = 0;
});

const request = (overrides: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  paymentId: randomUUID(),
  amountDzd: 1490,
  feeAllocation: "merchant",
  method: "edahabia",
  locale: "fr",
  description: "eSIM France, 3 GB, 7 jours",
  successUrl: "https://shop.example/success",
  failureUrl: "https://shop.example/failure",
  webhookUrl: receiver.url,
  metadata: {},
  ...overrides,
});

async function expectRefused(promise: Promise<unknown>, message: RegExp) {
  const error = await promise.catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(PaymentGatewayError);
  expect((error as PaymentGatewayError).isRetryable).toBe(false);
  expect((error as PaymentGatewayError).message).toMatch(message);
}

describe("methods", () => {
  it("offers EDAHABIA, CIB and the Chargily app, and Visa/MasterCard only when SANDBOX_OFFERS_CARD is on", () => {
    expect(gateway.name).toBe("sandbox");
    expect(gateway.methods).toEqual(["edahabia", "cib", "chargily_app"]);
    const withCard = createSandboxGateway({
      db: database.db,
      config: { ...config, SANDBOX_OFFERS_CARD: true },
      now: clock.now,
    });
    expect(withCard.methods).toEqual(["edahabia", "cib", "chargily_app", "card"]);
  });
});

describe("createCheckout", () => {
  it("refuses, as Chargily's 422 would, a card payment when cards are off, a fractional amount and a bad URL", async () => {
    await expectRefused(gateway.createCheckout(request({ method: "card" })), /payment_method: card is not offered/);
    await expectRefused(gateway.createCheckout(request({ amountDzd: 14.9 })), /amount/);
    await expectRefused(gateway.createCheckout(request({ successUrl: "javascript:alert(1)" })), /success_url/);
  });

  it("stores a pending checkout and answers its page under PUBLIC_URL", async () => {
    const checkoutRequest = request({ metadata: { order_number: "ES26-000042" } });
    const checkout = await gateway.createCheckout(checkoutRequest);

    expect(checkout.reference).toMatch(/^sbx_[0-9a-f]{32}$/);
    expect(checkout.checkoutUrl).toBe(`https://shop.example/sandbox/checkout/${checkout.reference}`);
    expect(await gateway.findCheckout(checkout.reference)).toMatchObject({
      amount: 1490,
      currency: "dzd",
      status: "pending",
      paymentMethod: "edahabia",
      metadata: { order_number: "ES26-000042", payment_id: checkoutRequest.paymentId },
      createdAt: clock.now(),
    });
  });
});

describe("retrieveCheckout", () => {
  it("refuses an unknown reference without retry", async () => {
    await expectRefused(gateway.retrieveCheckout("sbx_unknown"), /no checkout sbx_unknown/);
  });

  it("answers the status and amount", async () => {
    const { reference } = await gateway.createCheckout(request());
    expect(await gateway.retrieveCheckout(reference)).toEqual({
      reference,
      status: "pending",
      amountDzd: 1490,
      currency: "dzd",
      customerFeeDzd: 0,
    });
  });
});

describe("completeCheckout", () => {
  it("answers undefined for an unknown id", async () => {
    expect(await gateway.completeCheckout("sbx_unknown", { button: "pay" })).toBeUndefined();
  });

  it("retries the same event after a 5xx until it is accepted", async () => {
    receiver.script({ status: 503 }, { status: 500 });
    const { reference } = await gateway.createCheckout(request());

    const completion = await gateway.completeCheckout(reference, { button: "pay" });

    expect(completion?.delivery).toEqual({ isDelivered: true, attempts: 3, lastOutcome: "HTTP 200" });
    expect(receiver.received).toHaveLength(3);
    const bodies = new Set(receiver.received.map(({ rawBody }) => rawBody.toString("utf8")));
    expect(bodies.size).toBe(1);
  });

  it("does not retry an event the receiver refused with a 4xx", async () => {
    receiver.script({ status: 401 });
    const { reference } = await gateway.createCheckout(request());

    const completion = await gateway.completeCheckout(reference, { button: "fail" });

    expect(completion?.delivery).toEqual({ isDelivered: false, attempts: 1, lastOutcome: "HTTP 401" });
    expect(receiver.received).toHaveLength(1);
  });
});

describe("verifyWebhook and parseWebhook", () => {
  const body = Buffer.from(
    JSON.stringify({
      id: "evt_1",
      entity: "event",
      livemode: "false",
      type: "checkout.paid",
      data: { id: "sbx_1", amount: 1490, status: "paid", metadata: { payment_id: "p1" } },
    }),
  );

  it("accepts the signature made with SANDBOX_PAYMENT_SECRET", () => {
    expect(gateway.verifyWebhook(body, { signature: signWebhookBody(body, config.SANDBOX_PAYMENT_SECRET) })).toBe(true);
  });

  it("refuses a missing, forged, malformed or repeated signature, and an altered body", () => {
    const signature = signWebhookBody(body, config.SANDBOX_PAYMENT_SECRET);
    expect(gateway.verifyWebhook(body, {})).toBe(false);
    expect(gateway.verifyWebhook(body, { signature: signWebhookBody(body, "another-secret-key-123") })).toBe(false);
    expect(gateway.verifyWebhook(body, { signature: "not hex" })).toBe(false);
    expect(gateway.verifyWebhook(body, { signature: signature.slice(0, 62) })).toBe(false);
    expect(gateway.verifyWebhook(body, { signature: [signature, signature] })).toBe(false);
    const altered = Buffer.from(body.toString("utf8").replace("1490", "1"));
    expect(gateway.verifyWebhook(altered, { signature })).toBe(false);
  });

  it("reads the event, and refuses a body that is not JSON or not a checkout event", () => {
    expect(gateway.parseWebhook(body)).toEqual({
      eventId: "evt_1",
      type: "checkout.paid",
      reference: "sbx_1",
      status: "paid",
      amountDzd: 1490,
      currency: null,
      customerFeeDzd: null,
      metadata: { payment_id: "p1" },
    });
    expect(() => gateway.parseWebhook(Buffer.from("{"))).toThrow(PaymentGatewayError);
    expect(() => gateway.parseWebhook(Buffer.from(JSON.stringify({ id: "e", entity: "event" })))).toThrow(
      /not a checkout event/,
    );
  });
});
