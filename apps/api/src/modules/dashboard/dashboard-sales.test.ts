import { dashboardSchema } from "@esim/shared/console/dashboard-contract";
import { describe, expect, it } from "vitest";
import { createPackage, createSignedInUser } from "../../test/factories.ts";
import {
  createBuyingApp,
  createPaidOrder,
  orderBody,
  placeTestOrder,
  pressButton,
  readOrder,
} from "../orders/buying.test-kit.ts";
import { getDashboard, presentDashboard } from "./index.ts";

// Sales, conversion and the daily series from a known set of orders, placed and paid on both sides of each window's
// first instant. Africa/Algiers is UTC+1: its midnight is 23:00 UTC the day before.

const testApp = await createBuyingApp();

/** Sales without refunds: the net is the gross. */
const unrefunded = (grossDzdMinor: number) => ({ grossDzdMinor, refundsDzdMinor: 0, netDzdMinor: grossDzdMinor });
const { clock, deps } = testApp;
const plan = await createPackage(testApp);

async function paidAt(at: string, quantity = 1) {
  clock.set(new Date(at));
  const paid = await createPaidOrder(testApp, plan.id, { quantity });
  return (await readOrder(testApp, paid.orderId)).chargeDzdMinor;
}

async function placedAt(at: string, then?: { button: "pay" | "fail"; at: string }) {
  clock.set(new Date(at));
  const buyer = await createSignedInUser(testApp);
  const placed = await placeTestOrder(testApp, buyer.headers, orderBody(buyer.user, plan.id));
  if (then) {
    clock.set(new Date(then.at));
    await pressButton(testApp, placed.checkoutUrl, then.button);
  }
  return (await readOrder(testApp, placed.orderId)).chargeDzdMinor;
}

// Now: 2026-06-15 11:00 in Algiers. Today began 2026-06-14T23:00Z, the 7 days 2026-06-08T23:00Z, the 30 days
// 2026-05-16T23:00Z (2026-05-17 in Algiers).
const NOW = "2026-06-15T10:00:00Z";
const todayFirst = await paidAt("2026-06-14T23:00:00Z", 2);
const yesterdayLast = await paidAt("2026-06-14T22:59:59Z");
const sevenDaysFirst = await paidAt("2026-06-08T23:00:00Z");
const sevenDaysBefore = await paidAt("2026-06-08T22:59:59.999Z");
const thirtyDaysFirst = await paidAt("2026-05-16T23:00:00Z");
await paidAt("2026-05-16T22:59:59Z");
// Placed just before midnight, paid just after (within the checkout's 30 minutes): today's sale, yesterday's checkout.
const placedYesterdayPaidToday = await placedAt("2026-06-14T22:50:00Z", { button: "pay", at: "2026-06-14T23:05:00Z" });
// Checkouts today that did not pay: one still at the gateway, one failed.
await placedAt("2026-06-15T09:00:00Z");
await placedAt("2026-06-15T09:10:00Z", { button: "fail", at: "2026-06-15T09:11:00Z" });

describe("getDashboard: sales and conversion", () => {
  it("counts each window from its Algiers midnight: paid orders, their charges, checkouts and the share paid", async () => {
    clock.set(new Date(NOW));

    const { sales } = await getDashboard(deps);

    expect(sales.today).toEqual({
      from: new Date("2026-06-14T23:00:00Z"),
      paidOrders: 2,
      ...unrefunded(todayFirst + placedYesterdayPaidToday),
      checkoutsStarted: 3,
      checkoutsPaid: 1,
      conversionRate: 1 / 3,
    });
    expect(sales.last7Days).toEqual({
      from: new Date("2026-06-08T23:00:00Z"),
      paidOrders: 4,
      ...unrefunded(todayFirst + yesterdayLast + sevenDaysFirst + placedYesterdayPaidToday),
      checkoutsStarted: 6,
      checkoutsPaid: 4,
      conversionRate: 4 / 6,
    });
    expect(sales.last30Days).toEqual({
      from: new Date("2026-05-16T23:00:00Z"),
      paidOrders: 6,
      ...unrefunded(
        todayFirst + yesterdayLast + sevenDaysFirst + sevenDaysBefore + thirtyDaysFirst + placedYesterdayPaidToday,
      ),
      checkoutsStarted: 8,
      checkoutsPaid: 6,
      conversionRate: 6 / 8,
    });
    expect(todayFirst).toBe(2 * yesterdayLast);
  });

  it("starts today at Algiers midnight, not UTC's, and counts nothing after now", async () => {
    // 00:02 on 15 June in Algiers, still 14 June in UTC.
    clock.set(new Date("2026-06-14T23:02:00Z"));

    const { sales, dailySales } = await getDashboard(deps);

    expect(sales.today).toMatchObject({
      from: new Date("2026-06-14T23:00:00Z"),
      paidOrders: 1,
      ...unrefunded(todayFirst),
      checkoutsStarted: 1,
      checkoutsPaid: 1,
      conversionRate: 1,
    });
    expect(dailySales.at(-1)).toEqual({ date: "2026-06-15", paidOrders: 1, ...unrefunded(todayFirst) });
    expect(dailySales[0]?.date).toBe("2026-05-17");
  });

  it("answers no conversion rather than 0 % for a window without any checkout", async () => {
    clock.set(new Date("2026-08-01T10:00:00Z"));
    const { sales } = await getDashboard(deps);
    expect(sales.today).toMatchObject({ paidOrders: 0, ...unrefunded(0), checkoutsStarted: 0, conversionRate: null });
    expect(sales.last30Days.conversionRate).toBeNull();
  });
});

describe("getDashboard: daily sales", () => {
  it("has one point per Algiers day of the last 30, oldest first, zeros where nothing sold", async () => {
    clock.set(new Date(NOW));

    const { dailySales } = await getDashboard(deps);

    expect(dailySales).toHaveLength(30);
    expect(dailySales[0]).toEqual({ date: "2026-05-17", paidOrders: 1, ...unrefunded(thirtyDaysFirst) });
    expect(dailySales.at(-1)).toEqual({
      date: "2026-06-15",
      paidOrders: 2,
      ...unrefunded(todayFirst + placedYesterdayPaidToday),
    });
    const byDate = Object.fromEntries(dailySales.map((day) => [day.date, day]));
    expect(byDate["2026-06-14"]).toEqual({ date: "2026-06-14", paidOrders: 1, ...unrefunded(yesterdayLast) });
    expect(byDate["2026-06-09"]).toMatchObject({ paidOrders: 1, ...unrefunded(sevenDaysFirst) });
    expect(byDate["2026-06-08"]).toMatchObject({ paidOrders: 1, ...unrefunded(sevenDaysBefore) });
    const days = dailySales.map((day) => day.date);
    expect(new Set(days).size).toBe(30);
    expect(days).toEqual([...days].sort());
    const sold = new Set(["2026-05-17", "2026-06-08", "2026-06-09", "2026-06-14", "2026-06-15"]);
    for (const day of dailySales.filter((point) => !sold.has(point.date))) {
      expect(day).toEqual({ date: day.date, paidOrders: 0, ...unrefunded(0) });
    }
  });

  it("is presented in the shared contract's shape", async () => {
    clock.set(new Date(NOW));
    const presented = presentDashboard(await getDashboard(deps));
    expect(dashboardSchema.parse(presented)).toEqual(presented);
    expect(presented.sales.today.from).toBe("2026-06-14T23:00:00.000Z");
    expect(presented.timeZone).toBe("Africa/Algiers");
  });
});
