import { planTitle } from "@esim/shared/catalog/plan-name";
import { getQuote } from "@esim/shared/checkout/contracts";
import { getEsim } from "@esim/shared/esims/contracts";
import { getOrder } from "@esim/shared/orders/contracts";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { runDueJobs } from "../../jobs/worker.ts";
import { createCoupon, createPackage, createSignedInUser } from "../../test/factories.ts";
import { esimBundles, esims } from "../esims/esims.schema.ts";
import { buyEsim, createTopUpablePlan, readEsim, request } from "../esims/esims.test-kit.ts";
import { invoices } from "../invoices/invoices.schema.ts";
import { getOrderMoney, listLedgerMovements } from "../ledger/index.ts";
import { createBuyingApp, orderBody, placeTestOrder, postOrder, pressButton, readOrder } from "./buying.test-kit.ts";
import { queueProvisioning } from "./provisioning.service.ts";

const testApp = await createBuyingApp();
const { db, clock } = testApp;
const { plan, topUp } = await createTopUpablePlan(testApp);

function quoteTopUp(headers: Record<string, string>, esimId: string, overrides: Record<string, unknown> = {}) {
  return request(testApp, "POST", "/checkout/quote", {
    headers,
    payload: { packageId: topUp.id, quantity: 1, currency: "DZD", topUpOf: esimId, ...overrides },
  });
}

describe("pricing a top-up", () => {
  it("quotes the eSIM's top-up plan at its server price", async () => {
    const bought = await buyEsim(testApp, plan.id);
    const response = await quoteTopUp(bought.headers, bought.esim.id);
    expect(response.statusCode).toBe(200);
    const { data } = getQuote.response.parse(response.json());
    expect(data.plan.id).toBe(topUp.id);
    expect(data.quote.unitPriceMinor).toBe(990_00);
  });

  it("sells a top-up plan only with the eSIM it is for, and no base plan as a top-up", async () => {
    const bought = await buyEsim(testApp, plan.id);
    const alone = await request(testApp, "POST", "/checkout/quote", {
      headers: bought.headers,
      payload: { packageId: topUp.id, quantity: 1, currency: "DZD" },
    });
    expect(alone.json().error.code).toBe("PACKAGE_NOT_FOUND");
    const baseAsTopUp = await quoteTopUp(bought.headers, bought.esim.id, { packageId: plan.id });
    expect(baseAsTopUp.json().error.code).toBe("PACKAGE_NOT_FOUND");
  });

  it("answers NOT_FOUND alike for someone else's eSIM and an unknown one", async () => {
    const owner = await buyEsim(testApp, plan.id);
    const { headers } = await createSignedInUser(testApp);
    const foreign = await quoteTopUp(headers, owner.esim.id);
    const unknown = await quoteTopUp(headers, "00000000-0000-4000-8000-000000000000");
    expect([foreign.statusCode, unknown.statusCode]).toEqual([404, 404]);
    expect(foreign.json().error.code).toBe("NOT_FOUND");
  });

  it("refuses an expired, a cancelled or a non-top-up eSIM with TOP_UP_NOT_ALLOWED", async () => {
    const expired = await buyEsim(testApp, plan.id);
    await db
      .update(esims)
      .set({ expiresAt: new Date(clock.now().getTime() - 1000) })
      .where(eq(esims.id, expired.esim.id));
    const cancelled = await buyEsim(testApp, plan.id);
    await db.update(esims).set({ status: "Canceled" }).where(eq(esims.id, cancelled.esim.id));
    const plain = await buyEsim(testApp, (await createPackage(testApp, { supportsTopUp: false })).id);
    for (const bought of [expired, cancelled, plain]) {
      const response = await quoteTopUp(bought.headers, bought.esim.id);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe("TOP_UP_NOT_ALLOWED");
      const order = await postOrder(
        testApp,
        bought.headers,
        orderBody(bought.user, topUp.id, { topUpOf: bought.esim.id }),
      );
      expect(order.json().error.code).toBe("TOP_UP_NOT_ALLOWED");
    }
  });

  it("refuses a top-up of more than one package, and a topUpOf that is not an id", async () => {
    const bought = await buyEsim(testApp, plan.id);
    const two = await quoteTopUp(bought.headers, bought.esim.id, { quantity: 2 });
    expect(two.json().error).toMatchObject({ code: "VALIDATION_FAILED", fields: { quantity: "QUANTITY_INVALID" } });
    const notId = await quoteTopUp(bought.headers, "nope");
    expect(notId.json().error).toMatchObject({ code: "VALIDATION_FAILED", fields: { topUpOf: "INVALID" } });
  });
});

