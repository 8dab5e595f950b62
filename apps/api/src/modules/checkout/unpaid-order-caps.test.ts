import { randomUUID } from "node:crypto";
import { API_BASE_PATH } from "@esim/shared/http";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { runDueJobs } from "../../jobs/worker.ts";
import { CHECKOUT_LIFETIME_MS } from "../../providers/payment/payment-port.ts";
import { sandboxCheckouts } from "../../providers/providers.schema.ts";
import { createCoupon, createPackage, createSignedInUser } from "../../test/factories.ts";
import {
  createBuyingApp,
  orderBody,
  postPaymentWebhook,
  readOrder,
  signedCheckoutWebhook,
} from "../orders/buying.test-kit.ts";
import { orders } from "../orders/orders.schema.ts";

// Orders awaiting payment cost a gateway checkout each and hold their promo code's use: how many one account or one
// address may open, and how long a use is held (decision 057).

/** The address cap of this file, low enough to reach with a few accounts. */
const PER_ADDRESS = 4;
const testApp = await createBuyingApp({ config: { UNPAID_ORDERS_PER_ADDRESS_PER_HOUR: PER_ADDRESS } });
const { app, db, clock } = testApp;
const plan = await createPackage(testApp);

let addresses = 0;
/** A fresh client address, so the per-address counter of one placement never reaches another's. */
const newAddress = () => `198.51.100.${++addresses}`;

function post(url: string, options: { headers: Record<string, string>; payload?: object; address: string }) {
  return app.inject({
    method: "POST",
    url: `${API_BASE_PATH}${url}`,
    headers: options.headers,
    payload: options.payload ?? {},
    remoteAddress: options.address,
  });
}

/** Places an order from an address of its own; its ids and checkout URL. */
async function place(buyer: Awaited<ReturnType<typeof createSignedInUser>>, overrides: Record<string, unknown> = {}) {
  const response = await post("/orders", {
    headers: buyer.headers,
    payload: orderBody(buyer.user, plan.id, overrides),
    address: newAddress(),
  });
  expect(response.statusCode).toBe(200);
  const { order, payment } = response.json().data;
  return { orderId: order.id as string, paymentId: payment.id as string, checkoutUrl: payment.checkoutUrl as string };
}

async function countGatewayCheckouts() {
  return (await db.select().from(sandboxCheckouts)).length;
}

describe("POST /orders: orders awaiting payment per account", () => {
  it("opens at most 3 for one account under a flood, refusing the rest before any gateway call", async () => {
    const buyer = await createSignedInUser(testApp);
    const address = newAddress();
    const checkoutsBefore = await countGatewayCheckouts();

    const answers = await Promise.all(
      Array.from({ length: 60 }, () =>
        post("/orders", { headers: buyer.headers, payload: orderBody(buyer.user, plan.id), address }),
      ),
    );

    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array(3).fill(200), ...Array(57).fill(409)]);
    const refused = answers.find((answer) => answer.statusCode === 409)!;
    expect(refused.json().error.code).toBe("UNPAID_ORDERS_LIMIT_REACHED");
    expect(await countGatewayCheckouts()).toBe(checkoutsBefore + 3);
    expect(await db.select().from(orders).where(eq(orders.userId, buyer.user.id))).toHaveLength(3);
  });

  it("lets the customer order again once one of the unpaid orders is cancelled", async () => {
    const buyer = await createSignedInUser(testApp);
    const address = newAddress();
    const placed = [];
    for (let index = 0; index < 3; index++) {
      placed.push(await place(buyer));
    }
    const refused = await post("/orders", { headers: buyer.headers, payload: orderBody(buyer.user, plan.id), address });
    expect(refused.json().error.code).toBe("UNPAID_ORDERS_LIMIT_REACHED");

    await post(`/orders/${placed[0]!.orderId}/cancel`, { headers: buyer.headers, address });
    const again = await post("/orders", { headers: buyer.headers, payload: orderBody(buyer.user, plan.id), address });

    expect(again.statusCode).toBe(200);
  });
});

describe("POST /orders: orders to pay per client address", () => {
  it("caps fresh accounts from one address over the hour with RATE_LIMITED and Retry-After; others are not held", async () => {
    const address = newAddress();
    const checkoutsBefore = await countGatewayCheckouts();
    const answers = [];
    for (let index = 0; index < PER_ADDRESS + 2; index++) {
      const buyer = await createSignedInUser(testApp);
      answers.push(await post("/orders", { headers: buyer.headers, payload: orderBody(buyer.user, plan.id), address }));
    }

    expect(answers.map((answer) => answer.statusCode)).toEqual([...Array(PER_ADDRESS).fill(200), 429, 429]);
    expect(answers.at(-1)!.json().error.code).toBe("RATE_LIMITED");
    expect(Number(answers.at(-1)!.headers["retry-after"])).toBeGreaterThan(0);
    expect(await countGatewayCheckouts()).toBe(checkoutsBefore + PER_ADDRESS);
    const elsewhere = await createSignedInUser(testApp);
    const other = await post("/orders", {
      headers: elsewhere.headers,
      payload: orderBody(elsewhere.user, plan.id),
      address: newAddress(),
    });
    expect(other.statusCode).toBe(200);
  });
});

