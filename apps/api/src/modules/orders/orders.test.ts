import { randomUUID } from "node:crypto";
import { createOrder, TERMS_VERSION } from "@esim/shared/checkout/contracts";
import { API_BASE_PATH } from "@esim/shared/http";
import { getOrder, listOrders } from "@esim/shared/orders/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  countCouponUses,
  createCoupon,
  createPackage,
  createSignedInUser,
  setPriceSettings,
} from "../../test/factories.ts";
import { users } from "../account/account.schema.ts";
import { couponRedemptions, coupons } from "../coupons/coupons.schema.ts";
import { payments } from "../payments/payments.schema.ts";
import {
  createBuyingApp,
  orderBody,
  orderJobs,
  placeTestOrder,
  postOrder,
  pressButton,
  readOrder,
  readPaymentRow,
} from "./buying.test-kit.ts";
import { orders } from "./orders.schema.ts";

const testApp = await createBuyingApp();
const { db } = testApp;
await setPriceSettings(testApp, { dzdPerUsd: "135", serviceFeeDzdMinor: 100_00 });
const plan = await createPackage(testApp, { retailDzdMinor: 1490_00, retailUsdMinor: 11_04 });

async function _readCoupon(couponId: string) {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, couponId));
  return row!;
}

describe("POST /orders", () => {
  it("refuses a request without a session with UNAUTHENTICATED", async () => {
    const response = await postOrder(testApp, {}, orderBody({ email: "a@example.com" }, plan.id));
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe("UNAUTHENTICATED");
  });

  it("refuses invalid fields with their codes", async () => {
    const { user, headers } = await createSignedInUser(testApp);
    const response = await postOrder(
      testApp,
      headers,
      orderBody(user, plan.id, { quantity: 11, paymentMethod: "paypal", price: 1, clientReference: "x" }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      quantity: "QUANTITY_INVALID",
      paymentMethod: "PAYMENT_METHOD_INVALID",
      price: "UNKNOWN_FIELD",
      clientReference: "INVALID",
    });
  });

  // Law 18-05: the buyer's express acceptance of the terms of sale and privacy policy, recorded with the order.
  it("refuses an order whose terms of sale were not accepted with TERMS_NOT_ACCEPTED, and makes none", async () => {
    const { user, headers } = await createSignedInUser(testApp);
    for (const termsAccepted of [false, undefined]) {
      const response = await postOrder(testApp, headers, orderBody(user, plan.id, { termsAccepted }));
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: "VALIDATION_FAILED",
        fields: { termsAccepted: "TERMS_NOT_ACCEPTED" },
      });
    }
    expect(await db.select().from(orders).where(eq(orders.userId, user.id))).toEqual([]);
  });

  it("records when the terms were accepted and which version", async () => {
    const { user, headers } = await createSignedInUser(testApp);
    const response = await postOrder(testApp, headers, orderBody(user, plan.id));
    expect(response.statusCode).toBe(200);
    const [order] = await db.select().from(orders).where(eq(orders.userId, user.id));
    expect(order).toMatchObject({ termsAcceptedAt: testApp.clock.now(), termsVersion: TERMS_VERSION });
  });

  it("refuses a billing email other than the account's and a phone not of the billing country", async () => {
    const { user, headers } = await createSignedInUser(testApp);
    const response = await postOrder(
      testApp,
      headers,
      orderBody(user, plan.id, {
        billing: { email: "someone.else@example.com", name: "Amina", country: "FR", phone: "+213 551 23 45 67" },
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: "VALIDATION_FAILED",
      fields: { "billing.email": "BILLING_EMAIL_MISMATCH", "billing.phone": "PHONE_COUNTRY_MISMATCH" },
    });
  });

  it("refuses an unknown or withdrawn plan with PACKAGE_NOT_FOUND", async () => {
    const { user, headers } = await createSignedInUser(testApp);
    const withdrawn = await createPackage(testApp, { simulatorIndex: 1, isActive: false });
    for (const packageId of [randomUUID(), withdrawn.id]) {
      const response = await postOrder(testApp, headers, orderBody(user, packageId));
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe("PACKAGE_NOT_FOUND");
    }
  });

  it("refuses a method the gateway does not offer with PAYMENT_METHOD_UNAVAILABLE", async () => {
    const { user, headers } = await createSignedInUser(testApp);
    const response = await postOrder(testApp, headers, orderBody(user, plan.id, { paymentMethod: "card" }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("PAYMENT_METHOD_UNAVAILABLE");
  });

  it("refuses a coupon that breaks a rule with its code and creates nothing", async () => {
    const { user, headers } = await createSignedInUser(testApp);
    const expired = await createCoupon(testApp, { endsAt: new Date(testApp.clock.now().getTime() - 1000) });
    const response = await postOrder(testApp, headers, orderBody(user, plan.id, { couponCode: expired.code }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("COUPON_EXPIRED");
    expect(await db.select().from(orders).where(eq(orders.userId, user.id))).toEqual([]);
  });

  it("refuses the same clientReference with another cart with IDEMPOTENCY_CONFLICT", async () => {
    const { user, headers } = await createSignedInUser(testApp);
    const body = orderBody(user, plan.id);
    await placeTestOrder(testApp, headers, body);
    const response = await postOrder(testApp, headers, { ...body, quantity: 2 });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe("IDEMPOTENCY_CONFLICT");
  });

  it("prices on the server, takes the coupon use, stores order and payment and answers the gateway's page", async () => {
    const { user, headers } = await createSignedInUser(testApp, { language: "ar" });
    const coupon = await createCoupon(testApp, { kind: "percent", percentOff: 10, maxUses: 5 });

    const response = await postOrder(
      testApp,
      headers,
      orderBody(user, plan.id, { quantity: 2, couponCode: coupon.code.toLowerCase() }),
    );

    expect(response.statusCode).toBe(200);
    const { order, payment } = createOrder.response.parse(response.json()).data;
    expect(order).toMatchObject({
      status: "pending",
      number: expect.stringMatching(/^ES26-\d{6}$/),
      quantity: 2,
      currency: "DZD",
      unitPriceMinor: 1490_00,
      subtotalMinor: 2980_00,
      discountMinor: 0,
      couponDiscountMinor: 298_00,
      serviceFeeMinor: 100_00,
      totalMinor: 2782_00,
      chargeDzdMinor: 2782_00,
      couponCode: coupon.code,
      paymentMethod: "edahabia",
      payment: { id: payment.id, status: "pending" },
      esims: [],
    });
    expect(order.plan.id).toBe(plan.id);
    expect(order.destination.names.fr).toBe("Turquie");
    const checkout = await testApp.gateway.findCheckout(new URL(payment.checkoutUrl!).pathname.split("/").pop()!);
    expect(checkout).toMatchObject({
      amount: 2782,
      paymentMethod: "edahabia",
      locale: "ar",
      successUrl: `http://localhost:8080/payment-callback?paymentId=${payment.id}&status=success`,
      failureUrl: `http://localhost:8080/payment-callback?paymentId=${payment.id}&status=failure`,
      webhookEndpoint: "http://localhost:8080/api/v1/app/webhooks/payments/sandbox",
      metadata: { paymentId: payment.id, orderNumber: order.number },
    });
    expect(await readPaymentRow(testApp, payment.id)).toMatchObject({
      amountMinor: 2782_00,
      currency: "DZD",
      status: "pending",
      providerReference: checkout!.id,
    });
    expect(await countCouponUses(testApp, coupon.id)).toBe(1);
    const stored = await readOrder(testApp, order.id);
    expect(stored.billing).toEqual({ email: user.email, name: "Amina Benali", country: "DZ", phone: "+213551234567" });
  });

  it("keeps the checkout's phone on an account that had none, and never replaces one it had", async () => {
    const withoutPhone = await createSignedInUser(testApp, { phone: null });
    const placed = await postOrder(testApp, withoutPhone.headers, orderBody(withoutPhone.user, plan.id));
    expect(placed.statusCode).toBe(200);
    const me = await testApp.app.inject({
      method: "GET",
      url: `${API_BASE_PATH}/auth/me`,
      headers: withoutPhone.headers,
    });
    expect(me.json().data.phone).toBe("+213551234567");

    const withPhone = await createSignedInUser(testApp, { phone: "+213661234567" });
    await postOrder(testApp, withPhone.headers, orderBody(withPhone.user, plan.id));
    const [kept] = await db.select().from(users).where(eq(users.id, withPhone.user.id));
    expect(kept!.phone).toBe("+213661234567");
  });

  it("keeps no phone from a refused order", async () => {
    const { user, headers } = await createSignedInUser(testApp, { phone: null });
    // Refused inside the order's transaction: nothing of it stays.
    const refused = await postOrder(testApp, headers, orderBody(user, randomUUID()));
    expect(refused.json().error.code).toBe("PACKAGE_NOT_FOUND");
    const [after] = await db.select().from(users).where(eq(users.id, user.id));
    expect(after!.phone).toBeNull();
  });

  it("charges whole dinars at the DZD price when the buyer shows USD", async () => {
    const { user, headers } = await createSignedInUser(testApp);
    const placed = await postOrder(testApp, headers, orderBody(user, plan.id, { currency: "USD" }));
    expect(placed.json().data.order).toMatchObject({
      currency: "USD",
      unitPriceMinor: 11_04,
      serviceFeeMinor: 74,
      totalMinor: 11_78,
      chargeDzdMinor: 1590_00,
    });
  });

  it("refuses a return target other than web or app", async () => {
    const { user, headers } = await createSignedInUser(testApp);
    const response = await postOrder(testApp, headers, orderBody(user, plan.id, { returnTo: "browser" }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ returnTo: "INVALID" });
  });

  it("sends a web payer back to the callback page, and an app payer to the /success or /failure app link", async () => {
    const { user, headers } = await createSignedInUser(testApp);
    const checkoutOf = async (checkoutUrl: string) =>
      (await testApp.gateway.findCheckout(new URL(checkoutUrl).pathname.split("/").pop()!))!;

    const web = await placeTestOrder(testApp, headers, orderBody(user, plan.id, { returnTo: "web" }));
    const app = await placeTestOrder(testApp, headers, orderBody(user, plan.id, { returnTo: "app" }));

    expect(await checkoutOf(web.checkoutUrl)).toMatchObject({
      successUrl: `http://localhost:8080/payment-callback?paymentId=${web.paymentId}&status=success`,
      failureUrl: `http://localhost:8080/payment-callback?paymentId=${web.paymentId}&status=failure`,
    });
    expect(await checkoutOf(app.checkoutUrl)).toMatchObject({
      successUrl: `http://localhost:8080/success?paymentId=${app.paymentId}&orderId=${app.orderId}`,
      failureUrl: `http://localhost:8080/failure?paymentId=${app.paymentId}&orderId=${app.orderId}`,
    });
    const paid = await pressButton(testApp, app.checkoutUrl, "pay");
    expect(paid.location ?? paid.body).toContain(`/success?paymentId=${app.paymentId}&orderId=${app.orderId}`);
  });

  it("answers the same order, payment and checkout to a repeated clientReference and takes one coupon use", async () => {
    const { user, headers } = await createSignedInUser(testApp);
    const coupon = await createCoupon(testApp, { maxUses: 3 });
    const body = orderBody(user, plan.id, { couponCode: coupon.code });

    const answers = await Promise.all([1, 2, 3].map(() => postOrder(testApp, headers, body)));

    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const ids = new Set(answers.map((answer) => answer.json().data.order.id));
    const urls = new Set(answers.map((answer) => answer.json().data.payment.checkoutUrl));
    expect(ids.size).toBe(1);
    expect(urls.size).toBe(1);
    expect(await db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(1);
    expect(await countCouponUses(testApp, coupon.id)).toBe(1);
  });

  it("answers PAYMENT_GATEWAY_UNAVAILABLE when the gateway is down, keeps the order not_paid, and a retry pays", async () => {
    const { user, headers } = await createSignedInUser(testApp);
    const body = orderBody(user, plan.id);
    testApp.setGatewayDown(true);
    const refused = await postOrder(testApp, headers, body);
    testApp.setGatewayDown(false);

    expect(refused.statusCode).toBe(503);
    expect(refused.json().error.code).toBe("PAYMENT_GATEWAY_UNAVAILABLE");
    const [stored] = await db.select().from(orders).where(eq(orders.userId, user.id));
    expect(stored!.status).toBe("not_paid");
    const [payment] = await db.select().from(payments).where(eq(payments.orderId, stored!.id));
    expect(payment).toMatchObject({ status: "pending", providerReference: null, checkoutUrl: null });

    const retried = await postOrder(testApp, headers, body);

    expect(retried.statusCode).toBe(200);
    expect(retried.json().data.order).toMatchObject({ id: stored!.id, status: "pending" });
    expect(retried.json().data.payment.checkoutUrl).toContain("/sandbox/checkout/");
  });

  it("holds a coupon's usage limit under 50 concurrent checkouts: exactly 10 win", async () => {
    const coupon = await createCoupon(testApp, { maxUses: 10, percentOff: 20 });
    const buyers = await Promise.all(Array.from({ length: 50 }, () => createSignedInUser(testApp)));

    const answers = await Promise.all(
      buyers.map(({ user, headers }) =>
        postOrder(testApp, headers, orderBody(user, plan.id, { couponCode: coupon.code })),
      ),
    );

    const codes = answers.map((answer) => (answer.statusCode === 200 ? "OK" : answer.json().error.code));
    expect(codes.filter((code) => code === "OK")).toHaveLength(10);
    expect(codes.filter((code) => code === "COUPON_USAGE_LIMIT_REACHED")).toHaveLength(40);
    expect(await countCouponUses(testApp, coupon.id)).toBe(10);
    expect(await db.select().from(couponRedemptions).where(eq(couponRedemptions.couponId, coupon.id))).toHaveLength(10);
  });

  it("gives the coupon use back when the payment fails, and queues nothing", async () => {
    const { user, headers } = await createSignedInUser(testApp);
    const coupon = await createCoupon(testApp, { maxUses: 1 });
    const placed = await placeTestOrder(testApp, headers, orderBody(user, plan.id, { couponCode: coupon.code }));

    await pressButton(testApp, placed.checkoutUrl, "fail");

    expect((await readOrder(testApp, placed.orderId)).status).toBe("rejected");
    expect((await readPaymentRow(testApp, placed.paymentId)).status).toBe("failed");
    expect(await countCouponUses(testApp, coupon.id)).toBe(0);
    expect(await orderJobs(testApp, placed.orderId)).toEqual([]);
  });
});

describe("GET /orders and GET /orders/:id", () => {
  it("refuses a request without a session with UNAUTHENTICATED", async () => {
    const response = await testApp.app.inject({ method: "GET", url: `${API_BASE_PATH}/orders` });
    expect(response.statusCode).toBe(401);
  });

  it("answers NOT_FOUND for someone else's order, by id and by number", async () => {
    const owner = await createSignedInUser(testApp);
    const other = await createSignedInUser(testApp);
    const placed = await placeTestOrder(testApp, owner.headers, orderBody(owner.user, plan.id));
    for (const key of [placed.orderId, placed.number]) {
      const response = await testApp.app.inject({
        method: "GET",
        url: `${API_BASE_PATH}/orders/${key}`,
        headers: other.headers,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe("NOT_FOUND");
    }
  });

  it("lists only the caller's orders, newest first, and finds one by id or number", async () => {
    const { user, headers } = await createSignedInUser(testApp);
    const first = await placeTestOrder(testApp, headers, orderBody(user, plan.id));
    testApp.clock.advance(60_000);
    const second = await placeTestOrder(testApp, headers, orderBody(user, plan.id, { quantity: 3 }));

    const list = await testApp.app.inject({ method: "GET", url: `${API_BASE_PATH}/orders`, headers });
    const byNumber = await testApp.app.inject({
      method: "GET",
      url: `${API_BASE_PATH}/orders/${first.number}`,
      headers,
    });
    const byId = await testApp.app.inject({ method: "GET", url: `${API_BASE_PATH}/orders/${second.orderId}`, headers });

    expect(listOrders.response.parse(list.json()).data.map((order) => order.id)).toEqual([
      second.orderId,
      first.orderId,
    ]);
    expect(getOrder.response.parse(byNumber.json()).data).toMatchObject({ id: first.orderId, status: "pending" });
    expect(getOrder.response.parse(byId.json()).data).toMatchObject({
      number: second.number,
      quantity: 3,
      destination: { code: plan.destinationCode, planCount: expect.any(Number) },
      payment: { id: second.paymentId, status: "pending" },
    });
  });
});
