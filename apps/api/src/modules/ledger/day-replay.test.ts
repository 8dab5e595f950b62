import { randomUUID } from "node:crypto";
import { ADMIN_API_BASE_PATH, API_BASE_PATH } from "@esim/shared/http";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createPackage, createSignedInUser, uniqueAddress } from "../../test/factories.ts";
import { createSignedInOperator } from "../operators/operators.test-kit.ts";
import {
  createBuyingApp,
  orderBody,
  placeTestOrder,
  postPaymentWebhook,
  pressButton,
  readOrder,
  signedCheckoutWebhook,
} from "../orders/buying.test-kit.ts";
import { decideRefund } from "../orders/index.ts";
import { payments } from "../payments/payments.schema.ts";
import { expireStoreCredit } from "../store-credit/index.ts";

// A day of the shop replayed through its real flows (decision 061): card payments, declines, a held payment
// accepted and one refused, credit given, bought, spent and expired, refunds owed, partly and wholly sent. At the end
// every balance the shop shows (a customer's credit, what is owed on an order, the dashboard's gross, refunds and net)
// is the sum of the ledger's lines, the lines balance, and nothing written to the ledger during the day was changed.

const testApp = await createBuyingApp();
const { app, db, clock, deps } = testApp;
const plan = await createPackage(testApp);
// 10:00 in Algiers: the whole day is "today" on the dashboard.
clock.set(new Date("2026-11-25T09:00:00Z"));
const admin = await createSignedInOperator(testApp, "admin");

type Traveller = Awaited<ReturnType<typeof createSignedInUser>>;

function adminCall(method: "GET" | "POST", path: string, payload?: Record<string, unknown>) {
  return app.inject({
    method,
    url: `${ADMIN_API_BASE_PATH}${path}`,
    headers: admin.headers,
    remoteAddress: uniqueAddress(),
    ...(payload ? { payload } : {}),
  });
}

async function expectOk(response: { statusCode: number; body: string }) {
  if (response.statusCode !== 200) throw new Error(`answered ${response.statusCode}: ${response.body}`);
  return JSON.parse(response.body).data;
}

/** A traveller places an order; `pay` says what they do on the gateway's page (nothing when credit paid it all). */
async function buy(traveller: Traveller, pay: "pay" | "fail" | "cancel" | "mismatch" | "none", extra = {}) {
  const placed = await placeTestOrder(testApp, traveller.headers, orderBody(traveller.user, plan.id, extra));
  if (pay === "pay" || pay === "fail" || pay === "cancel") await pressButton(testApp, placed.checkoutUrl, pay);
  if (pay === "mismatch") {
    await postPaymentWebhook(
      testApp,
      await signedCheckoutWebhook(testApp, { paymentId: placed.paymentId, amountDzd: 1 }),
    );
  }
  clock.advance(7 * 60_000);
  return placed;
}

/** Every ledger line as written, to prove none is changed or removed later. */
async function ledgerLines() {
  const result = await db.execute(sql`
    select e.id, e.movement_id, e.account, e.amount_dzd_minor, e.order_id, e.user_id, e.created_at, m.key, m.kind
    from ledger_entries e join ledger_movements m on m.id = e.movement_id order by e.id`);
  return result.rows;
}

/** An account's raw sum from the ledger's lines, optionally for one customer or one order. */
async function sumOf(account: string, filter: { userId?: string; orderId?: string } = {}) {
  const result = await db.execute<{ total: string }>(sql`
    select coalesce(sum(amount_dzd_minor), 0) as total from ledger_entries
    where account = ${account}
      ${filter.userId ? sql`and user_id = ${filter.userId}` : sql``}
      ${filter.orderId ? sql`and order_id = ${filter.orderId}` : sql``}`);
  return Number(result.rows[0]!.total);
}

async function creditShownTo(traveller: Traveller) {
  const response = await app.inject({
    method: "GET",
    url: `${API_BASE_PATH}/account/store-credit`,
    headers: traveller.headers,
  });
  return (await expectOk(response)).balanceDzdMinor as number;
}

