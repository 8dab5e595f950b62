import { randomUUID } from "node:crypto";
import { TERMS_VERSION } from "@esim/shared/checkout/contracts";
import { getCreditLoad, listCreditLoads } from "@esim/shared/credit-loads/contracts";
import { API_BASE_PATH } from "@esim/shared/http";
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { settlePayment } from "../../flows/settle-payment.ts";
import { createPackage, createSignedInUser } from "../../test/factories.ts";
import { creditLoads } from "../credit-loads/credit-loads.schema.ts";
import { getStoreCreditBalance } from "../ledger/index.ts";
import { ledgerMovements } from "../ledger/ledger.schema.ts";
import {
  createBuyingApp,
  orderBody,
  placeTestOrder,
  postPaymentWebhook,
  pressButton,
  readPaymentRow,
  signedCheckoutWebhook,
} from "../orders/buying.test-kit.ts";
import { payments } from "./payments.schema.ts";
import { ABANDON_PAYMENT_AFTER_MS, reconcileStalePayments, STALE_PAYMENT_AFTER_MS } from "./payments.service.ts";

// Store credit bought with a card before the trip (decision 068): through the sandbox gateway and its signed webhooks.

const testApp = await createBuyingApp();
const { app, db, clock } = testApp;
const log = { warn: () => {} };

function postLoad(headers: Record<string, string>, body: Record<string, unknown>) {
  return app.inject({ method: "POST", url: `${API_BASE_PATH}/credit-loads`, headers, payload: body });
}

function loadBody(overrides: Record<string, unknown> = {}) {
  return {
    clientReference: randomUUID(),
    amountDzd: 2_000,
    paymentMethod: "edahabia",
    termsAccepted: true,
    ...overrides,
  };
}

async function startLoad(overrides: Record<string, unknown> = {}) {
  const buyer = await createSignedInUser(testApp);
  const response = await postLoad(buyer.headers, loadBody(overrides));
  if (response.statusCode !== 200)
    throw new Error(`POST /credit-loads answered ${response.statusCode}: ${response.body}`);
  const { load, checkoutUrl } = response.json().data;
  const [payment] = await db.select().from(payments).where(eq(payments.creditLoadId, load.id));
  return { ...buyer, loadId: load.id as string, checkoutUrl: checkoutUrl as string, paymentId: payment!.id };
}

function getLoadAs(headers: Record<string, string>, loadId: string) {
  return app.inject({ method: "GET", url: `${API_BASE_PATH}/credit-loads/${loadId}`, headers });
}

async function readLoad(loadId: string) {
  const [load] = await db.select().from(creditLoads).where(eq(creditLoads.id, loadId));
  return load!;
}

/** The credit_bought movements posted for this customer. */
async function creditsBought(userId: string) {
  return db
    .select()
    .from(ledgerMovements)
    .where(and(eq(ledgerMovements.userId, userId), eq(ledgerMovements.kind, "credit_bought")));
}

