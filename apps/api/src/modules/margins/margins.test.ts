import { marginReportSchema, orderMarginSchema } from "@esim/shared/console/margins-contract";
import { ADMIN_API_BASE_PATH } from "@esim/shared/http";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { runDueJobs } from "../../jobs/worker.ts";
import { createPackage, setPriceSettings, uniqueAddress } from "../../test/factories.ts";
import { cancellationRequests, esims } from "../esims/esims.schema.ts";
import { request } from "../esims/esims.test-kit.ts";
import { postMovement } from "../ledger/index.ts";
import { createSignedInOperator } from "../operators/operators.test-kit.ts";
import { createBuyingApp, createPaidOrder, readOrder } from "../orders/buying.test-kit.ts";
import { orders } from "../orders/orders.schema.ts";

// The owner's margin (decision 065) from a known set of orders: bought at two rates, one refunded, one bought before
// costs were recorded, one paid but not bought yet. Plans sell at 1 490 DA TTC; the seller charges 19 % TVA. Africa/
// Algiers is UTC+1.

const testApp = await createBuyingApp();
const { app, clock, db, deps } = testApp;
const first = await createPackage(testApp);
const second = await createPackage(testApp, { simulatorIndex: 1 });

/** 1 490 DA and 2 980 DA excluding 19 % TVA, in centimes. */
const HT_ONE = Math.round((1490_00 * 10_000) / 11_900);
const HT_TWO = Math.round((2980_00 * 10_000) / 11_900);

/** USD × 10 000 at a rate in DZD, in centimes. */
const dzd = (costUsdE4: number, rate: number) => Math.round((costUsdE4 * rate) / 100);

async function boughtAt(at: string, packageId: string, options: { quantity?: number; rate?: string } = {}) {
  clock.set(new Date(at));
  const paid = await createPaidOrder(testApp, packageId, { quantity: options.quantity ?? 1 });
  await setPriceSettings(testApp, { dzdPerUsd: options.rate ?? "135" });
  await runDueJobs(deps);
  await runDueJobs(deps);
  await setPriceSettings(testApp, { dzdPerUsd: "135" });
  const order = await readOrder(testApp, paid.orderId);
  expect(order.status).toBe("delivered");
  return order;
}

const NOW = "2026-06-15T10:00:00Z";
const pair = await boughtAt("2026-06-15T08:00:00Z", first.id, { quantity: 2 });
const atOneFifty = await boughtAt("2026-06-14T12:00:00Z", first.id, { rate: "150" });
const refunded = await boughtAt("2026-06-15T09:00:00Z", second.id);
// Its whole charge owed back: the ledger's refund, as the refund flows post it.
await db.transaction((tx) =>
  postMovement(tx, {
    kind: "refund_owed",
    key: `test:refund:${refunded.id}`,
    amountDzdMinor: refunded.chargeDzdMinor,
    orderId: refunded.id,
    userId: refunded.userId,
    cause: "not delivered",
    actor: "operator:cli",
    now: clock.now(),
  }),
);
const older = await boughtAt("2026-06-13T12:00:00Z", second.id);
// Bought before the cost was recorded at all.
await db.update(orders).set({ upstreamCostUsdE4: null, upstreamDzdPerUsd: null }).where(eq(orders.id, older.id));
await boughtAt("2026-06-01T12:00:00Z", first.id);
// Bought, then cancelled unused on the traveller's request: the upstream credits its cost back to our balance.
clock.set(new Date("2026-05-01T10:00:00Z"));
const approver = await createSignedInOperator(testApp, "admin");
const cancelledPaid = await createPaidOrder(testApp, first.id);
await runDueJobs(deps);
await runDueJobs(deps);
const [cancelledEsim] = await db.select().from(esims).where(eq(esims.orderId, cancelledPaid.orderId));
const asked = await request(testApp, "POST", `/esims/${cancelledEsim!.id}/cancellation`, {
  headers: cancelledPaid.headers,
  payload: { reason: "Voyage annulé" },
});
expect(asked.statusCode).toBe(200);
const [cancellation] = await db
  .select()
  .from(cancellationRequests)
  .where(eq(cancellationRequests.esimId, cancelledEsim!.id));
const approved = await app.inject({
  method: "POST",
  url: `${ADMIN_API_BASE_PATH}/cancellations/${cancellation!.id}/approve`,
  headers: approver.headers,
  payload: { reason: "Annulée à la demande du voyageur" },
});
expect(approved.statusCode).toBe(200);
const cancelledOrder = await readOrder(testApp, cancelledPaid.orderId);

