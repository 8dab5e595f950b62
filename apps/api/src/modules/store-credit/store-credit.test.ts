import { createOrder, getQuote } from "@esim/shared/checkout/contracts";
import { ADMIN_API_BASE_PATH, API_BASE_PATH } from "@esim/shared/http";
import type { LedgerMovementKind } from "@esim/shared/ledger/vocabulary";
import { getStoreCredit, issueCustomerStoreCredit } from "@esim/shared/store-credit/contracts";
import { and, desc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { settlePayment } from "../../flows/settle-payment.ts";
import { runDueJobs } from "../../jobs/worker.ts";
import { sandboxCheckouts } from "../../providers/providers.schema.ts";
import { createPackage, createSignedInUser, setPriceSettings } from "../../test/factories.ts";
import { exportInvoicesCsv } from "../invoices/index.ts";
import { getOrderMoney } from "../ledger/index.ts";
import { ledgerEntries, ledgerMovements } from "../ledger/ledger.schema.ts";
import { operatorAuditLog } from "../operators/operators.schema.ts";
import { createSignedInOperator } from "../operators/operators.test-kit.ts";
import {
  createBuyingApp,
  orderBody,
  placeTestOrder,
  postOrder,
  postPaymentWebhook,
  pressButton,
  readOrder,
  readPaymentRow,
  signedCheckoutWebhook,
} from "../orders/buying.test-kit.ts";
import { acceptHeldPayment, decideRefund } from "../orders/index.ts";
import { payments } from "../payments/payments.schema.ts";
import { ABANDON_PAYMENT_AFTER_MS, reconcileStalePayments } from "../payments/payments.service.ts";
import { expireStoreCredit } from "./store-credit.service.ts";

// Store credit (decision 064): a balance that is the ledger's sum, spent first at checkout, never overdrawn, given by
// an admin with a reason and an expiry, expired by a sweep.

// Every order of this file comes from one address: its cap on orders to pay (decision 057) is not what is tested here.
const testApp = await createBuyingApp({ config: { UNPAID_ORDERS_PER_ADDRESS_PER_HOUR: 10_000 } });
const { app, db, deps, clock } = testApp;
await setPriceSettings(testApp, { serviceFeeDzdMinor: 0 });
const plan500 = await createPackage(testApp, { retailDzdMinor: 500_00, retailUsdMinor: 3_70 });
const plan300 = await createPackage(testApp, { simulatorIndex: 1, retailDzdMinor: 300_00, retailUsdMinor: 2_22 });
const admin = await createSignedInOperator(testApp, "admin");
const support = await createSignedInOperator(testApp, "support");

function callConsole(method: "GET" | "POST", path: string, headers: Record<string, string>, payload?: object) {
  return app.inject({
    method,
    url: `${ADMIN_API_BASE_PATH}${path}`,
    headers,
    remoteAddress: "10.9.8.7",
    ...(payload ? { payload } : {}),
  });
}

async function giveCredit(
  userId: string,
  amountDzd: number,
  options: { expiresAt?: string; reason?: string; headers?: Record<string, string> } = {},
) {
  const response = await callConsole("POST", `/customers/${userId}/store-credit`, options.headers ?? admin.headers, {
    amountDzd,
    reason: options.reason ?? "Geste commercial",
    ...(options.expiresAt ? { expiresAt: options.expiresAt } : {}),
  });
  expect(response.statusCode).toBe(200);
  return issueCustomerStoreCredit.response.parse(response.json()).data;
}

async function readCredit(headers: Record<string, string>) {
  const response = await app.inject({ method: "GET", url: `${API_BASE_PATH}/account/store-credit`, headers });
  expect(response.statusCode).toBe(200);
  return getStoreCredit.response.parse(response.json()).data;
}

async function sumOf(kind: LedgerMovementKind, userId: string) {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountDzdMinor}), 0)` })
    .from(ledgerEntries)
    .innerJoin(ledgerMovements, eq(ledgerMovements.id, ledgerEntries.movementId))
    .where(
      and(eq(ledgerMovements.kind, kind), eq(ledgerEntries.userId, userId), sql`${ledgerEntries.amountDzdMinor} > 0`),
    );
  return Number(row?.total ?? 0);
}

async function countCheckouts() {
  return (await db.select().from(sandboxCheckouts)).length;
}

describe("the customer's store credit", () => {
  it("refuses a visitor without a session", async () => {
    const response = await app.inject({ method: "GET", url: `${API_BASE_PATH}/account/store-credit` });
    expect(response.statusCode).toBe(401);
  });

  it("is the ledger's sum, with each movement told as the customer reads it, newest first", async () => {
    const { user, headers } = await createSignedInUser(testApp);
    expect(await readCredit(headers)).toEqual({ balanceDzdMinor: 0, entries: [] });

    await giveCredit(user.id, 1000, { reason: "Désolé pour le retard" });
    const placed = await postOrder(testApp, headers, orderBody(user, plan500.id));
    const { order } = createOrder.response.parse(placed.json()).data;

    const credit = await readCredit(headers);
    expect(credit.balanceDzdMinor).toBe(500_00);
    expect(credit.entries).toMatchObject([
      { kind: "spent", amountDzdMinor: -500_00, orderNumber: order.number, reason: null },
      { kind: "issued", amountDzdMinor: 1000_00, orderNumber: null, reason: "Désolé pour le retard", expiresAt: null },
    ]);
  });
});

describe("spending credit at checkout", () => {
  it("pays part of an order by credit and charges the card the rest: the amount shown is the amount charged", async () => {
    const { user, headers } = await createSignedInUser(testApp);
    await giveCredit(user.id, 200);

    const quoted = await app.inject({
      method: "POST",
      url: `${API_BASE_PATH}/checkout/quote`,
      headers,
      payload: { packageId: plan500.id, quantity: 1, currency: "DZD" },
    });
    const { quote } = getQuote.response.parse(quoted.json()).data;
    expect(quote).toMatchObject({
      chargeDzdMinor: 500_00,
      storeCreditBalanceDzdMinor: 200_00,
      creditAppliedDzdMinor: 200_00,
      cardChargeDzdMinor: 300_00,
      chargeWithFeeDzdMinor: 300_00,
    });

    const placed = await placeTestOrder(testApp, headers, orderBody(user, plan500.id));
    expect((await readPaymentRow(testApp, placed.paymentId)).amountMinor).toBe(quote.chargeWithFeeDzdMinor);
    expect(await readCredit(headers)).toMatchObject({ balanceDzdMinor: 0 });
    await pressButton(testApp, placed.checkoutUrl, "pay");

    const order = await readOrder(testApp, placed.orderId);
    expect(order).toMatchObject({ status: "confirmed", chargeDzdMinor: 500_00, creditAppliedDzdMinor: 200_00 });
    expect(await getOrderMoney(db, placed.orderId)).toMatchObject({
      capturedDzdMinor: 300_00,
      soldDzdMinor: 500_00,
      reservedCreditDzdMinor: 0,
    });
    const invoice = await app.inject({
      method: "GET",
      url: `${API_BASE_PATH}/orders/${placed.orderId}/invoice`,
      headers,
    });
    expect(invoice.statusCode).toBe(200);
  });

  it("uses less credit when the card's rest would fall under the gateway's minimum", async () => {
    const { user, headers } = await createSignedInUser(testApp);
    await giveCredit(user.id, 480);

    const placed = await placeTestOrder(testApp, headers, orderBody(user, plan500.id));

    const minimumDzdMinor = deps.config.PAYMENT_MINIMUM_DZD * 100;
    expect((await readPaymentRow(testApp, placed.paymentId)).amountMinor).toBe(minimumDzdMinor);
    expect(await readOrder(testApp, placed.orderId)).toMatchObject({ creditAppliedDzdMinor: 500_00 - minimumDzdMinor });
    expect(await readCredit(headers)).toMatchObject({ balanceDzdMinor: 480_00 - (500_00 - minimumDzdMinor) });
  });

  it("keeps the credit when the customer unticks it", async () => {
    const { user, headers } = await createSignedInUser(testApp);
    await giveCredit(user.id, 200);

    const placed = await placeTestOrder(testApp, headers, orderBody(user, plan500.id, { useStoreCredit: false }));

    expect((await readPaymentRow(testApp, placed.paymentId)).amountMinor).toBe(500_00);
    expect(await readCredit(headers)).toMatchObject({ balanceDzdMinor: 200_00 });
  });

  it("pays an order entirely by credit at once, without the gateway, and delivers it", async () => {
    const { user, headers } = await createSignedInUser(testApp);
    await giveCredit(user.id, 1000);
    const checkoutsBefore = await countCheckouts();

    const response = await postOrder(testApp, headers, orderBody(user, plan500.id));

    expect(response.statusCode).toBe(200);
    const { order, payment } = createOrder.response.parse(response.json()).data;
    expect(payment.checkoutUrl).toBeNull();
    expect(order).toMatchObject({
      status: "confirmed",
      chargeDzdMinor: 500_00,
      creditAppliedDzdMinor: 500_00,
      hasInvoice: true,
      payment: { status: "successful" },
    });
    expect(await countCheckouts()).toBe(checkoutsBefore);
    expect(await getOrderMoney(db, order.id)).toMatchObject({ capturedDzdMinor: 0, soldDzdMinor: 500_00 });
    await runDueJobs(deps);
    expect((await readOrder(testApp, order.id)).status).toBe("delivered");
    expect(await readCredit(headers)).toMatchObject({ balanceDzdMinor: 500_00 });
    // The accountant reads it paid by store credit, not by the card chosen at checkout.
    const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Algiers" }).format(testApp.clock.now());
    const { csv } = await exportInvoicesCsv(deps, { from: day, to: day });
    const line = csv.split("\n").find((row) => row.includes(order.number));
    expect(line).toContain("Crédit boutique");
    expect(line).not.toContain("EDAHABIA");
  });

  it("gives the credit back when an order to pay lapses unpaid", async () => {
    const { user, headers } = await createSignedInUser(testApp);
    await giveCredit(user.id, 200);
    const placed = await placeTestOrder(testApp, headers, orderBody(user, plan500.id));
    expect(await readCredit(headers)).toMatchObject({ balanceDzdMinor: 0 });

    clock.advance(ABANDON_PAYMENT_AFTER_MS + 60_000);
    await reconcileStalePayments(deps, { log: { warn: () => {} }, settlePayment });

    expect((await readOrder(testApp, placed.orderId)).status).toBe("rejected");
    const credit = await readCredit(headers);
    expect(credit.balanceDzdMinor).toBe(200_00);
    expect(credit.entries.map((entry) => [entry.kind, entry.amountDzdMinor, entry.orderNumber])).toEqual([
      ["returned", 200_00, placed.number],
      ["spent", -200_00, placed.number],
      ["issued", 200_00, null],
    ]);
  });

  it("spends the credit of a held payment the operator accepts, and gives it back when they refuse one", async () => {
    const { user, headers } = await createSignedInUser(testApp);
    const hold = async () => {
      await giveCredit(user.id, 200);
      const placed = await placeTestOrder(testApp, headers, orderBody(user, plan500.id));
      // The gateway reports 1 DA more than the card's part (300 DA): held for the operator.
      const amountDzd = (await readPaymentRow(testApp, placed.paymentId)).amountMinor / 100 + 1;
      await postPaymentWebhook(
        testApp,
        await signedCheckoutWebhook(testApp, { paymentId: placed.paymentId, amountDzd }),
      );
      expect((await readOrder(testApp, placed.orderId)).status).toBe("on_hold");
      return placed;
    };
    const accepted = await hold();
    const refused = await hold();
    expect(await readCredit(headers)).toMatchObject({ balanceDzdMinor: 0 });

    await acceptHeldPayment(deps, { number: accepted.number, note: "Montant vérifié", actor: "operator:cli" });
    await decideRefund(deps, { number: refused.number, reason: "Montant inattendu", actor: "operator:cli" });

    expect(await getOrderMoney(db, accepted.orderId)).toMatchObject({
      reservedCreditDzdMinor: 0,
      soldDzdMinor: 500_00,
      heldDzdMinor: 1_00,
    });
    expect(await getOrderMoney(db, refused.orderId)).toMatchObject({ reservedCreditDzdMinor: 0, soldDzdMinor: 0 });
    expect(await readCredit(headers)).toMatchObject({ balanceDzdMinor: 200_00 });
  });

  it("never overdraws a balance of 1 000 DA under 20 concurrent orders: credit spent + balance = credit given", async () => {
    const { user, headers } = await createSignedInUser(testApp);
    await giveCredit(user.id, 1000);

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => postOrder(testApp, headers, orderBody(user, plan300.id))),
    );

    const placed = answers
      .filter((answer) => answer.statusCode === 200)
      .map((answer) => createOrder.response.parse(answer.json()).data);
    const refused = answers.filter((answer) => answer.statusCode !== 200).map((answer) => answer.json().error.code);
    expect(new Set(refused)).toEqual(new Set(["UNPAID_ORDERS_LIMIT_REACHED"]));
    const applied = placed.map(({ order }) => order.creditAppliedDzdMinor);
    expect(applied.reduce((sum, value) => sum + value, 0)).toBe(1000_00);
    // Three paid by credit alone, one by credit and card, and as many paid by card as the cap leaves to pay.
    expect(placed.filter(({ payment }) => payment.checkoutUrl === null)).toHaveLength(3);
    expect(placed).toHaveLength(3 + 3);
    const credit = await readCredit(headers);
    expect(credit.balanceDzdMinor).toBe(0);
    // The balance after each movement, in the order they were written: never below 0.
    const running = credit.entries
      .toReversed()
      .map((_, index, entries) => entries.slice(0, index + 1).reduce((sum, entry) => sum + entry.amountDzdMinor, 0));
    expect(Math.min(...running)).toBeGreaterThanOrEqual(0);

    for (const { payment } of placed) if (payment.checkoutUrl) await pressButton(testApp, payment.checkoutUrl, "pay");
    const spent = await sumOf("credit_spent", user.id);
    expect(spent).toBe(1000_00);
    expect(spent + (await readCredit(headers)).balanceDzdMinor).toBe(await sumOf("credit_issued", user.id));
  });
});

describe("credit given from the console", () => {
  it("walks the ladder: support refused, a bad amount, an unknown customer, a past expiry", async () => {
    const { user } = await createSignedInUser(testApp);
    const path = `/customers/${user.id}/store-credit`;
    const body = { amountDzd: 500, reason: "Geste" };

    expect((await callConsole("POST", path, {}, body)).statusCode).toBe(401);
    expect((await callConsole("POST", path, support.headers, body)).statusCode).toBe(403);
    const bad = await callConsole("POST", path, admin.headers, { ...body, amountDzd: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ amountDzd: "INVALID" });
    const unknown = await callConsole("POST", `/customers/${crypto.randomUUID()}/store-credit`, admin.headers, body);
    expect(unknown.statusCode).toBe(404);
    const past = new Date(clock.now().getTime() - 1000).toISOString();
    const expired = await callConsole("POST", path, admin.headers, { ...body, expiresAt: past });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.fields).toEqual({ expiresAt: "INVALID" });
    expect((await readCreditOf(user.id)).balanceDzdMinor).toBe(0);
  });

  it("gives credit with its reason and expiry, audited, and support reads it on the customer's page", async () => {
    const { user, headers } = await createSignedInUser(testApp);
    const expiresAt = new Date(clock.now().getTime() + 30 * 24 * 60 * 60 * 1000).toISOString();

    const given = await giveCredit(user.id, 750, { reason: "Retard de livraison", expiresAt });

    expect(given.balanceDzdMinor).toBe(750_00);
    expect(await readCreditOf(user.id)).toEqual(given);
    expect((await readCredit(headers)).entries).toMatchObject([
      { kind: "issued", amountDzdMinor: 750_00, reason: "Retard de livraison", expiresAt },
    ]);
    const [audit] = await db
      .select()
      .from(operatorAuditLog)
      .where(and(eq(operatorAuditLog.entityId, user.id), eq(operatorAuditLog.action, "customer.store_credit_issued")))
      .orderBy(desc(operatorAuditLog.seq));
    expect(audit).toMatchObject({
      operatorId: admin.operator.id,
      entityType: "customer",
      ip: "10.9.8.7",
      after: { amountDzdMinor: 750_00, reason: "Retard de livraison", expiresAt },
    });
  });
});

async function readCreditOf(userId: string) {
  const response = await callConsole("GET", `/customers/${userId}/store-credit`, support.headers);
  expect(response.statusCode).toBe(200);
  return getStoreCredit.response.parse(response.json()).data;
}

describe("the expiry sweep", () => {
  it("expires what is left of a grant, spending the soonest-expiring credit first, once", async () => {
    const { user, headers } = await createSignedInUser(testApp);
    const day = 24 * 60 * 60 * 1000;
    await giveCredit(user.id, 200, { reason: "Sans fin" });
    await giveCredit(user.id, 400, { reason: "Offre", expiresAt: new Date(clock.now().getTime() + day).toISOString() });
    // 300 DA spent: taken from the grant that expires, so 100 DA of it is left to expire.
    const response = await postOrder(testApp, headers, orderBody(user, plan300.id));
    expect(createOrder.response.parse(response.json()).data.order.status).toBe("confirmed");

    await expireStoreCredit(deps);
    expect((await readCredit(headers)).balanceDzdMinor).toBe(300_00);

    clock.advance(day + 1000);
    await expireStoreCredit(deps);
    await expireStoreCredit(deps);

    const credit = await readCredit(headers);
    expect(credit.balanceDzdMinor).toBe(200_00);
    expect(credit.entries[0]).toMatchObject({ kind: "expired", amountDzdMinor: -100_00, reason: "Offre" });
    expect(credit.entries.filter((entry) => entry.kind === "expired")).toHaveLength(1);
  });

  it("waits for an order awaiting payment that holds part of an expiring grant", async () => {
    const { user, headers } = await createSignedInUser(testApp);
    const soon = new Date(clock.now().getTime() + 60_000).toISOString();
    // The clock moved past the file's operator session.
    const { headers: adminHeaders } = await createSignedInOperator(testApp, "admin");
    await giveCredit(user.id, 400, { expiresAt: soon, headers: adminHeaders });
    const placed = await placeTestOrder(testApp, headers, orderBody(user, plan500.id));

    clock.advance(120_000);
    await expireStoreCredit(deps);
    expect((await readCredit(headers)).entries.some((entry) => entry.kind === "expired")).toBe(false);

    clock.advance(ABANDON_PAYMENT_AFTER_MS);
    await reconcileStalePayments(deps, { log: { warn: () => {} }, settlePayment });
    expect((await readCredit(headers)).balanceDzdMinor).toBe(400_00);
    await expireStoreCredit(deps);

    expect((await readOrder(testApp, placed.orderId)).status).toBe("rejected");
    expect(await readCredit(headers)).toMatchObject({ balanceDzdMinor: 0 });
    expect((await db.select().from(payments).where(eq(payments.orderId, placed.orderId))).length).toBe(1);
  });
});
