import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { settlePayment } from "../../flows/settle-payment.ts";
import { runDueJobs } from "../../jobs/worker.ts";
import { createPackage, createSignedInUser } from "../../test/factories.ts";
import {
  createBuyingApp,
  orderBody,
  placeTestOrder,
  postPaymentWebhook,
  pressButton,
  readOrder,
  signedCheckoutWebhook,
} from "../orders/buying.test-kit.ts";
import { acceptHeldPayment } from "../orders/index.ts";
import { getOrderMoney, getTrialBalance, listLedgerMovements, postMovement } from "./index.ts";

const testApp = await createBuyingApp();
const { db, clock } = testApp;
const plan = await createPackage(testApp);

async function placeFor() {
  const buyer = await createSignedInUser(testApp);
  const placed = await placeTestOrder(testApp, buyer.headers, orderBody(buyer.user, plan.id));
  const order = await readOrder(testApp, placed.orderId);
  return { ...buyer, ...placed, chargeDzdMinor: order.chargeDzdMinor };
}

/** The database's own refusal, under drizzle's "Failed query" wrapper. */
async function refusal(query: Promise<unknown>): Promise<string> {
  try {
    await query;
  } catch (error) {
    const cause = (error as { cause?: Error }).cause;
    return cause?.message ?? (error as Error).message;
  }
  return "accepted";
}

async function expectBalancedLedger() {
  const balances = await getTrialBalance(db);
  expect([...balances.values()].reduce((sum, amount) => sum + amount, 0)).toBe(0);
}

describe("the ledger of an order's payment", () => {
  it("records a paid order's money once as a sale, however often the gateway repeats itself", async () => {
    const placed = await placeFor();
    await pressButton(testApp, placed.checkoutUrl, "pay");
    const replay = await signedCheckoutWebhook(testApp, { paymentId: placed.paymentId, eventId: "evt_replayed" });
    await postPaymentWebhook(testApp, replay);

    expect(await getOrderMoney(db, placed.orderId)).toEqual({
      capturedDzdMinor: placed.chargeDzdMinor,
      soldDzdMinor: placed.chargeDzdMinor,
      refundedDzdMinor: 0,
      owedDzdMinor: 0,
      heldDzdMinor: 0,
      reservedCreditDzdMinor: 0,
    });
    const movements = await listLedgerMovements(db, { orderId: placed.orderId });
    expect(movements.map(({ movement }) => movement.kind)).toEqual(["payment_captured"]);
    expect(movements[0]!.movement).toMatchObject({
      userId: placed.user.id,
      method: "sandbox",
      actor: "gateway:sandbox",
    });
    expect(movements[0]!.lines).toEqual([
      expect.objectContaining({ account: "cash", amountDzdMinor: placed.chargeDzdMinor }),
      expect.objectContaining({ account: "sales", amountDzdMinor: -placed.chargeDzdMinor }),
    ]);
    await expectBalancedLedger();
  });

  it("holds money that does not match the order, and makes it the sale when the operator accepts it", async () => {
    const placed = await placeFor();
    await postPaymentWebhook(
      testApp,
      await signedCheckoutWebhook(testApp, { paymentId: placed.paymentId, amountDzd: 1 }),
    );
    expect(await getOrderMoney(db, placed.orderId)).toMatchObject({
      capturedDzdMinor: 100,
      heldDzdMinor: 100,
      soldDzdMinor: 0,
    });

    const accepted = await acceptHeldPayment(testApp.deps, {
      number: placed.number,
      note: "paid in cash",
      actor: "operator:cli",
    });

    expect(accepted.outcome).toBe("done");
    expect(await getOrderMoney(db, placed.orderId)).toMatchObject({
      capturedDzdMinor: 100,
      heldDzdMinor: 0,
      soldDzdMinor: 100,
    });
    await expectBalancedLedger();
  });

  it("takes the held money as the sale when the gateway corrects its report of the same checkout", async () => {
    const placed = await placeFor();
    await postPaymentWebhook(
      testApp,
      await signedCheckoutWebhook(testApp, { paymentId: placed.paymentId, amountDzd: 1 }),
    );
    await postPaymentWebhook(
      testApp,
      await signedCheckoutWebhook(testApp, { paymentId: placed.paymentId, currency: "dzd" }),
    );

    expect(await readOrder(testApp, placed.orderId)).toMatchObject({ status: "confirmed" });
    expect(await getOrderMoney(db, placed.orderId)).toMatchObject({
      capturedDzdMinor: placed.chargeDzdMinor,
      soldDzdMinor: placed.chargeDzdMinor,
      heldDzdMinor: 0,
    });
  });

  it("holds and flags money a second checkout took for an order already paid, once", async () => {
    const placed = await placeFor();
    await pressButton(testApp, placed.checkoutUrl, "pay");
    const second = { paymentId: placed.paymentId, reference: "chk_second", provider: "sandbox", amountDzdMinor: 5_000 };
    for (let attempt = 0; attempt < 2; attempt++) {
      await db.transaction((tx) =>
        settlePayment(tx, testApp.deps, {
          orderId: placed.orderId,
          outcome: { kind: "mismatched", reason: "payment_mismatch: a second checkout", captured: second },
          cause: "webhook evt_second",
          actor: "gateway:sandbox",
          now: clock.now(),
        }),
      );
    }

    expect(await getOrderMoney(db, placed.orderId)).toMatchObject({
      capturedDzdMinor: placed.chargeDzdMinor + 5_000,
      soldDzdMinor: placed.chargeDzdMinor,
      heldDzdMinor: 5_000,
    });
    const order = await readOrder(testApp, placed.orderId);
    expect(order).toMatchObject({ status: "confirmed", attentionKind: "amount_mismatch" });
    expect(order.attentionReason).toMatch(/took 50\.00 DZD for order .* which is confirmed: held for a refund/);
  });
});