// Paid, its provisioning not run yet: nothing bought.
clock.set(new Date("2026-06-15T09:30:00Z"));
const waiting = await readOrder(testApp, (await createPaidOrder(testApp, first.id)).orderId);

clock.set(new Date(NOW));
const admin = await createSignedInOperator(testApp, "admin");
const support = await createSignedInOperator(testApp, "support");

function get(path: string, headers: Record<string, string> = admin.headers) {
  return app.inject({ method: "GET", url: `${ADMIN_API_BASE_PATH}${path}`, headers, remoteAddress: uniqueAddress() });
}

const costPair = dzd(first.costUsdE4 * 2, 135);
const costAtOneFifty = dzd(first.costUsdE4, 150);
const costRefunded = dzd(second.costUsdE4, 135);

describe("an order's margin", () => {
  it("is the admin's: 401 without a session, 403 for support, 400 for a malformed number, 404 for an unknown one", async () => {
    expect((await get(`/orders/${pair.number}/margin`, {})).statusCode).toBe(401);
    const forbidden = await get(`/orders/${pair.number}/margin`, support.headers);
    expect([forbidden.statusCode, forbidden.json().error.code]).toEqual([403, "FORBIDDEN"]);
    expect((await get("/orders/nope/margin")).json().error.code).toBe("VALIDATION_FAILED");
    expect((await get("/orders/ES26-999999/margin")).statusCode).toBe(404);
  });

  it("sets the sale excluding TVA against the upstream cost at the rate it was bought at", async () => {
    const response = await get(`/orders/${pair.number.toLowerCase()}/margin`);
    expect(response.statusCode).toBe(200);
    expect(orderMarginSchema.parse(response.json().data)).toEqual({
      tvaRateBps: 1900,
      soldHtDzdMinor: HT_TWO,
      refundedHtDzdMinor: 0,
      netSoldHtDzdMinor: HT_TWO,
      costUsdE4: first.costUsdE4 * 2,
      upstreamCreditUsdE4: 0,
      dzdPerUsd: "135",
      costDzdMinor: costPair,
      isPending: false,
      marginDzdMinor: HT_TWO - costPair,
      marginBps: Math.round(((HT_TWO - costPair) / HT_TWO) * 10_000),
    });
    const later = orderMarginSchema.parse((await get(`/orders/${atOneFifty.number}/margin`)).json().data);
    expect(later).toMatchObject({ dzdPerUsd: "150", costDzdMinor: costAtOneFifty });
  });

  it("nets a refund out of the sale, so a refunded order's margin is its cost lost", async () => {
    const margin = orderMarginSchema.parse((await get(`/orders/${refunded.number}/margin`)).json().data);
    expect(margin).toMatchObject({
      soldHtDzdMinor: HT_ONE,
      refundedHtDzdMinor: HT_ONE,
      netSoldHtDzdMinor: 0,
      costDzdMinor: costRefunded,
      marginDzdMinor: -costRefunded,
      marginBps: null,
    });
  });

  it("says the cost of an order bought before costs were recorded is unknown, never 0, and 0 before it is bought", async () => {
    const unknown = orderMarginSchema.parse((await get(`/orders/${older.number}/margin`)).json().data);
    expect(unknown).toMatchObject({
      netSoldHtDzdMinor: HT_ONE,
      costUsdE4: null,
      costDzdMinor: null,
      marginDzdMinor: null,
    });
  });

  it("has no margin while a paid order is not delivered: pending, not a 100 % margin", async () => {
    const notBought = orderMarginSchema.parse((await get(`/orders/${waiting.number}/margin`)).json().data);
    expect(notBought).toMatchObject({
      netSoldHtDzdMinor: HT_ONE,
      costUsdE4: 0,
      costDzdMinor: 0,
      isPending: true,
      marginDzdMinor: null,
      marginBps: null,
    });
  });

  it("takes the upstream's credit for an eSIM cancelled unused off its cost, so nothing is counted lost", async () => {
    expect(cancelledOrder.status).toBe("refund_due");
    const margin = orderMarginSchema.parse((await get(`/orders/${cancelledOrder.number}/margin`)).json().data);
    expect(margin).toMatchObject({
      netSoldHtDzdMinor: 0,
      costUsdE4: first.costUsdE4,
      upstreamCreditUsdE4: first.costUsdE4,
      costDzdMinor: 0,
      marginDzdMinor: 0,
      isPending: false,
    });
  });
});

