import { API_BASE_PATH } from "@esim/shared/http";
import { describe, expect, it } from "vitest";
import { createCoupon, createPackage, createSignedInUser } from "../../test/factories.ts";
import {
  createBuyingApp,
  orderBody,
  placeTestOrder,
  postPaymentWebhook,
  signedCheckoutWebhook,
} from "../orders/buying.test-kit.ts";

// A once-per-customer promo code held by the customer's own order awaiting payment is not "already used": the answer
// names that order (its id and number) so the screen can offer to pay or cancel it.

const testApp = await createBuyingApp();
const { app } = testApp;
const plan = await createPackage(testApp);

function checkCoupon(headers: Record<string, string>, code: string) {
  return app.inject({
    method: "POST",
    url: `${API_BASE_PATH}/coupons/check`,
    headers,
    payload: { packageId: plan.id, quantity: 1, currency: "DZD", code },
  });
}

function quote(headers: Record<string, string>, couponCode: string) {
  return app.inject({
    method: "POST",
    url: `${API_BASE_PATH}/checkout/quote`,
    headers,
    payload: { packageId: plan.id, quantity: 1, currency: "DZD", couponCode },
  });
}

describe("a promo code held by the customer's unpaid order", () => {
  it("is refused as held by that order, with its id and number, at the cart and at the quote", async () => {
    const coupon = await createCoupon(testApp, { maxUses: 5, maxUsesPerUser: 1 });
    const buyer = await createSignedInUser(testApp);
    const placed = await placeTestOrder(
      testApp,
      buyer.headers,
      orderBody(buyer.user, plan.id, { couponCode: coupon.code }),
    );
    const order = await app.inject({
      method: "GET",
      url: `${API_BASE_PATH}/orders/${placed.orderId}`,
      headers: buyer.headers,
    });
    const orderNumber = order.json().data.number as string;
    expect(orderNumber).toBeTruthy();

    for (const response of [await checkCoupon(buyer.headers, coupon.code), await quote(buyer.headers, coupon.code)]) {
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toMatchObject({
        code: "COUPON_HELD_BY_UNPAID_ORDER",
        details: { orderId: placed.orderId, orderNumber },
      });
    }
  });

  it("stays 'already used' once the order holding it is paid", async () => {
    const coupon = await createCoupon(testApp, { maxUses: 5, maxUsesPerUser: 1 });
    const buyer = await createSignedInUser(testApp);
    const placed = await placeTestOrder(
      testApp,
      buyer.headers,
      orderBody(buyer.user, plan.id, { couponCode: coupon.code }),
    );
    await postPaymentWebhook(testApp, await signedCheckoutWebhook(testApp, { paymentId: placed.paymentId }));

    const response = await checkCoupon(buyer.headers, coupon.code);

    expect(response.json().error.code).toBe("COUPON_ALREADY_USED");
    expect(response.json().error.details).toBeUndefined();
  });
});
