import { randomUUID } from "node:crypto";
import { API_BASE_PATH } from "@esim/shared/http";
import { cancelOrder, payOrder } from "@esim/shared/orders/contracts";
import { describe, expect, it, vi } from "vitest";
import { settlePayment } from "../../flows/settle-payment.ts";
import { CHECKOUT_LIFETIME_MS } from "../../providers/payment/payment-port.ts";
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
import { ABANDON_PAYMENT_AFTER_MS, reconcileStalePayments } from "./payments.service.ts";

// An unfinished payment is never a dead end (decision 057). The payer of an order awaiting payment can pay it now
// or cancel it; cancelling, or the checkout's expiry, gives the promo code back at once.

const testApp = await createBuyingApp();
const { app, clock } = testApp;
const plan = await createPackage(testApp);
const log = { warn: () => {} };

async function placeFor(options: { couponCode?: string } = {}) {
  const buyer = await createSignedInUser(testApp);
  const placed = await placeTestOrder(testApp, buyer.headers, orderBody(buyer.user, plan.id, options));
  return { ...buyer, ...placed };
}

function cancelAs(headers: Record<string, string>, orderId: string) {
  return app.inject({ method: "POST", url: `${API_BASE_PATH}/orders/${orderId}/cancel`, headers });
}

function payAs(headers: Record<string, string>, orderId: string, body: Record<string, unknown> = {}) {
  return app.inject({ method: "POST", url: `${API_BASE_PATH}/orders/${orderId}/pay`, headers, payload: body });
}

/** What a new summary asks for the same plan with this promo code. */
function quoteWithCoupon(headers: Record<string, string>, couponCode: string) {
  return app.inject({
    method: "POST",
    url: `${API_BASE_PATH}/checkout/quote`,
    headers,
    payload: { packageId: plan.id, quantity: 1, currency: "DZD", couponCode },
  });
}

function usesOf(couponId: string) {
  return countCouponUses(testApp, couponId);
}

const referenceOf = (checkoutUrl: string) => new URL(checkoutUrl).pathname.split("/").pop()!;

