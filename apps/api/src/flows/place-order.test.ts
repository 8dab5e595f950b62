import { randomUUID } from "node:crypto";
import { checkCoupon, createOrder, getQuote } from "@esim/shared/checkout/contracts";
import { API_BASE_PATH } from "@esim/shared/http";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { runDueJobs } from "../jobs/worker.ts";
import { invoices } from "../modules/invoices/invoices.schema.ts";
import { createBuyingApp, orderBody, orderJobs, postOrder, readOrder } from "../modules/orders/buying.test-kit.ts";
import { listOrderEvents } from "../modules/orders/orders.repo.ts";
import { orders } from "../modules/orders/orders.schema.ts";
import { payments } from "../modules/payments/payments.schema.ts";
import { sandboxCheckouts } from "../providers/providers.schema.ts";
import {
  countCouponUses,
  createCoupon,
  createPackage,
  createSignedInUser,
  setPriceSettings,
} from "../test/factories.ts";

// Placing an order on a bad day: many retries at once, a coupon that pays it all, a charge the gateway cannot take.
// The 100 % coupons are giveaways the operator allowed below the upstream cost (decision 087).

const testApp = await createBuyingApp();
const { app, db, deps } = testApp;
await setPriceSettings(testApp, { serviceFeeDzdMinor: 0 });
const plan = await createPackage(testApp, { retailDzdMinor: 1490_00, retailUsdMinor: 11_04 });
/** A plan cheaper than the gateway's smallest charge (PAYMENT_MINIMUM_DZD, 50 DA by default). */
const tinyPlan = await createPackage(testApp, { simulatorIndex: 1, retailDzdMinor: 30_00, retailUsdMinor: 22 });

function countCoupon(couponId: string) {
  return countCouponUses(testApp, couponId);
}

function post(url: string, headers: Record<string, string>, payload: Record<string, unknown>) {
  return app.inject({ method: "POST", url: `${API_BASE_PATH}${url}`, headers, payload });
}

describe("exactly one gateway checkout per order", () => {
  it("answers 20 concurrent retries of one checkout with one order, one checkout at the gateway and one URL", async () => {
    const { user, headers } = await createSignedInUser(testApp);
    const body = orderBody(user, plan.id);
    const checkoutsBefore = (await db.select().from(sandboxCheckouts)).length;

    const answers = await Promise.all(Array.from({ length: 20 }, () => postOrder(testApp, headers, body)));

    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    const placed = answers.map((answer) => createOrder.response.parse(answer.json()).data);
    expect(new Set(placed.map((answer) => answer.order.id)).size).toBe(1);
    expect(new Set(placed.map((answer) => answer.payment.checkoutUrl)).size).toBe(1);
    expect((await db.select().from(sandboxCheckouts)).length - checkoutsBefore).toBe(1);
    const [payment] = await db.select().from(payments).where(eq(payments.orderId, placed[0]!.order.id));
    expect(payment!.checkoutUrl).toBe(placed[0]!.payment.checkoutUrl);
    expect((await readOrder(testApp, placed[0]!.order.id)).status).toBe("pending");
  });
});

describe("an order with nothing left to pay", () => {
  it("is paid by its 100 % coupon without the gateway: confirmed, invoiced at 0 DA, delivered, the use counted", async () => {
    const coupon = await createCoupon(testApp, { kind: "percent", percentOff: 100, maxUses: 1, allowsBelowCost: true });
    const { user, headers } = await createSignedInUser(testApp);
    const checkoutsBefore = (await db.select().from(sandboxCheckouts)).length;

    const response = await postOrder(testApp, headers, orderBody(user, plan.id, { couponCode: coupon.code }));

    expect(response.statusCode).toBe(200);
    const { order, payment } = createOrder.response.parse(response.json()).data;
    expect(payment.checkoutUrl).toBeNull();
    expect(order).toMatchObject({
      status: "confirmed",
      subtotalMinor: 1490_00,
      couponDiscountMinor: 1490_00,
      totalMinor: 0,
      chargeDzdMinor: 0,
      hasInvoice: true,
      payment: { status: "successful" },
    });
    expect((await db.select().from(sandboxCheckouts)).length).toBe(checkoutsBefore);
    expect(await countCoupon(coupon.id)).toBe(1);
    const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(invoice?.number).toMatch(/^F\d{4}-\d{6}$/);
    const pdf = await app.inject({ method: "GET", url: `${API_BASE_PATH}/orders/${order.id}/invoice`, headers });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");

    expect((await orderJobs(testApp, order.id)).map((job) => job.task)).toEqual(["provision-order"]);
    await runDueJobs(deps);
    expect((await readOrder(testApp, order.id)).status).toBe("delivered");
  });

  it("answers the same paid order to a retry, and the used-up coupon to anyone else", async () => {
    const coupon = await createCoupon(testApp, { kind: "percent", percentOff: 100, maxUses: 1, allowsBelowCost: true });
    const buyer = await createSignedInUser(testApp);
    const body = orderBody(buyer.user, plan.id, { couponCode: coupon.code });
    const first = await postOrder(testApp, buyer.headers, body);
    const again = await postOrder(testApp, buyer.headers, body);
    const other = await createSignedInUser(testApp);

    const refused = await postOrder(
      testApp,
      other.headers,
      orderBody(other.user, plan.id, { couponCode: coupon.code }),
    );

    expect(again.json().data.order.id).toBe(first.json().data.order.id);
    expect(refused.json().error.code).toBe("COUPON_USAGE_LIMIT_REACHED");
    expect(await countCoupon(coupon.id)).toBe(1);
  });
});