describe("buying a top-up", () => {
  it("takes the same coupon and payment, applies the package upstream once, and shows a new bundle", async () => {
    const bought = await buyEsim(testApp, plan.id);
    const before = await readEsim(testApp, bought.esim.id);
    const coupon = await createCoupon(testApp, { percentOff: 20 });
    const placed = await placeTestOrder(
      testApp,
      bought.headers,
      orderBody(bought.user, topUp.id, { topUpOf: bought.esim.id, couponCode: coupon.code }),
    );
    const pending = getOrder.response.parse(
      (await request(testApp, "GET", `/orders/${placed.orderId}`, { headers: bought.headers })).json(),
    ).data;
    expect(pending).toMatchObject({ kind: "top_up", couponCode: coupon.code, hasInvoice: false });
    expect(pending.couponDiscountMinor).toBe(198_00);
    expect(pending.esims.map((esim) => esim.id)).toEqual([bought.esim.id]);

    await pressButton(testApp, placed.checkoutUrl, "pay");
    await runDueJobs(testApp.deps);
    await runDueJobs(testApp.deps);

    const order = await readOrder(testApp, placed.orderId);
    expect(order).toMatchObject({ status: "delivered", kind: "top_up", targetEsimId: bought.esim.id });
    const after = await readEsim(testApp, bought.esim.id);
    expect(after.dataTotalBytes).toBe(before.dataTotalBytes! + topUp.dataMb! * 1024 * 1024);
    const upstream = await testApp.simulator.queryProfile(bought.esim.upstreamReference);
    expect(upstream?.totalBytes).toBe(after.dataTotalBytes);

    const detail = getEsim.response.parse(
      (await request(testApp, "GET", `/esims/${bought.esim.id}`, { headers: bought.headers })).json(),
    ).data;
    expect(detail.bundles.map((bundle) => [bundle.kind, bundle.orderNumber])).toEqual([
      ["new", bought.number],
      ["top_up", placed.number],
    ]);

    // A second run (the operator's order:retry, a redelivered job) applies nothing twice.
    await db.execute(sql`update orders set status = 'confirmed' where id = ${placed.orderId}`);
    await queueProvisioning(db, placed.orderId);
    await runDueJobs(testApp.deps);
    expect((await readEsim(testApp, bought.esim.id)).dataTotalBytes).toBe(after.dataTotalBytes);
    const bundles = await db.select().from(esimBundles).where(eq(esimBundles.esimId, bought.esim.id));
    expect(bundles).toHaveLength(2);
  });

  it("owes the money back at once, the traveller told, when the eSIM was cancelled upstream between order and payment", async () => {
    const bought = await buyEsim(testApp, plan.id);
    const placed = await placeTestOrder(
      testApp,
      bought.headers,
      orderBody(bought.user, topUp.id, { topUpOf: bought.esim.id }),
    );
    await testApp.simulator.cancel(bought.esim.upstreamReference);

    await pressButton(testApp, placed.checkoutUrl, "pay");
    await runDueJobs(testApp.deps);
    await runDueJobs(testApp.deps);

    expect(await readOrder(testApp, placed.orderId)).toMatchObject({ status: "refund_due", attentionKind: null });
    const owed = (await listLedgerMovements(db, { orderId: placed.orderId })).filter(
      ({ movement }) => movement.kind === "refund_owed",
    );
    expect(owed.map(({ movement }) => movement.key)).toEqual([`refund-owed:undeliverable:${placed.orderId}`]);
    const money = await getOrderMoney(db, placed.orderId);
    expect(money.soldDzdMinor).toBeGreaterThan(0);
    expect(money.owedDzdMinor).toBe(money.soldDzdMinor);
    const emails = await db.execute<{ key: string }>(
      sql`select key from mail_outbox where order_id = ${placed.orderId} and key like ${"%refund%"}`,
    );
    expect(emails.rows.map((row) => row.key)).toEqual([`automatic-refund:esim_ended_before_top_up:${placed.orderId}`]);
  });

  it("owes the money back at once when the eSIM was revoked upstream between order and payment", async () => {
    const bought = await buyEsim(testApp, plan.id);
    const placed = await placeTestOrder(
      testApp,
      bought.headers,
      orderBody(bought.user, topUp.id, { topUpOf: bought.esim.id }),
    );
    testApp.simulator.setProfileState(bought.esim.iccid!, { esimStatus: "REVOKE", smdpStatus: "ENABLED" });

    await pressButton(testApp, placed.checkoutUrl, "pay");
    await runDueJobs(testApp.deps);
    await runDueJobs(testApp.deps);
    testApp.simulator.setProfileState(bought.esim.iccid!, null);

    expect(await readOrder(testApp, placed.orderId)).toMatchObject({ status: "refund_due", attentionKind: null });
    const money = await getOrderMoney(db, placed.orderId);
    expect(money.owedDzdMinor).toBe(money.soldDzdMinor);
  });

  it("emails that the top-up is applied, in the buyer's language, without install codes", async () => {
    const bought = await buyEsim(testApp, plan.id);
    await db.execute(sql`update users set language = 'ar' where id = ${bought.user.id}`);
    const placed = await placeTestOrder(
      testApp,
      bought.headers,
      orderBody(bought.user, topUp.id, { topUpOf: bought.esim.id }),
    );
    await pressButton(testApp, placed.checkoutUrl, "pay");
    await runDueJobs(testApp.deps);
    await runDueJobs(testApp.deps);
    const mail = testApp.sentMails.find((sent) => sent.subject.includes(placed.number));
    expect(mail?.subject).toBe(`تمت إضافة إعادة الشحن – الطلب ${placed.number}`);
    expect(mail?.attachments ?? []).toHaveLength(0);
    expect(mail?.text).toContain(bought.esim.iccid);
    expect(mail?.text).toContain(`/details/${bought.esim.id}`);
    expect(mail?.text).not.toContain(bought.esim.activationCode);
    // What was added, in our words and the buyer's language, never the upstream's English plan name.
    expect(mail?.text).toContain(`باقة إعادة الشحن ${planTitle(topUp, "ar")}`);
    expect(mail?.text).not.toContain(topUp.name);
  });

  it("answers IDEMPOTENCY_CONFLICT to the same checkout for another eSIM", async () => {
    const bought = await buyEsim(testApp, plan.id);
    const body = orderBody(bought.user, topUp.id, { topUpOf: bought.esim.id });
    expect((await postOrder(testApp, bought.headers, body)).statusCode).toBe(200);
    const asNew = await postOrder(testApp, bought.headers, { ...body, topUpOf: undefined, packageId: plan.id });
    expect(asNew.json().error.code).toBe("IDEMPOTENCY_CONFLICT");
  });
});

describe("invoices of paid orders", () => {
  it("issues the invoice when the payment lands, and says so on the order", async () => {
    const bought = await buyEsim(testApp, plan.id);
    const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, bought.orderId));
    expect(invoice?.number).toMatch(/^F\d{4}-\d{6}$/);
    const order = getOrder.response.parse(
      (await request(testApp, "GET", `/orders/${bought.orderId}`, { headers: bought.headers })).json(),
    ).data;
    expect(order.hasInvoice).toBe(true);
  });
});