describe("POST /orders/:id/cancel", () => {
  it("refuses a request without a session with UNAUTHENTICATED", async () => {
    const response = await app.inject({ method: "POST", url: `${API_BASE_PATH}/orders/${randomUUID()}/cancel` });
    expect(response.statusCode).toBe(401);
  });

  it("answers NOT_FOUND for someone else's order and leaves it awaiting payment", async () => {
    const placed = await placeFor();
    const other = await createSignedInUser(testApp);

    const response = await cancelAs(other.headers, placed.orderId);

    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe("NOT_FOUND");
    expect((await readOrder(testApp, placed.orderId)).status).toBe("pending");
  });

  it("refuses a paid order with ORDER_ALREADY_PAID", async () => {
    const placed = await placeFor();
    await pressButton(testApp, placed.checkoutUrl, "pay");

    const response = await cancelAs(placed.headers, placed.orderId);

    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe("ORDER_ALREADY_PAID");
    expect((await readOrder(testApp, placed.orderId)).status).toBe("confirmed");
  });

  it("ends the checkout at the gateway, cancels the order and frees its promo code for a new summary at once", async () => {
    const coupon = await createCoupon(testApp, { maxUses: 5, maxUsesPerUser: 1 });
    const placed = await placeFor({ couponCode: coupon.code });
    expect((await quoteWithCoupon(placed.headers, coupon.code)).json().error.code).toBe("COUPON_HELD_BY_UNPAID_ORDER");

    const response = await cancelAs(placed.headers, placed.orderId);

    expect(response.statusCode).toBe(200);
    const order = cancelOrder.response.parse(response.json()).data;
    expect(order).toMatchObject({ id: placed.orderId, status: "rejected", rejectedBy: "customer_cancelled" });
    expect((await readPaymentRow(testApp, placed.paymentId)).status).toBe("canceled");
    expect(await testApp.gateway.findCheckout(referenceOf(placed.checkoutUrl))).toMatchObject({ status: "expired" });
    expect(await usesOf(coupon.id)).toBe(0);
    const quote = await quoteWithCoupon(placed.headers, coupon.code);
    expect(quote.statusCode).toBe(200);
    expect(quote.json().data.quote.coupon).toMatchObject({ code: coupon.code });
    // The ended checkout can no longer take the payer's money.
    await pressButton(testApp, placed.checkoutUrl, "pay");
    expect((await readOrder(testApp, placed.orderId)).status).toBe("rejected");
  });

  it("is idempotent: cancelling again answers the cancelled order and gives nothing back twice", async () => {
    const coupon = await createCoupon(testApp, { maxUses: 5 });
    const first = await placeFor({ couponCode: coupon.code });
    const second = await placeFor({ couponCode: coupon.code });
    await cancelAs(first.headers, first.orderId);

    const again = await cancelAs(first.headers, first.orderId);

    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ status: "rejected", rejectedBy: "customer_cancelled" });
    expect(await usesOf(coupon.id)).toBe(1);
    expect((await readOrder(testApp, second.orderId)).status).toBe("pending");
  });

  it("applies a payment the gateway took meanwhile, as its webhook would, and answers ORDER_ALREADY_PAID", async () => {
    const placed = await placeFor();
    testApp.setWebhooksLost(true);
    await pressButton(testApp, placed.checkoutUrl, "pay");
    testApp.setWebhooksLost(false);

    const response = await cancelAs(placed.headers, placed.orderId);

    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe("ORDER_ALREADY_PAID");
    expect((await readOrder(testApp, placed.orderId)).status).toBe("confirmed");
    expect((await orderJobs(testApp, placed.orderId)).map((job) => job.task)).toEqual(["provision-order"]);
  });

  it("changes nothing while the gateway cannot end the checkout (PAYMENT_GATEWAY_UNAVAILABLE)", async () => {
    const coupon = await createCoupon(testApp, { maxUses: 1 });
    const placed = await placeFor({ couponCode: coupon.code });
    const expire = vi.spyOn(testApp.deps.payments, "expireCheckout").mockRejectedValueOnce(new Error("gateway down"));
    try {
      const response = await cancelAs(placed.headers, placed.orderId);
      expect(response.statusCode).toBe(503);
      expect(response.json().error.code).toBe("PAYMENT_GATEWAY_UNAVAILABLE");
    } finally {
      expire.mockRestore();
    }
    expect((await readOrder(testApp, placed.orderId)).status).toBe("pending");
    expect(await usesOf(coupon.id)).toBe(1);
  });

  it("delivers a payment that still arrives after the cancel even when its promo code was used again", async () => {
    const coupon = await createCoupon(testApp, { maxUses: 1 });
    const late = await placeFor({ couponCode: coupon.code });
    await cancelAs(late.headers, late.orderId);
    const next = await placeFor({ couponCode: coupon.code });
    expect((await readOrder(testApp, next.orderId)).status).toBe("pending");

    const response = await postPaymentWebhook(
      testApp,
      await signedCheckoutWebhook(testApp, { paymentId: late.paymentId }),
    );

    expect(response.json()).toEqual({ data: { outcome: "confirmed" } });
    expect(await readOrder(testApp, late.orderId)).toMatchObject({ status: "confirmed", attentionKind: null });
    expect(await usesOf(coupon.id)).toBe(2);
    expect((await orderJobs(testApp, late.orderId)).map((job) => job.task)).toEqual(["provision-order"]);
  });

  it("delivers a payment that still arrives after the cancel when its promo code has a use left", async () => {
    const coupon = await createCoupon(testApp, { maxUses: 5 });
    const late = await placeFor({ couponCode: coupon.code });
    await cancelAs(late.headers, late.orderId);

    const response = await postPaymentWebhook(
      testApp,
      await signedCheckoutWebhook(testApp, { paymentId: late.paymentId }),
    );

    expect(response.json()).toEqual({ data: { outcome: "confirmed" } });
    expect(await usesOf(coupon.id)).toBe(1);
    expect((await orderJobs(testApp, late.orderId)).map((job) => job.task)).toEqual(["provision-order"]);
  });
});

