import { randomUUID } from "node:crypto";
import { API_BASE_PATH } from "@esim/shared/http";
import { getPayment } from "@esim/shared/payments/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { settlePayment } from "../../flows/settle-payment.ts";
import { signWebhookBody } from "../../providers/payment/chargily/chargily-webhook.ts";
import { countCouponUses, createCoupon, createPackage, createSignedInUser } from "../../test/factories.ts";
import {
  createBuyingApp,
  orderBody,
  orderJobs,
  placeTestOrder,
  postPaymentWebhook,
  pressButton,
  readOrder,
  readPaymentRow,
  signedCheckoutWebhook,
} from "../orders/buying.test-kit.ts";
import { listOrderEvents } from "../orders/orders.repo.ts";
import { webhookEvents } from "./payments.schema.ts";
import { ABANDON_PAYMENT_AFTER_MS, reconcileStalePayments, STALE_PAYMENT_AFTER_MS } from "./payments.service.ts";

const testApp = await createBuyingApp();
const { app, db, clock } = testApp;
const plan = await createPackage(testApp);

async function placeFor(options: { couponCode?: string } = {}) {
  const buyer = await createSignedInUser(testApp);
  const placed = await placeTestOrder(testApp, buyer.headers, orderBody(buyer.user, plan.id, options));
  return { ...buyer, ...placed };
}

function getPaymentAs(headers: Record<string, string>, paymentId: string) {
  return app.inject({ method: "GET", url: `${API_BASE_PATH}/payments/${paymentId}`, headers });
}

describe("GET /payments/:paymentId", () => {
  it("refuses a request without a session with UNAUTHENTICATED", async () => {
    const response = await app.inject({ method: "GET", url: `${API_BASE_PATH}/payments/${randomUUID()}` });
    expect(response.statusCode).toBe(401);
  });

  it("refuses an id that is not a UUID with VALIDATION_FAILED", async () => {
    const { headers } = await createSignedInUser(testApp);
    const response = await getPaymentAs(headers, "not-an-id");
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ paymentId: "INVALID" });
  });

  it("answers NOT_FOUND for someone else's payment", async () => {
    const placed = await placeFor();
    const other = await createSignedInUser(testApp);
    const response = await getPaymentAs(other.headers, placed.paymentId);
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe("NOT_FOUND");
  });

  it("answers the payment and its order's status once the webhook confirmed it", async () => {
    const placed = await placeFor();
    await pressButton(testApp, placed.checkoutUrl, "pay");

    const response = await getPaymentAs(placed.headers, placed.paymentId);

    expect(response.statusCode).toBe(200);
    expect(getPayment.response.parse(response.json()).data).toEqual({
      id: placed.paymentId,
      status: "successful",
      orderId: placed.orderId,
      orderNumber: placed.number,
      orderStatus: "confirmed",
      chargeDzdMinor: 1490_00,
    });
  });

  it("asks the gateway itself when the webhook is lost, at most every 5 s, and confirms a paid checkout", async () => {
    const placed = await placeFor();
    testApp.setWebhooksLost(true);
    await pressButton(testApp, placed.checkoutUrl, "pay");
    testApp.setWebhooksLost(false);

    const early = await getPaymentAs(placed.headers, placed.paymentId);
    clock.advance(5_000);
    const later = await getPaymentAs(placed.headers, placed.paymentId);

    expect(early.json().data).toMatchObject({ status: "pending", orderStatus: "pending" });
    expect(later.json().data).toMatchObject({ status: "successful", orderStatus: "confirmed" });
    expect((await orderJobs(testApp, placed.orderId)).map((job) => job.task)).toEqual(["provision-order"]);
  });

  it("never takes the redirect's word: a checkout still pending stays pending", async () => {
    const placed = await placeFor();
    clock.advance(10_000);
    const response = await getPaymentAs(placed.headers, placed.paymentId);
    expect(response.json().data).toMatchObject({ status: "pending", orderStatus: "pending" });
    expect((await readPaymentRow(testApp, placed.paymentId)).updatedAt).toEqual(clock.now());
  });
});