describe("a promo code's use held by an unpaid order", () => {
  async function takeLastUse() {
    const coupon = await createCoupon(testApp, { maxUses: 1 });
    const first = await createSignedInUser(testApp);
    const held = await place(first, { couponCode: coupon.code });
    return { coupon, first, held };
  }

  it("goes to another customer once the checkout's 30 minutes are over, before any sweep", async () => {
    const { coupon } = await takeLastUse();
    const second = await createSignedInUser(testApp);
    const body = () => orderBody(second.user, plan.id, { couponCode: coupon.code });
    const address = newAddress();
    const early = await post("/orders", { headers: second.headers, payload: body(), address });
    expect(early.json().error.code).toBe("COUPON_USAGE_LIMIT_REACHED");

    clock.advance(CHECKOUT_LIFETIME_MS);
    const checked = await post("/coupons/check", {
      headers: second.headers,
      payload: { packageId: plan.id, quantity: 1, currency: "DZD", code: coupon.code },
      address,
    });
    const placed = await post("/orders", { headers: second.headers, payload: body(), address });

    expect(checked.statusCode).toBe(200);
    expect(placed.statusCode).toBe(200);
    expect(placed.json().data.order.couponDiscountMinor).toBeGreaterThan(0);
  });

  it("still delivers the first order when its payment arrives after the use went to another", async () => {
    const { coupon, held } = await takeLastUse();
    clock.advance(CHECKOUT_LIFETIME_MS);
    const second = await createSignedInUser(testApp);
    await place(second, { couponCode: coupon.code });

    // The payer had paid on the gateway's page just before its end; the webhook comes now.
    const response = await postPaymentWebhook(
      testApp,
      await signedCheckoutWebhook(testApp, { paymentId: held.paymentId }),
    );

    expect(response.json()).toEqual({ data: { outcome: "confirmed" } });
    await runDueJobs(testApp.deps);
    expect((await readOrder(testApp, held.orderId)).status).toBe("delivered");
  });

  it("is refused on pay now, before any new checkout, once another customer took it", async () => {
    const { coupon, first, held } = await takeLastUse();
    clock.advance(CHECKOUT_LIFETIME_MS);
    const second = await createSignedInUser(testApp);
    await place(second, { couponCode: coupon.code });
    const checkoutsBefore = await countGatewayCheckouts();

    const response = await post(`/orders/${held.orderId}/pay`, { headers: first.headers, address: newAddress() });

    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe("COUPON_HOLD_LAPSED");
    expect(await countGatewayCheckouts()).toBe(checkoutsBefore);
  });

  it("is held again on pay now when nobody took it, with a fresh checkout", async () => {
    const { coupon, first, held } = await takeLastUse();
    clock.advance(CHECKOUT_LIFETIME_MS);

    const response = await post(`/orders/${held.orderId}/pay`, { headers: first.headers, address: newAddress() });
    const second = await createSignedInUser(testApp);
    const refused = await post("/orders", {
      headers: second.headers,
      payload: orderBody(second.user, plan.id, { couponCode: coupon.code }),
      address: newAddress(),
    });

    expect(response.statusCode).toBe(200);
    expect(response.json().data.checkoutUrl).not.toBe(held.checkoutUrl);
    expect(refused.json().error.code).toBe("COUPON_USAGE_LIMIT_REACHED");
  });
});

describe("a once-per-customer promo code", () => {
  it("stays used by an email whose account was deleted and registered again", async () => {
    const coupon = await createCoupon(testApp, { maxUsesPerUser: 1 });
    const email = `returning-${randomUUID()}@example.com`;
    const before = await createSignedInUser(testApp, { email });
    const paid = await place(before, { couponCode: coupon.code });
    await postPaymentWebhook(testApp, await signedCheckoutWebhook(testApp, { paymentId: paid.paymentId }));
    const deleted = await app.inject({
      method: "DELETE",
      url: `${API_BASE_PATH}/profile`,
      headers: before.headers,
      payload: { confirmation: "DELETE" },
    });
    expect(deleted.statusCode).toBe(204);

    const again = await createSignedInUser(testApp, { email });
    const address = newAddress();
    const checked = await post("/coupons/check", {
      headers: again.headers,
      payload: { packageId: plan.id, quantity: 1, currency: "DZD", code: coupon.code },
      address,
    });
    const placed = await post("/orders", {
      headers: again.headers,
      payload: orderBody(again.user, plan.id, { couponCode: coupon.code }),
      address,
    });

    expect(checked.json().error.code).toBe("COUPON_ALREADY_USED");
    expect(placed.json().error.code).toBe("COUPON_ALREADY_USED");
  });
});