describe("buying store credit through the gateway", () => {
  it("needs the terms of sale accepted (TERMS_NOT_ACCEPTED otherwise) and records when and which version", async () => {
    const buyer = await createSignedInUser(testApp);
    const refused = await postLoad(buyer.headers, loadBody({ termsAccepted: undefined }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ termsAccepted: "TERMS_NOT_ACCEPTED" });
    const { loadId } = await startLoad();
    expect(await readLoad(loadId)).toMatchObject({ termsAcceptedAt: testApp.clock.now(), termsVersion: TERMS_VERSION });
  });

  it("describes the load on the gateway's page in the payer's language", async () => {
    const createCheckout = vi.spyOn(testApp.deps.payments, "createCheckout");
    for (const [language, words] of [
      ["fr", "Crédit boutique"],
      ["ar", "رصيد المتجر"],
    ] as const) {
      const buyer = await createSignedInUser(testApp, { language });
      expect((await postLoad(buyer.headers, loadBody())).statusCode).toBe(200);
      expect(createCheckout.mock.lastCall?.[0].description).toBe(words);
    }
    createCheckout.mockRestore();
  });

  it("credits a paid load once, whatever repeats its payment: webhook replayed, return page and sweep", async () => {
    const load = await startLoad({ amountDzd: 2_000 });
    expect(await getStoreCreditBalance(db, load.user.id)).toBe(0);

    await pressButton(testApp, load.checkoutUrl, "pay");
    await postPaymentWebhook(testApp, await signedCheckoutWebhook(testApp, { paymentId: load.paymentId }));
    clock.advance(STALE_PAYMENT_AFTER_MS);
    const page = await getLoadAs(load.headers, load.loadId);
    await reconcileStalePayments(testApp.deps, { log, settlePayment });

    expect(await getStoreCreditBalance(db, load.user.id)).toBe(2_000_00);
    const movements = await creditsBought(load.user.id);
    expect(movements).toHaveLength(1);
    const { receiptNumber } = await readLoad(load.loadId);
    expect(movements[0]).toMatchObject({ key: `credit-bought:${load.loadId}`, orderId: null });
    expect(movements[0]!.cause).toMatch(new RegExp(`^receipt ${receiptNumber}: `));
    expect(getCreditLoad.response.parse(page.json()).data).toEqual({
      load: expect.objectContaining({
        id: load.loadId,
        status: "paid",
        amountDzdMinor: 2_000_00,
        receiptNumber: expect.stringMatching(/^R\d{4}-\d{6}$/),
      }),
      balanceDzdMinor: 2_000_00,
    });
    expect((await readPaymentRow(testApp, load.paymentId)).status).toBe("successful");
  });

  it("numbers each paid load's receipt in sequence and lists them as the buyer's receipts", async () => {
    const first = await startLoad({ amountDzd: 1_000 });
    await pressButton(testApp, first.checkoutUrl, "pay");
    const secondResponse = await postLoad(first.headers, loadBody({ amountDzd: 5_000 }));
    await pressButton(testApp, secondResponse.json().data.checkoutUrl, "pay");

    const response = await app.inject({ method: "GET", url: `${API_BASE_PATH}/credit-loads`, headers: first.headers });

    const receipts = listCreditLoads.response.parse(response.json()).data;
    expect(receipts.map((receipt) => receipt.amountDzdMinor)).toEqual([5_000_00, 1_000_00]);
    const [later, earlier] = receipts.map((receipt) => Number(receipt.receiptNumber!.slice(-6)));
    expect(later).toBe(earlier! + 1);
    expect(await getStoreCreditBalance(db, first.user.id)).toBe(6_000_00);
  });

  it("credits a load whose webhook was lost once the return page asks the gateway itself", async () => {
    const load = await startLoad();
    testApp.setWebhooksLost(true);
    await pressButton(testApp, load.checkoutUrl, "pay");
    testApp.setWebhooksLost(false);

    const early = await getLoadAs(load.headers, load.loadId);
    clock.advance(5_000);
    const later = await getLoadAs(load.headers, load.loadId);

    expect(early.json().data).toMatchObject({ load: { status: "pending" }, balanceDzdMinor: 0 });
    expect(later.json().data).toMatchObject({ load: { status: "paid" }, balanceDzdMinor: 2_000_00 });
    expect(await creditsBought(load.user.id)).toHaveLength(1);
  });

  it("credits a load whose webhook was lost through the reconciliation sweep, once", async () => {
    const load = await startLoad();
    testApp.setWebhooksLost(true);
    await pressButton(testApp, load.checkoutUrl, "pay");
    testApp.setWebhooksLost(false);

    clock.advance(STALE_PAYMENT_AFTER_MS + 1);
    await reconcileStalePayments(testApp.deps, { log, settlePayment });
    clock.advance(STALE_PAYMENT_AFTER_MS + 1);
    await reconcileStalePayments(testApp.deps, { log, settlePayment });

    expect((await readLoad(load.loadId)).status).toBe("paid");
    expect(await creditsBought(load.user.id)).toHaveLength(1);
    expect(await getStoreCreditBalance(db, load.user.id)).toBe(2_000_00);
  });

  it.each([
    ["fail", "failed"],
    ["cancel", "canceled"],
  ] as const)("credits nothing when the payer's card is refused or the payer leaves (%s)", async (button, status) => {
    const load = await startLoad();
    await pressButton(testApp, load.checkoutUrl, button);

    expect((await readLoad(load.loadId)).status).toBe(status);
    expect((await readLoad(load.loadId)).receiptNumber).toBeNull();
    expect(await creditsBought(load.user.id)).toEqual([]);
    expect(await getStoreCreditBalance(db, load.user.id)).toBe(0);
  });

  it("credits what the gateway says it took when it differs from the load, never holding the customer's money", async () => {
    const load = await startLoad({ amountDzd: 2_000 });
    await postPaymentWebhook(
      testApp,
      await signedCheckoutWebhook(testApp, { paymentId: load.paymentId, amountDzd: 1_500 }),
    );

    expect((await readLoad(load.loadId)).status).toBe("paid");
    expect(await getStoreCreditBalance(db, load.user.id)).toBe(1_500_00);
  });

  it("credits a checkout paid after its load was reported failed: money taken wins", async () => {
    const load = await startLoad();
    const failed = await signedCheckoutWebhook(testApp, {
      paymentId: load.paymentId,
      type: "checkout.failed",
      status: "failed",
    });
    await postPaymentWebhook(testApp, failed);
    await postPaymentWebhook(testApp, await signedCheckoutWebhook(testApp, { paymentId: load.paymentId }));

    expect((await readLoad(load.loadId)).status).toBe("paid");
    expect(await creditsBought(load.user.id)).toHaveLength(1);
    expect(await getStoreCreditBalance(db, load.user.id)).toBe(2_000_00);
  });

  it("keeps a load whose checkout the gateway could not open, and opens it when the same attempt is sent again", async () => {
    const buyer = await createSignedInUser(testApp);
    const body = loadBody();
    testApp.setGatewayDown(true);
    const down = await postLoad(buyer.headers, body);
    testApp.setGatewayDown(false);
    const retried = await postLoad(buyer.headers, body);

    expect(down.statusCode).toBe(503);
    expect(down.json().error.code).toBe("PAYMENT_GATEWAY_UNAVAILABLE");
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data.checkoutUrl).toEqual(expect.any(String));
    expect(await db.select().from(creditLoads).where(eq(creditLoads.userId, buyer.user.id))).toHaveLength(1);
    expect(await getStoreCreditBalance(db, buyer.user.id)).toBe(0);
  });

  it("ends a load whose checkout lapsed unpaid, crediting nothing", async () => {
    const load = await startLoad();
    clock.advance(ABANDON_PAYMENT_AFTER_MS);
    await reconcileStalePayments(testApp.deps, { log, settlePayment });

    expect((await readLoad(load.loadId)).status).toBe("expired");
    expect(await creditsBought(load.user.id)).toEqual([]);
    expect(await getStoreCreditBalance(db, load.user.id)).toBe(0);
  });

  it("answers the same load and checkout for the same client reference, and refuses it for another amount", async () => {
    const buyer = await createSignedInUser(testApp);
    const body = loadBody();
    const [first, second] = await Promise.all([postLoad(buyer.headers, body), postLoad(buyer.headers, body)]);
    const changed = await postLoad(buyer.headers, { ...body, amountDzd: 3_000 });

    expect(first.statusCode).toBe(200);
    expect(second.json().data.load.id).toBe(first.json().data.load.id);
    expect(second.json().data.checkoutUrl).toBe(first.json().data.checkoutUrl);
    expect(await db.select().from(creditLoads).where(eq(creditLoads.userId, buyer.user.id))).toHaveLength(1);
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error.code).toBe("IDEMPOTENCY_CONFLICT");
  });

  it.each([499, 20_001])(
    "refuses a load of %i DA with CREDIT_LOAD_AMOUNT_OUT_OF_RANGE, writing nothing",
    async (amountDzd) => {
      const buyer = await createSignedInUser(testApp);
      const response = await postLoad(buyer.headers, loadBody({ amountDzd }));

      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe("CREDIT_LOAD_AMOUNT_OUT_OF_RANGE");
      expect(await db.select().from(creditLoads).where(eq(creditLoads.userId, buyer.user.id))).toEqual([]);
    },
  );

  it("refuses a fourth load awaiting payment with CREDIT_LOADS_PENDING_LIMIT_REACHED", async () => {
    const buyer = await createSignedInUser(testApp);
    for (let index = 0; index < 3; index++) {
      expect((await postLoad(buyer.headers, loadBody())).statusCode).toBe(200);
    }
    const response = await postLoad(buyer.headers, loadBody());

    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe("CREDIT_LOADS_PENDING_LIMIT_REACHED");
    expect(await db.select().from(creditLoads).where(eq(creditLoads.userId, buyer.user.id))).toHaveLength(3);
  });

  it("answers NOT_FOUND for someone else's load", async () => {
    const load = await startLoad();
    const other = await createSignedInUser(testApp);

    const response = await getLoadAs(other.headers, load.loadId);

    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe("NOT_FOUND");
  });
});