describe("the margin report", () => {
  it("is the admin's, and refuses a period it does not know", async () => {
    expect((await get("/margins?period=7d", support.headers)).statusCode).toBe(403);
    const invalid = await get("/margins?period=week");
    expect(invalid.json().error).toMatchObject({ code: "VALIDATION_FAILED", fields: { period: "INVALID" } });
  });

  it("sums the last 7 Algiers days: totals, per plan and per day, leaving unknown costs out of the margin", async () => {
    const response = await get("/margins?period=7d");
    expect(response.statusCode).toBe(200);
    const report = marginReportSchema.parse(response.json().data);
    expect(report).toMatchObject({ period: "7d", from: "2026-06-08T23:00:00.000Z", to: "2026-06-15T10:00:00.000Z" });

    // The paid order not delivered yet is pending: its sale counted, no cost or margin for it.
    const knownSold = HT_TWO + HT_ONE + 0;
    const cost = costPair + costAtOneFifty + costRefunded;
    expect(report.totals).toEqual({
      orders: 5,
      netSoldHtDzdMinor: knownSold + HT_ONE + HT_ONE,
      unknownCostOrders: 1,
      pendingOrders: 1,
      costDzdMinor: cost,
      marginDzdMinor: knownSold - cost,
      marginBps: Math.round(((knownSold - cost) / knownSold) * 10_000),
    });

    const firstSold = HT_TWO + 2 * HT_ONE;
    const firstDelivered = HT_TWO + HT_ONE;
    const firstMargin = firstDelivered - costPair - costAtOneFifty;
    expect(report.plans).toEqual([
      {
        packageId: first.id,
        plan: expect.objectContaining({ destinationCode: first.destinationCode, validityDays: first.validityDays }),
        destinationCode: first.destinationCode,
        isTopUp: false,
        orders: 3,
        netSoldHtDzdMinor: firstSold,
        unknownCostOrders: 0,
        pendingOrders: 1,
        costDzdMinor: costPair + costAtOneFifty,
        marginDzdMinor: firstMargin,
        marginBps: Math.round((firstMargin / firstDelivered) * 10_000),
      },
      {
        packageId: second.id,
        plan: expect.objectContaining({ destinationCode: second.destinationCode, validityDays: second.validityDays }),
        destinationCode: second.destinationCode,
        isTopUp: false,
        orders: 2,
        netSoldHtDzdMinor: HT_ONE,
        unknownCostOrders: 1,
        pendingOrders: 0,
        costDzdMinor: costRefunded,
        marginDzdMinor: -costRefunded,
        marginBps: null,
      },
    ]);

    expect(report.days.map((day) => day.date)).toEqual([
      "2026-06-09",
      "2026-06-10",
      "2026-06-11",
      "2026-06-12",
      "2026-06-13",
      "2026-06-14",
      "2026-06-15",
    ]);
    const byDate = new Map(report.days.map((day) => [day.date, day]));
    expect(byDate.get("2026-06-15")).toMatchObject({
      orders: 3,
      pendingOrders: 1,
      netSoldHtDzdMinor: HT_TWO + HT_ONE,
      costDzdMinor: costPair + costRefunded,
      marginDzdMinor: HT_TWO - costPair - costRefunded,
    });
    expect(byDate.get("2026-06-14")).toMatchObject({ orders: 1, marginDzdMinor: HT_ONE - costAtOneFifty });
    expect(byDate.get("2026-06-13")).toMatchObject({ orders: 1, unknownCostOrders: 1, marginDzdMinor: null });
    expect(byDate.get("2026-06-10")).toEqual({
      date: "2026-06-10",
      orders: 0,
      netSoldHtDzdMinor: 0,
      unknownCostOrders: 0,
      pendingOrders: 0,
      costDzdMinor: null,
      marginDzdMinor: null,
      marginBps: null,
    });
  });

  it("counts today from the Algiers midnight and the 30 days further back", async () => {
    const today = marginReportSchema.parse((await get("/margins?period=today")).json().data);
    expect([today.from, today.totals.orders, today.days.length]).toEqual(["2026-06-14T23:00:00.000Z", 3, 1]);
    const month = marginReportSchema.parse((await get("/margins?period=30d")).json().data);
    expect([month.totals.orders, month.days.length]).toEqual([6, 30]);
  });
});