describe("a day of the shop, replayed", () => {
  it("leaves every balance equal to its ledger sum, the lines balanced and never rewritten", async () => {
    const travellers = await Promise.all(Array.from({ length: 8 }, () => createSignedInUser(testApp)));
    const [amina, karim, lina, yacine, sofiane, nour, walid, samia] = travellers as [
      Traveller,
      Traveller,
      Traveller,
      Traveller,
      Traveller,
      Traveller,
      Traveller,
      Traveller,
    ];

    // Morning: card payments, a decline, a payer who gives up.
    const morningOrders = [];
    for (const traveller of [amina, karim, lina, yacine]) morningOrders.push(await buy(traveller, "pay"));
    await buy(sofiane, "fail");
    await buy(nour, "cancel");
    // Two payments that do not match their orders: one accepted, one refused.
    const heldAccepted = await buy(walid, "mismatch");
    const heldRefused = await buy(samia, "mismatch");
    await expectOk(
      await adminCall("POST", `/orders/${heldAccepted.number}/accept-held-payment`, {
        note: "paid the rest at the desk",
      }),
    );
    await expectOk(
      await adminCall("POST", `/orders/${heldRefused.number}/refuse-held-payment`, { reason: "wrong amount taken" }),
    );
    const morning = await ledgerLines();

    // Midday: credit given by the shop (part of it expiring tonight), bought with a card, spent on orders.
    await expectOk(
      await adminCall("POST", `/customers/${amina.user.id}/store-credit`, {
        amountDzd: 1_000,
        reason: "late delivery",
      }),
    );
    await expectOk(
      await adminCall("POST", `/customers/${karim.user.id}/store-credit`, {
        amountDzd: 300,
        reason: "welcome back",
        expiresAt: new Date(clock.now().getTime() + 2 * 60 * 60_000).toISOString(),
      }),
    );
    const load = await app.inject({
      method: "POST",
      url: `${API_BASE_PATH}/credit-loads`,
      headers: lina.headers,
      payload: { clientReference: randomUUID(), amountDzd: 2_000, paymentMethod: "edahabia", termsAccepted: true },
    });
    await pressButton(testApp, (await expectOk(load)).checkoutUrl, "pay");
    // Amina's 1 000 DA pay part of her order, the card the rest; Lina's 2 000 DA pay a whole one.
    const partlyByCredit = await buy(amina, "pay");
    const whollyByCredit = await buy(lina, "none");
    expect((await readOrder(testApp, partlyByCredit.orderId)).creditAppliedDzdMinor).toBe(1_000_00);
    expect((await readOrder(testApp, whollyByCredit.orderId)).status).toBe("confirmed");
    const [cardPart] = await db.select().from(payments).where(eq(payments.orderId, partlyByCredit.orderId));
    expect(cardPart!.amountMinor).toBe((await readOrder(testApp, partlyByCredit.orderId)).chargeDzdMinor - 1_000_00);

    // Afternoon: two paid orders that cannot be delivered. Yacine takes his refund as store credit; Karim's is sent
    // by CCP in two parts.
    const [, karimsOrder, , yacinesOrder] = morningOrders;
    for (const order of [karimsOrder!, yacinesOrder!]) {
      const decided = await decideRefund(deps, {
        number: order.number,
        reason: "not delivered",
        actor: "operator:cli",
      });
      expect(decided.outcome).toBe("done");
    }
    await expectOk(
      await app.inject({
        method: "POST",
        url: `${API_BASE_PATH}/orders/${yacinesOrder!.orderId}/refund/choice`,
        headers: yacine.headers,
        payload: { kind: "store_credit" },
      }),
    );
    const owedToKarim = 0 - (await sumOf("refunds_owed", { orderId: karimsOrder!.orderId }));
    for (const amountDzdMinor of [200_00, owedToKarim - 200_00]) {
      await expectOk(
        await adminCall("POST", `/orders/${karimsOrder!.number}/refund`, {
          amountDzdMinor,
          method: "ccp_transfer",
          reference: `CCP-${amountDzdMinor}`,
          requestKey: randomUUID(),
        }),
      );
      const detail = await expectOk(await adminCall("GET", `/orders/${karimsOrder!.number}`));
      expect(detail.refund.owedDzdMinor).toBe(0 - (await sumOf("refunds_owed", { orderId: karimsOrder!.orderId })));
    }
    expect((await readOrder(testApp, karimsOrder!.orderId)).status).toBe("refunded");
    expect((await readOrder(testApp, yacinesOrder!.orderId)).status).toBe("refunded");

    // Evening: Karim's credit expires unspent.
    clock.advance(3 * 60 * 60_000);
    await expireStoreCredit(deps);

    // Every balance shown is the ledger's sum.
    for (const traveller of travellers) {
      expect(await creditShownTo(traveller)).toBe(0 - (await sumOf("store_credit", { userId: traveller.user.id })));
    }
    expect(await creditShownTo(amina)).toBe(0);
    expect(await creditShownTo(karim)).toBe(0);
    expect(await creditShownTo(yacine)).toBe((await readOrder(testApp, yacinesOrder!.orderId)).chargeDzdMinor);
    expect(await creditShownTo(lina)).toBe(
      2_000_00 - (await readOrder(testApp, whollyByCredit.orderId)).chargeDzdMinor,
    );
    const dashboard = await expectOk(await adminCall("GET", "/dashboard"));
    const gross = 0 - (await sumOf("sales"));
    const refunds = await sumOf("refunds");
    expect(dashboard.sales.today).toMatchObject({
      grossDzdMinor: gross,
      refundsDzdMinor: refunds,
      netDzdMinor: gross - refunds,
    });
    expect(dashboard.refundsOwed.totalDzdMinor).toBe(0 - (await sumOf("refunds_owed")));
    expect(0 - (await sumOf("refunds_owed", { orderId: heldRefused.orderId }))).toBe(100);
    expect(dashboard.refundsOwed.totalDzdMinor).toBe(100);
    expect(refunds).toBe(
      (await readOrder(testApp, karimsOrder!.orderId)).chargeDzdMinor +
        (await readOrder(testApp, yacinesOrder!.orderId)).chargeDzdMinor,
    );

    // The lines balance, and the morning's lines are exactly as they were written.
    const lines = await ledgerLines();
    expect(lines.reduce((total, line) => total + Number(line.amount_dzd_minor), 0)).toBe(0);
    expect(lines.slice(0, morning.length)).toEqual(morning);
    const changes = await db.execute<{ relname: string; n_tup_upd: string; n_tup_del: string }>(sql`
      select relname, n_tup_upd, n_tup_del from pg_stat_user_tables
      where relname in ('ledger_entries', 'ledger_movements') order by relname`);
    expect(changes.rows.map((row) => [row.relname, Number(row.n_tup_upd), Number(row.n_tup_del)])).toEqual([
      ["ledger_entries", 0, 0],
      ["ledger_movements", 0, 0],
    ]);
  });
});
