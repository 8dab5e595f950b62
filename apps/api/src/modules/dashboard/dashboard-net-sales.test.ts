import { describe, expect, it } from "vitest";
import { createPackage } from "../../test/factories.ts";
import { issueCreditNote } from "../invoices/index.ts";
import { postMovement } from "../ledger/index.ts";
import { createBuyingApp, createPaidOrder, readOrder } from "../orders/buying.test-kit.ts";
import { getDashboard } from "./index.ts";

// Sales net of refunds, from the ledger (decision 061): a refund lowers the net of the day it is owed, whatever day
// the sale was; what is still owed is what the ledger says after the partial refunds sent. Africa/Algiers is UTC+1.

const testApp = await createBuyingApp();
const { clock, db, deps } = testApp;
const plan = await createPackage(testApp);

async function paidAt(at: string) {
  clock.set(new Date(at));
  const paid = await createPaidOrder(testApp, plan.id);
  return { ...paid, order: await readOrder(testApp, paid.orderId) };
}

/** A refund owed and its credit note, in one transaction as the refund flows post them, at `at`. */
async function oweAt(at: string, order: { id: string; userId: string | null }, amountDzdMinor: number) {
  clock.set(new Date(at));
  await db.transaction(async (tx) => {
    const posted = await postMovement(tx, {
      kind: "refund_owed",
      key: `test:owed:${order.id}`,
      amountDzdMinor,
      orderId: order.id,
      userId: order.userId,
      cause: "eSIM cancelled",
      actor: "operator:test",
      now: clock.now(),
    });
    const input = { amountTtcDzdMinor: amountDzdMinor, reason: "eSIM cancelled", now: clock.now() };
    await issueCreditNote(tx, { orderId: order.id, movementId: posted!.movement.id, ...input }, deps.config);
  });
}

async function sendAt(at: string, order: { id: string; userId: string | null }, amountDzdMinor: number) {
  clock.set(new Date(at));
  const movement = {
    kind: "refund_sent" as const,
    key: `test:sent:${order.id}:${at}`,
    amountDzdMinor,
    orderId: order.id,
    userId: order.userId,
    method: "ccp",
    reference: "CCP-0001",
    cause: "transfer made",
    actor: "operator:test",
    now: clock.now(),
  };
  await db.transaction((tx) => postMovement(tx, movement));
}

// Paid on 5 June, refunded whole on 6 June (owed 9 days at "now", past the 7 days promised).
const early = await paidAt("2026-06-05T10:00:00Z");
await oweAt("2026-06-06T10:00:00Z", early.order, early.order.chargeDzdMinor);
// Paid on 10 June, half refunded this morning, a quarter of it sent by CCP since.
const refunded = await paidAt("2026-06-10T10:00:00Z");
const kept = await paidAt("2026-06-10T11:00:00Z");
const half = refunded.order.chargeDzdMinor / 2;
await oweAt("2026-06-15T08:00:00Z", refunded.order, half);
await sendAt("2026-06-15T08:30:00Z", refunded.order, half / 2);
// Paid today.
const today = await paidAt("2026-06-15T09:00:00Z");
const NOW = new Date("2026-06-15T10:00:00Z");
const charge = (paid: { order: { chargeDzdMinor: number } }) => paid.order.chargeDzdMinor;

describe("getDashboard: gross, refunds and net sales", () => {
  it("takes a refund off the net of the day it is owed, never off the gross", async () => {
    clock.set(NOW);

    const { sales, dailySales } = await getDashboard(deps);

    expect(sales.today).toMatchObject({
      paidOrders: 1,
      grossDzdMinor: charge(today),
      refundsDzdMinor: half,
      netDzdMinor: charge(today) - half,
    });
    const weekGross = charge(refunded) + charge(kept) + charge(today);
    expect(sales.last7Days).toMatchObject({
      paidOrders: 3,
      grossDzdMinor: weekGross,
      refundsDzdMinor: half,
      netDzdMinor: weekGross - half,
    });
    const monthGross = weekGross + charge(early);
    expect(sales.last30Days).toMatchObject({
      grossDzdMinor: monthGross,
      refundsDzdMinor: half + charge(early),
      netDzdMinor: monthGross - half - charge(early),
    });
    const byDate = Object.fromEntries(dailySales.map((day) => [day.date, day]));
    expect(byDate["2026-06-15"]).toEqual({
      date: "2026-06-15",
      paidOrders: 1,
      grossDzdMinor: charge(today),
      refundsDzdMinor: half,
      netDzdMinor: charge(today) - half,
    });
    expect(byDate["2026-06-06"]).toEqual({
      date: "2026-06-06",
      paidOrders: 0,
      grossDzdMinor: 0,
      refundsDzdMinor: charge(early),
      netDzdMinor: -charge(early),
    });
    expect(byDate["2026-06-10"]).toMatchObject({ grossDzdMinor: charge(refunded) + charge(kept), refundsDzdMinor: 0 });
  });

  it("shows what is still owed from the ledger, a partial refund's rest included, overdue past 7 days", async () => {
    clock.set(NOW);

    const { refundsOwed } = await getDashboard(deps);

    expect(refundsOwed).toEqual({
      count: 2,
      totalDzdMinor: charge(early) + half / 2,
      overdueCount: 1,
      orders: [
        {
          number: early.number,
          since: new Date("2026-06-06T10:00:00Z"),
          ageMinutes: 9 * 24 * 60,
          amountDzdMinor: charge(early),
          isOverdue: true,
        },
        {
          number: refunded.number,
          since: new Date("2026-06-15T08:00:00Z"),
          ageMinutes: 120,
          amountDzdMinor: half / 2,
          isOverdue: false,
        },
      ],
    });
  });
});
