import { describe, expect, it } from "vitest";
import { createPackage, createSignedInUser } from "../../test/factories.ts";
import { postMovement } from "../ledger/index.ts";
import { createBuyingApp, orderBody, placeTestOrder, pressButton, readOrder } from "../orders/buying.test-kit.ts";
import { issueCreditNote } from "./index.ts";

const testApp = await createBuyingApp();
const { db, clock, deps } = testApp;
const plan = await createPackage(testApp);

async function paidOrder(options: { isPaid?: boolean } = {}) {
  const buyer = await createSignedInUser(testApp, { language: "ar" });
  const placed = await placeTestOrder(testApp, buyer.headers, orderBody(buyer.user, plan.id));
  if (options.isPaid !== false) await pressButton(testApp, placed.checkoutUrl, "pay");
  return readOrder(testApp, placed.orderId);
}

/** A refund owed and its credit note, in one transaction as the refund flows do. */
function oweWithCreditNote(order: { id: string; userId: string | null }, amountDzdMinor: number, key: string) {
  return db.transaction(async (tx) => {
    const posted = await postMovement(tx, {
      kind: "refund_owed",
      key,
      amountDzdMinor,
      orderId: order.id,
      userId: order.userId,
      cause: "test refund",
      actor: "operator:cli",
      now: clock.now(),
    });
    return issueCreditNote(
      tx,
      {
        orderId: order.id,
        movementId: posted!.movement.id,
        amountTtcDzdMinor: amountDzdMinor,
        reason: "eSIM cancelled",
        now: clock.now(),
      },
      deps.config,
    );
  });
}

describe("credit notes", () => {
  it("numbers each refund's credit note in its own yearly series, with the TVA reversed at the invoice's rate", async () => {
    const order = await paidOrder();
    const year = Number(
      new Intl.DateTimeFormat("en-US", { timeZone: "Africa/Algiers", year: "numeric" }).format(clock.now()),
    );

    const first = await oweWithCreditNote(order, 11_900, `test:first:${order.id}`);
    const again = await oweWithCreditNote(order, 11_900, `test:first:${order.id}`);
    const second = await oweWithCreditNote(order, 5_950, `test:second:${order.id}`);

    expect(first).toMatchObject({
      number: `A${year}-000001`,
      language: "ar",
      amountTtcDzdMinor: 11_900,
      amountHtDzdMinor: 10_000,
      tvaDzdMinor: 1_900,
    });
    expect(again?.id).toBe(first?.id);
    expect(second).toMatchObject({ number: `A${year}-000002`, amountHtDzdMinor: 5_000, tvaDzdMinor: 950 });
  });

  it("refuses to reverse more than the invoice, and gives the number back", async () => {
    const order = await paidOrder();
    await expect(oweWithCreditNote(order, order.chargeDzdMinor + 1, `test:too-much:${order.id}`)).rejects.toMatchObject(
      {
        code: "REFUND_AMOUNT_TOO_HIGH",
      },
    );
    const whole = await oweWithCreditNote(order, order.chargeDzdMinor, `test:whole:${order.id}`);
    expect(whole?.number).toMatch(/-000003$/);
  });

  it("issues none for money never invoiced (an order not paid)", async () => {
    const order = await paidOrder({ isPaid: false });
    expect(await oweWithCreditNote(order, 100, `test:unpaid:${order.id}`)).toBeUndefined();
  });
});