describe("the price of a load", () => {
  it("adds the payer's share of the gateway's fee when the shop passes it on, and the checkout charges the same", async () => {
    const feeApp = await createBuyingApp({ config: { PAYMENT_FEES_PAID_BY: "customer", PAYMENT_FEE_PERCENT: 2.5 } });
    const buyer = await createSignedInUser(feeApp);
    const quote = await feeApp.app.inject({
      method: "GET",
      url: `${API_BASE_PATH}/credit-loads/quote?amountDzd=2000`,
      headers: buyer.headers,
    });
    const created = await feeApp.app.inject({
      method: "POST",
      url: `${API_BASE_PATH}/credit-loads`,
      headers: buyer.headers,
      payload: loadBody(),
    });

    expect(quote.json().data).toEqual({
      amountDzdMinor: 2_000_00,
      gatewayFeeDzdMinor: 50_00,
      chargeWithFeeDzdMinor: 2_050_00,
    });
    expect(created.json().data.load).toMatchObject({ amountDzdMinor: 2_000_00, chargeWithFeeDzdMinor: 2_050_00 });
    await pressButton(feeApp, created.json().data.checkoutUrl, "pay");
    expect(await getStoreCreditBalance(feeApp.db, buyer.user.id)).toBe(2_000_00);
  });

  it("refuses to price a load out of range with CREDIT_LOAD_AMOUNT_OUT_OF_RANGE", async () => {
    const buyer = await createSignedInUser(testApp);
    const response = await app.inject({
      method: "GET",
      url: `${API_BASE_PATH}/credit-loads/quote?amountDzd=100`,
      headers: buyer.headers,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("CREDIT_LOAD_AMOUNT_OUT_OF_RANGE");
  });
});

describe("a payment pays one thing", () => {
  it("refuses a payment row for both an order and a load, or for neither", async () => {
    const load = await startLoad();
    const plan = await createPackage(testApp);
    const placed = await placeTestOrder(testApp, load.headers, orderBody(load.user, plan.id));
    const base = { provider: "sandbox", amountMinor: 100_00, method: "edahabia" };

    await expect(
      db.insert(payments).values({ ...base, orderId: placed.orderId, creditLoadId: load.loadId }),
    ).rejects.toThrow();
    await expect(db.insert(payments).values(base)).rejects.toThrow();
    expect((await readPaymentRow(testApp, placed.paymentId)).creditLoadId).toBeNull();
  });
});