describe("POST /webhooks/payments/:provider", () => {
  it("refuses a forged signature with WEBHOOK_SIGNATURE_INVALID, changes nothing and keeps nothing", async () => {
    const placed = await placeFor();
    const forged = await signedCheckoutWebhook(testApp, {
      paymentId: placed.paymentId,
      secret: "not-the-secret-key-0",
    });
    const unsigned = { rawBody: forged.rawBody, headers: { "content-type": "application/json" } };

    for (const webhook of [forged, unsigned]) {
      const response = await postPaymentWebhook(testApp, webhook);
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe("WEBHOOK_SIGNATURE_INVALID");
    }
    expect((await readOrder(testApp, placed.orderId)).status).toBe("pending");
    expect((await readPaymentRow(testApp, placed.paymentId)).status).toBe("pending");
    const eventId = JSON.parse(forged.rawBody).id;
    expect(await db.select().from(webhookEvents).where(eq(webhookEvents.eventId, eventId))).toEqual([]);
  });

  it("answers NOT_FOUND for a provider that is not the configured gateway", async () => {
    const placed = await placeFor();
    const webhook = await signedCheckoutWebhook(testApp, { paymentId: placed.paymentId });
    const response = await postPaymentWebhook(testApp, webhook, "chargily");
    expect(response.statusCode).toBe(404);
  });

  it("refuses a signed body that is not a checkout event with VALIDATION_FAILED", async () => {
    const rawBody = JSON.stringify({ hello: "world" });
    const response = await postPaymentWebhook(testApp, {
      rawBody,
      headers: {
        "content-type": "application/json",
        signature: signWebhookBody(rawBody, testApp.deps.config.SANDBOX_PAYMENT_SECRET),
      },
    });
    expect(response.statusCode).toBe(400);
  });

  it("confirms a paid order in one step: payment successful, order confirmed, provisioning queued once", async () => {
    const placed = await placeFor();
    const webhook = await signedCheckoutWebhook(testApp, { paymentId: placed.paymentId });

    const first = await postPaymentWebhook(testApp, webhook);
    const again = await postPaymentWebhook(testApp, webhook);

    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ data: { outcome: "confirmed" } });
    expect(again.json()).toEqual({ data: { outcome: "duplicate" } });
    expect(await readPaymentRow(testApp, placed.paymentId)).toMatchObject({
      status: "successful",
      paidAt: clock.now(),
    });
    expect(await readOrder(testApp, placed.orderId)).toMatchObject({ status: "confirmed", confirmedAt: clock.now() });
    const jobs = await orderJobs(testApp, placed.orderId);
    expect(jobs).toEqual([expect.objectContaining({ task: "provision-order", attempts: 0, maxAttempts: 10 })]);
  });

  it("holds, never delivers, a payment whose amount differs, and flags the order for the operator", async () => {
    const placed = await placeFor();
    const webhook = await signedCheckoutWebhook(testApp, { paymentId: placed.paymentId, amountDzd: 1 });

    const response = await postPaymentWebhook(testApp, webhook);

    expect(response.json()).toEqual({ data: { outcome: "held" } });
    const order = await readOrder(testApp, placed.orderId);
    expect(order).toMatchObject({ status: "on_hold", attentionKind: "amount_mismatch", confirmedAt: null });
    expect(order.attentionReason).toMatch(/^amount_mismatch: the gateway reports 1 DZD paid/);
    expect((await readPaymentRow(testApp, placed.paymentId)).status).toBe("successful");
    expect(await orderJobs(testApp, placed.orderId)).toEqual([]);
  });

  it("holds a payment the gateway reports in another currency than the order's", async () => {
    const placed = await placeFor();
    const webhook = await signedCheckoutWebhook(testApp, { paymentId: placed.paymentId, currency: "usd" });

    const response = await postPaymentWebhook(testApp, webhook);

    expect(response.json()).toEqual({ data: { outcome: "held" } });
    const order = await readOrder(testApp, placed.orderId);
    expect(order).toMatchObject({ status: "on_hold", attentionKind: "amount_mismatch" });
    expect(order.attentionReason).toMatch(/^currency_mismatch: the gateway reports a payment in usd/);
    expect(await orderJobs(testApp, placed.orderId)).toEqual([]);
  });

  it("clears the mismatch flag once the payment is put right, and delivers as usual", async () => {
    const placed = await placeFor();
    await postPaymentWebhook(
      testApp,
      await signedCheckoutWebhook(testApp, { paymentId: placed.paymentId, amountDzd: 1 }),
    );
    expect((await readOrder(testApp, placed.orderId)).attentionKind).toBe("amount_mismatch");

    const corrected = await signedCheckoutWebhook(testApp, { paymentId: placed.paymentId, currency: "dzd" });
    const response = await postPaymentWebhook(testApp, corrected);

    expect(response.json()).toEqual({ data: { outcome: "confirmed" } });
    expect(await readOrder(testApp, placed.orderId)).toMatchObject({
      status: "confirmed",
      attentionKind: null,
      attentionReason: null,
      attentionAt: null,
    });
    expect(await orderJobs(testApp, placed.orderId)).toEqual([expect.objectContaining({ task: "provision-order" })]);
  });

  it("rejects the order on checkout.failed and gives the coupon use back", async () => {
    const coupon = await createCoupon(testApp, { maxUses: 1 });
    const placed = await placeFor({ couponCode: coupon.code });
    const webhook = await signedCheckoutWebhook(testApp, {
      paymentId: placed.paymentId,
      type: "checkout.failed",
      status: "failed",
    });

    const response = await postPaymentWebhook(testApp, webhook);

    expect(response.json()).toEqual({ data: { outcome: "rejected" } });
    expect((await readOrder(testApp, placed.orderId)).status).toBe("rejected");
    expect((await readPaymentRow(testApp, placed.paymentId)).status).toBe("failed");
    expect(await countCouponUses(testApp, coupon.id)).toBe(0);
  });

  it("never un-pays: a failure arriving after the payment leaves the order confirmed", async () => {
    const placed = await placeFor();
    await postPaymentWebhook(testApp, await signedCheckoutWebhook(testApp, { paymentId: placed.paymentId }));
    const late = await signedCheckoutWebhook(testApp, {
      paymentId: placed.paymentId,
      type: "checkout.failed",
      status: "failed",
    });

    const response = await postPaymentWebhook(testApp, late);

    expect(response.json()).toEqual({ data: { outcome: "unchanged" } });
    expect((await readOrder(testApp, placed.orderId)).status).toBe("confirmed");
    expect((await readPaymentRow(testApp, placed.paymentId)).status).toBe("successful");
  });

  it("re-fetches the checkout for any other event type and acts on the gateway's status", async () => {
    const placed = await placeFor();
    testApp.setWebhooksLost(true);
    await pressButton(testApp, placed.checkoutUrl, "cancel");
    testApp.setWebhooksLost(false);
    const hint = await signedCheckoutWebhook(testApp, {
      paymentId: placed.paymentId,
      type: "checkout.updated",
      status: "pending",
    });

    const response = await postPaymentWebhook(testApp, hint);

    expect(response.json()).toEqual({ data: { outcome: "rejected" } });
    expect((await readPaymentRow(testApp, placed.paymentId)).status).toBe("canceled");
  });
});