describe("POST /orders/:id/pay", () => {
  it("refuses a request without a session with UNAUTHENTICATED", async () => {
    const response = await app.inject({
      method: "POST",
      url: `${API_BASE_PATH}/orders/${randomUUID()}/pay`,
      payload: {},
    });
    expect(response.statusCode).toBe(401);
  });

  it("answers NOT_FOUND for someone else's order", async () => {
    const placed = await placeFor();
    const other = await createSignedInUser(testApp);
    const response = await payAs(other.headers, placed.orderId);
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe("NOT_FOUND");
  });

  it("answers a checkout where the order awaiting payment can be paid, and paying it confirms the order", async () => {
    const placed = await placeFor();

    const response = await payAs(placed.headers, placed.orderId);

    expect(response.statusCode).toBe(200);
    const { order, payment } = payOrder.response.parse(response.json()).data;
    expect(order).toMatchObject({ id: placed.orderId, status: "pending" });
    expect(payment.id).toBe(placed.paymentId);
    expect(payment.checkoutUrl).not.toBeNull();
    await pressButton(testApp, payment.checkoutUrl!, "pay");
    expect((await readOrder(testApp, placed.orderId)).status).toBe("confirmed");
  });

  it("answers a paid order with no checkout to open", async () => {
    const placed = await placeFor();
    await pressButton(testApp, placed.checkoutUrl, "pay");

    const response = await payAs(placed.headers, placed.orderId);

    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ order: { status: "confirmed" }, payment: { checkoutUrl: null } });
  });

  it("refuses a cancelled order with ORDER_NOT_AWAITING_PAYMENT", async () => {
    const placed = await placeFor();
    await cancelAs(placed.headers, placed.orderId);

    const response = await payAs(placed.headers, placed.orderId);

    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe("ORDER_NOT_AWAITING_PAYMENT");
  });
});

describe("the sweep, once a checkout has expired at the gateway", () => {
  it("keeps an order whose checkout is still within its 30 minutes", async () => {
    const coupon = await createCoupon(testApp, { maxUses: 1 });
    const placed = await placeFor({ couponCode: coupon.code });
    clock.advance(CHECKOUT_LIFETIME_MS - 60_000);

    await reconcileStalePayments(testApp.deps, { log, settlePayment });

    expect((await readOrder(testApp, placed.orderId)).status).toBe("pending");
    expect(await usesOf(coupon.id)).toBe(1);
  });

  it("lapses the order and gives its promo code back soon after the checkout's 30 minutes, not after a day", async () => {
    const coupon = await createCoupon(testApp, { maxUses: 5, maxUsesPerUser: 1 });
    const placed = await placeFor({ couponCode: coupon.code });
    // The callback page was still asking a few minutes ago: the checkout's age, not the last look, decides.
    clock.advance(CHECKOUT_LIFETIME_MS - 60_000);
    await app.inject({ method: "GET", url: `${API_BASE_PATH}/payments/${placed.paymentId}`, headers: placed.headers });
    clock.advance(ABANDON_PAYMENT_AFTER_MS - CHECKOUT_LIFETIME_MS + 60_000);

    await reconcileStalePayments(testApp.deps, { log, settlePayment });

    expect(ABANDON_PAYMENT_AFTER_MS).toBeLessThanOrEqual(CHECKOUT_LIFETIME_MS + 5 * 60_000);
    expect(await readOrder(testApp, placed.orderId)).toMatchObject({ status: "rejected" });
    expect(
      (
        await app.inject({ method: "GET", url: `${API_BASE_PATH}/orders/${placed.orderId}`, headers: placed.headers })
      ).json().data.rejectedBy,
    ).toBe("checkout_lapsed");
    expect(await testApp.gateway.findCheckout(referenceOf(placed.checkoutUrl))).toMatchObject({ status: "expired" });
    expect(await usesOf(coupon.id)).toBe(0);
    expect((await quoteWithCoupon(placed.headers, coupon.code)).statusCode).toBe(200);
  });

  it("reads a checkout the gateway ended at its 30 minutes as lapsed, not cancelled by the payer, when the callback page asks", async () => {
    const coupon = await createCoupon(testApp, { maxUses: 5, maxUsesPerUser: 1 });
    const placed = await placeFor({ couponCode: coupon.code });
    clock.advance(CHECKOUT_LIFETIME_MS + 60_000);

    await app.inject({ method: "GET", url: `${API_BASE_PATH}/payments/${placed.paymentId}`, headers: placed.headers });

    const order = await app.inject({
      method: "GET",
      url: `${API_BASE_PATH}/orders/${placed.orderId}`,
      headers: placed.headers,
    });
    expect(order.json().data).toMatchObject({ status: "rejected", rejectedBy: "checkout_lapsed" });
    expect(await usesOf(coupon.id)).toBe(0);
  });

  it("confirms, never lapses, a checkout the gateway says was paid when the sweep comes to end it", async () => {
    const placed = await placeFor();
    testApp.setWebhooksLost(true);
    await pressButton(testApp, placed.checkoutUrl, "pay");
    testApp.setWebhooksLost(false);
    clock.advance(ABANDON_PAYMENT_AFTER_MS + 1000);

    await reconcileStalePayments(testApp.deps, { log, settlePayment });

    expect((await readOrder(testApp, placed.orderId)).status).toBe("confirmed");
  });
});