describe("a charge under the gateway's minimum", () => {
  it("carries the minimum in every quote, for the screens to say it", async () => {
    const { headers } = await createSignedInUser(testApp);
    const response = await post("/checkout/quote", headers, { packageId: plan.id, quantity: 1, currency: "DZD" });
    expect(getQuote.response.parse(response.json()).data.quote.minimumChargeDzdMinor).toBe(50_00);
  });

  it("refuses a coupon that would leave a charge above 0 and under the minimum, with its own code, spending nothing", async () => {
    await setPriceSettings(testApp, { serviceFeeDzdMinor: 30_00 });
    try {
      const coupon = await createCoupon(testApp, {
        kind: "percent",
        percentOff: 100,
        maxUses: 1,
        allowsBelowCost: true,
      });
      const { user, headers } = await createSignedInUser(testApp);

      const checked = await post("/coupons/check", headers, {
        packageId: plan.id,
        quantity: 1,
        currency: "DZD",
        code: coupon.code,
      });
      const ordered = await postOrder(testApp, headers, orderBody(user, plan.id, { couponCode: coupon.code }));

      expect(checked.statusCode).toBe(400);
      expect(checkCoupon.response.safeParse(checked.json()).success).toBe(false);
      expect(checked.json().error.code).toBe("COUPON_TOTAL_BELOW_MINIMUM");
      expect(ordered.statusCode).toBe(400);
      expect(ordered.json().error.code).toBe("COUPON_TOTAL_BELOW_MINIMUM");
      expect(await countCoupon(coupon.id)).toBe(0);
      expect(await db.select().from(orders).where(eq(orders.userId, user.id))).toEqual([]);
    } finally {
      await setPriceSettings(testApp, { serviceFeeDzdMinor: 0 });
    }
  });

  it("refuses a cart whose charge is under the minimum before any order exists", async () => {
    const { user, headers } = await createSignedInUser(testApp);

    const quoted = await post("/checkout/quote", headers, { packageId: tinyPlan.id, quantity: 1, currency: "DZD" });
    const ordered = await postOrder(testApp, headers, orderBody(user, tinyPlan.id));

    expect(getQuote.response.parse(quoted.json()).data.quote).toMatchObject({
      chargeDzdMinor: 30_00,
      minimumChargeDzdMinor: 50_00,
    });
    expect(ordered.statusCode).toBe(400);
    expect(ordered.json().error.code).toBe("PAYMENT_AMOUNT_TOO_LOW");
    expect(await db.select().from(orders).where(eq(orders.userId, user.id))).toEqual([]);
    const twice = await postOrder(testApp, headers, orderBody(user, tinyPlan.id, { quantity: 2 }));
    expect(twice.statusCode).toBe(200);
  });
});

describe("the order's history", () => {
  it("starts with its creation by the customer and its checkout opened by the gateway", async () => {
    const { user, headers } = await createSignedInUser(testApp);
    const response = await postOrder(testApp, headers, orderBody(user, plan.id, { clientReference: randomUUID() }));
    const { order } = response.json().data;

    expect(await listOrderEvents(db, order.id)).toEqual([
      expect.objectContaining({
        fromStatus: null,
        toStatus: "not_paid",
        event: "created",
        actor: `customer:${user.id}`,
      }),
      expect.objectContaining({ fromStatus: "not_paid", toStatus: "pending", event: "checkout_opened" }),
    ]);
  });
});