describe("the reconciliation sweep", () => {
  const log = { warn: () => {} };

  it("confirms a payment whose webhook never came once it is stale, and queues provisioning once", async () => {
    const placed = await placeFor();
    testApp.setWebhooksLost(true);
    await pressButton(testApp, placed.checkoutUrl, "pay");
    testApp.setWebhooksLost(false);

    await reconcileStalePayments(testApp.deps, { log, settlePayment });
    expect((await readOrder(testApp, placed.orderId)).status).toBe("pending");

    clock.advance(STALE_PAYMENT_AFTER_MS + 1000);
    await reconcileStalePayments(testApp.deps, { log, settlePayment });
    await reconcileStalePayments(testApp.deps, { log, settlePayment });

    expect((await readOrder(testApp, placed.orderId)).status).toBe("confirmed");
    expect((await orderJobs(testApp, placed.orderId)).map((job) => job.task)).toEqual(["provision-order"]);
  });

  it("ends a checkout left unpaid past its 30 minutes at the gateway first, then rejects the order and gives the coupon use back", async () => {
    const coupon = await createCoupon(testApp, { maxUses: 1 });
    const placed = await placeFor({ couponCode: coupon.code });

    clock.advance(STALE_PAYMENT_AFTER_MS + 1000);
    await reconcileStalePayments(testApp.deps, { log, settlePayment });
    expect((await readOrder(testApp, placed.orderId)).status).toBe("pending");

    clock.advance(ABANDON_PAYMENT_AFTER_MS);
    await reconcileStalePayments(testApp.deps, { log, settlePayment });
    expect((await readOrder(testApp, placed.orderId)).status).toBe("rejected");
    expect((await readPaymentRow(testApp, placed.paymentId)).status).toBe("canceled");
    const reference = new URL(placed.checkoutUrl).pathname.split("/").pop()!;
    expect(await testApp.gateway.findCheckout(reference)).toMatchObject({ status: "expired" });
    expect(await countCouponUses(testApp, coupon.id)).toBe(0);

    // The ended checkout can no longer take the payer's money.
    await pressButton(testApp, placed.checkoutUrl, "pay");
    expect((await readOrder(testApp, placed.orderId)).status).toBe("rejected");
  });

  it("frees the coupon use at the checkout's end even while the gateway cannot end it; the order waits", async () => {
    const coupon = await createCoupon(testApp, { maxUses: 1 });
    const placed = await placeFor({ couponCode: coupon.code });
    clock.advance(ABANDON_PAYMENT_AFTER_MS + 1000);
    const expire = vi.spyOn(testApp.deps.payments, "expireCheckout").mockRejectedValueOnce(new Error("gateway down"));
    try {
      await reconcileStalePayments(testApp.deps, { log, settlePayment });
    } finally {
      expire.mockRestore();
    }

    expect((await readOrder(testApp, placed.orderId)).status).toBe("pending");
    expect(await countCouponUses(testApp, coupon.id)).toBe(0);
  });

  it("delivers a payment that comes after its order lapsed, its use counted past the coupon's limit", async () => {
    const coupon = await createCoupon(testApp, { maxUses: 1 });
    const late = await placeFor({ couponCode: coupon.code });
    clock.advance(ABANDON_PAYMENT_AFTER_MS + 1000);
    await reconcileStalePayments(testApp.deps, { log, settlePayment });
    expect((await readOrder(testApp, late.orderId)).status).toBe("rejected");
    const next = await placeFor({ couponCode: coupon.code });
    expect((await readOrder(testApp, next.orderId)).status).toBe("pending");

    // The payer had paid just before the checkout ended; the gateway's word arrives now.
    const response = await postPaymentWebhook(
      testApp,
      await signedCheckoutWebhook(testApp, { paymentId: late.paymentId }),
    );

    expect(response.json()).toEqual({ data: { outcome: "confirmed" } });
    expect(await countCouponUses(testApp, coupon.id)).toBe(2);
    expect(await readOrder(testApp, late.orderId)).toMatchObject({ status: "confirmed", attentionKind: null });
    expect((await readPaymentRow(testApp, late.paymentId)).status).toBe("successful");
    expect((await orderJobs(testApp, late.orderId)).map((job) => job.task)).toEqual(["provision-order"]);
    const history = await listOrderEvents(db, late.orderId);
    expect(history.at(-1)).toMatchObject({ event: "paid", cause: expect.stringContaining("past the limit") });
  });

  it("delivers a payment that comes after its order lapsed when its coupon still has a use", async () => {
    const coupon = await createCoupon(testApp, { maxUses: 5 });
    const late = await placeFor({ couponCode: coupon.code });
    clock.advance(ABANDON_PAYMENT_AFTER_MS + 1000);
    await reconcileStalePayments(testApp.deps, { log, settlePayment });

    const response = await postPaymentWebhook(
      testApp,
      await signedCheckoutWebhook(testApp, { paymentId: late.paymentId }),
    );

    expect(response.json()).toEqual({ data: { outcome: "confirmed" } });
    expect(await countCouponUses(testApp, coupon.id)).toBe(1);
    expect((await orderJobs(testApp, late.orderId)).map((job) => job.task)).toEqual(["provision-order"]);
  });
});