describe("the ledger's rules", () => {
  it("posts a fact once: the same key twice is one movement, and a zero amount posts nothing", async () => {
    const buyer = await createSignedInUser(testApp);
    const posting = {
      kind: "credit_issued" as const,
      key: `test:goodwill:${buyer.user.id}`,
      amountDzdMinor: 22_000,
      userId: buyer.user.id,
      cause: "sorry for the wait",
      actor: "operator:cli",
      now: clock.now(),
    };
    const first = await db.transaction((tx) => postMovement(tx, posting));
    const second = await db.transaction((tx) => postMovement(tx, { ...posting, amountDzdMinor: 99 }));
    const zero = await db.transaction((tx) => postMovement(tx, { ...posting, key: "test:zero", amountDzdMinor: 0 }));

    expect(first?.isNew).toBe(true);
    expect(second).toEqual({ movement: first!.movement, isNew: false });
    expect(zero).toBeUndefined();
    expect(await listLedgerMovements(db, { userId: buyer.user.id })).toHaveLength(1);
  });

  it("refuses an account a kind of movement does not use, and a negative or fractional amount", async () => {
    const base = { key: "test:refused", cause: "x", actor: "operator:cli", now: clock.now() };
    await expect(
      db.transaction((tx) =>
        postMovement(tx, { ...base, kind: "refund_sent", amountDzdMinor: 100, credit: "sales" as never }),
      ),
    ).rejects.toThrow(/cannot move money from sales/);
    await expect(
      db.transaction((tx) => postMovement(tx, { ...base, kind: "credit_issued", amountDzdMinor: -5 })),
    ).rejects.toThrow(/positive whole number/);
    await expect(
      db.transaction((tx) => postMovement(tx, { ...base, kind: "credit_issued", amountDzdMinor: 1.5 })),
    ).rejects.toThrow(/positive whole number/);
  });

  it("never changes or removes a line, whoever connects, and refuses lines that do not balance", async () => {
    const placed = await placeFor();
    await pressButton(testApp, placed.checkoutUrl, "pay");

    expect(await refusal(db.execute(sql`update ledger_entries set amount_dzd_minor = 1`))).toMatch(/append-only/);
    expect(await refusal(db.execute(sql`delete from ledger_entries`))).toMatch(/append-only/);
    expect(await refusal(db.execute(sql`update ledger_movements set cause = 'changed'`))).toMatch(/append-only/);
    expect(await refusal(db.execute(sql`delete from ledger_movements`))).toMatch(/append-only/);
    expect(await refusal(db.execute(sql`truncate ledger_entries`))).toMatch(/append-only/);
    expect(await refusal(db.execute(sql`truncate ledger_movements cascade`))).toMatch(/append-only/);
    expect(
      await refusal(
        db.transaction(async (tx) => {
          const [movement] = (
            await tx.execute<{ id: string }>(
              sql`insert into ledger_movements (key, kind, cause, actor) values ('test:lopsided', 'credit_issued', 'x', 'x') returning id`,
            )
          ).rows;
          await tx.execute(
            sql`insert into ledger_entries (movement_id, account, amount_dzd_minor) values (${movement!.id}, 'goodwill', 100), (${movement!.id}, 'store_credit', -99)`,
          );
        }),
      ),
    ).toMatch(/not balanced/);
    await expectBalancedLedger();
  });
});

describe("the ledger's subscribers", () => {
  async function jobsOfMovement(movementId: string) {
    const result = await db.execute<{ task: string; key: string | null }>(sql`
      select t.identifier as task, j.key
      from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
      where j.payload->>'movementId' = ${movementId}`);
    return result.rows;
  }

  async function countedMovements(kind: string) {
    const metric = await testApp.deps.metrics.ledgerMovements.get();
    return metric.values.find((value) => value.labels.kind === kind)?.value ?? 0;
  }

  it("queue their jobs with a new movement, once, and run once; a rolled-back movement queues nothing", async () => {
    const buyer = await createSignedInUser(testApp);
    const posting = {
      kind: "credit_issued" as const,
      key: `test:subscribed:${buyer.user.id}`,
      amountDzdMinor: 5_000,
      userId: buyer.user.id,
      cause: "goodwill",
      actor: "operator:cli",
      now: clock.now(),
    };
    await runDueJobs(testApp.deps);
    const before = await countedMovements("credit_issued");

    const posted = await db.transaction((tx) => postMovement(tx, posting));
    await db.transaction((tx) => postMovement(tx, posting));
    const rolledBack = await db
      .transaction(async (tx) => {
        const movement = await postMovement(tx, { ...posting, key: `test:rolled-back:${buyer.user.id}` });
        tx.rollback();
        return movement;
      })
      .catch(() => undefined);

    expect(await jobsOfMovement(posted!.movement.id)).toEqual([
      {
        task: "ledger-subscriber:ledger-movements-metric",
        key: `ledger-subscriber:ledger-movements-metric:${posted!.movement.id}`,
      },
    ]);
    expect(rolledBack).toBeUndefined();
    await runDueJobs(testApp.deps);
    expect(await countedMovements("credit_issued")).toBe(before + 1);
  });
});
