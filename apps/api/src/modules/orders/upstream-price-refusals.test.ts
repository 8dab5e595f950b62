import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_PROVISIONING_TIMING, provisionOrder } from "../../flows/provision-order.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { startEsimAccessDouble } from "../../providers/esim/esim-access/esim-access-double.ts";
import { createEsimAccessProvider } from "../../providers/esim/esim-access/esim-access-provider.ts";
import { createPackage } from "../../test/factories.ts";
import { packages } from "../catalog/catalog.schema.ts";
import { esims } from "../esims/esims.schema.ts";
import { creditNotes } from "../invoices/invoices.schema.ts";
import { getOrderMoney, listLedgerMovements } from "../ledger/index.ts";
import { mailOutbox } from "../mail-outbox/mail-outbox.schema.ts";
import {
  createBuyingApp,
  createPaidOrder,
  orderBody,
  placeTestOrder,
  pressButton,
  readOrder,
} from "./buying.test-kit.ts";
import { orderEvents, orders } from "./orders.schema.ts";

// The documented refusals of a price that moved (200005/200006) or a package withdrawn (310241) upstream, answered by
// the eSIM Access double as published, after the customer paid: settled without an operator (decision 083).
const double = await startEsimAccessDouble();
afterAll(() => double.close());
// The whole app on the double: a top-up is offered from its documented compatible list.
const testApp = await createBuyingApp({
  esim: () => createEsimAccessProvider({ baseUrl: double.url, accessCode: double.accessCode, timeoutMs: 300 }),
});
const { db } = testApp;
const accessDeps: AppDeps = testApp.deps;
const quiet = { info() {}, warn() {}, error() {} };
const timing = { ...DEFAULT_PROVISIONING_TIMING, allocationWaitMs: 0, pollEveryMs: 0 };
// Sold at 1 490 DA; at 135 DA/USD the documented 1.23 USD costs about 166 DA.
const plan = await createPackage(testApp, {
  provider: "esim-access",
  upstreamCode: "CKH491",
  costUsdE4: 12_300,
  supportsTopUp: true,
});
const topUp = await createPackage(testApp, {
  provider: "esim-access",
  upstreamCode: "TOPUP_CKH491",
  costUsdE4: 12_300,
  isTopUp: true,
  supportsTopUp: false,
  retailDzdMinor: 990_00,
});

beforeEach(async () => {
  double.setPackagePrice("CKH491", 12_300);
  double.setPackagePrice("TOPUP_CKH491", 12_300);
  // A refresh reprices the plan for later sales: each test starts from the documented price again.
  await db
    .update(packages)
    .set({ costUsdE4: 12_300, retailDzdMinor: 1490_00, isActive: true })
    .where(eq(packages.id, plan.id));
  await db
    .update(packages)
    .set({ costUsdE4: 12_300, retailDzdMinor: 990_00, isActive: true })
    .where(eq(packages.id, topUp.id));
});

function provision(orderId: string, deps: AppDeps = accessDeps) {
  return provisionOrder(deps, { orderId, isLastAttempt: false, log: quiet, timing });
}

function orderCalls(orderId: string) {
  return double.requests
    .filter(
      (request) =>
        request.path === "esim/order" && (request.body as { transactionId?: string }).transactionId === orderId,
    )
    .map((request) => (request.body as { packageInfoList: { price: number }[] }).packageInfoList[0]!.price);
}

async function storedPackage(id: string) {
  const [row] = await db.select().from(packages).where(eq(packages.id, id));
  return row!;
}

/** The refund owed without an operator: its ledger entry, the traveller's one email and the credit note's reason. */
async function expectRefundOwed(orderId: string) {
  expect(await readOrder(testApp, orderId)).toMatchObject({ status: "refund_due", attentionKind: null });
  const owed = (await listLedgerMovements(db, { orderId })).filter(({ movement }) => movement.kind === "refund_owed");
  expect(owed.map(({ movement }) => movement.key)).toEqual([`refund-owed:undeliverable:${orderId}`]);
  const money = await getOrderMoney(db, orderId);
  expect(money.owedDzdMinor).toBe(money.soldDzdMinor);
  const emails = await db.select().from(mailOutbox).where(eq(mailOutbox.orderId, orderId));
  const refundEmails = emails.filter((email) => email.key.includes("refund"));
  expect(refundEmails.map((email) => email.key)).toEqual([expect.stringMatching(/^automatic-refund:/)]);
  const [creditNote] = await db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId));
  return { email: refundEmails[0]!, creditNoteReason: creditNote!.reason };
}

describe("a price that moved upstream after payment (200005/200006)", () => {
  it("refreshes the package's price at once and buys at the new cost when the sale still earns", async () => {
    const paid = await createPaidOrder(testApp, plan.id);
    double.setPackagePrice("CKH491", 20_000);

    expect(await provision(paid.orderId)).toBe("delivered");

    expect(orderCalls(paid.orderId)).toEqual([12_300, 20_000]);
    // Stored, and later sales priced from it.
    expect(await storedPackage(plan.id)).toMatchObject({ costUsdE4: 20_000, isActive: true });
    expect((await storedPackage(plan.id)).retailDzdMinor).toBeLessThan(1490_00);
    const [order] = await db.select().from(orders).where(eq(orders.id, paid.orderId));
    expect(order!.upstreamCostUsdE4).toBe(20_000);
    expect(await db.select().from(esims).where(eq(esims.orderId, paid.orderId))).toHaveLength(1);
  });

  it("buys after the documented 200006 (amount wrong) the same way", async () => {
    const paid = await createPaidOrder(testApp, plan.id);
    double.failNext(
      { kind: "error", errorCode: "200006", errorMsg: "Total order price amount is wrong. Check prices." },
      { path: "esim/order" },
    );
    double.setPackagePrice("CKH491", 15_000);

    expect(await provision(paid.orderId)).toBe("delivered");
    expect(orderCalls(paid.orderId)).toEqual([12_300, 15_000]);
  });

  it("owes the refund, the customer emailed in their language, when the new cost would sell at a loss", async () => {
    const paid = await createPaidOrder(testApp, plan.id, { language: "ar" });
    // 100 USD: 13 500 DA for a 1 490 DA sale.
    double.setPackagePrice("CKH491", 1_000_000);

    expect(await provision(paid.orderId)).toBe("refund_owed");

    expect(orderCalls(paid.orderId)).toEqual([12_300]);
    expect(await storedPackage(plan.id)).toMatchObject({ costUsdE4: 1_000_000 });
    const { email, creditNoteReason } = await expectRefundOwed(paid.orderId);
    expect(email.key).toBe(`automatic-refund:upstream_price_loss:${paid.orderId}`);
    expect(email.subject).toContain("سيتم استرداد مبلغ طلبك");
    expect(email.text).toContain("رفع مورّدنا سعر هذه الباقة بعد دفعك");
    expect(email.text).toContain("1,490 DA");
    expect(email.text).toContain("ليس عليك أن تطلب شيئًا");
    // Neither the worker's English sentence nor an operator's approval.
    expect(email.text).not.toMatch(/upstream|floor|USD/);
    expect(email.subject).not.toContain("تم قبول");
    expect(creditNoteReason).toBe("باقة لم تُسلَّم: رفع المورّد سعرها بعد الدفع");
  });

  it("tells a French traveller the same in French, on the email and the credit note", async () => {
    const paid = await createPaidOrder(testApp, plan.id, { language: "fr" });
    double.setPackagePrice("CKH491", 1_000_000);

    expect(await provision(paid.orderId)).toBe("refund_owed");

    const { email, creditNoteReason } = await expectRefundOwed(paid.orderId);
    expect(email.subject).toContain("sera remboursée");
    expect(email.text).toContain("Notre fournisseur a augmenté le prix de ce forfait après votre paiement");
    expect(email.text).toContain("Nous vous devons");
    expect(email.text).toContain("1,490 DA");
    expect(email.text).not.toMatch(/upstream|floor|accepté/);
    expect(creditNoteReason).toBe("Forfait non livré : prix du fournisseur augmenté après le paiement");
  });

  it("holds the sale to the operator's floor (UPSTREAM_REPRICE_MIN_MARGIN_DZD)", async () => {
    const strict: AppDeps = {
      ...accessDeps,
      config: { ...accessDeps.config, UPSTREAM_REPRICE_MIN_MARGIN_DZD: 1_300 },
    };
    const paid = await createPaidOrder(testApp, plan.id);
    // 2 USD: 270 DA, leaving at most 1 220 DA of the 1 490 DA sale: under a 1 300 DA floor.
    double.setPackagePrice("CKH491", 20_000);

    expect(await provision(paid.orderId, strict)).toBe("refund_owed");
    await expectRefundOwed(paid.orderId);
  });

  it("buys a top-up refused for its price at the new cost", async () => {
    const bought = await createPaidOrder(testApp, plan.id);
    expect(await provision(bought.orderId)).toBe("delivered");
    const [esim] = await db.select().from(esims).where(eq(esims.orderId, bought.orderId));
    const placed = await placeTestOrder(
      testApp,
      bought.headers,
      orderBody(bought.user, topUp.id, { topUpOf: esim!.id }),
    );
    await pressButton(testApp, placed.checkoutUrl, "pay");
    double.setPackagePrice("TOPUP_CKH491", 14_000);

    expect(await provision(placed.orderId)).toBe("delivered");

    const amounts = double.requests
      .filter(
        (request) =>
          request.path === "esim/topup" &&
          (request.body as { transactionId?: string }).transactionId === placed.orderId,
      )
      .map((request) => (request.body as { amount: number }).amount);
    expect(amounts).toEqual([12_300, 14_000]);
    expect(await storedPackage(topUp.id)).toMatchObject({ costUsdE4: 14_000 });
  });
});

describe("a catalogue price older than the resync period", () => {
  it("is refreshed from the upstream before it is used to buy", async () => {
    const paid = await createPaidOrder(testApp, plan.id);
    await db
      .update(packages)
      .set({ syncedAt: new Date(testApp.clock.now().getTime() - 7 * 3_600_000) })
      .where(eq(packages.id, plan.id));
    double.setPackagePrice("CKH491", 16_000);

    expect(await provision(paid.orderId)).toBe("delivered");

    expect(orderCalls(paid.orderId)).toEqual([16_000]);
    expect((await storedPackage(plan.id)).syncedAt.getTime()).toBe(testApp.clock.now().getTime());
  });
});

describe("a package withdrawn upstream (310241)", () => {
  it("is taken off sale at once and the order refunded automatically", async () => {
    const global = await createPackage(testApp, {
      provider: "esim-access",
      upstreamCode: "GL139-3-30",
      costUsdE4: 99_000,
      simulatorIndex: 1,
    });
    const paid = await createPaidOrder(testApp, global.id, { language: "en" });
    double.withdrawPackage("GL139-3-30");

    expect(await provision(paid.orderId)).toBe("refund_owed");

    expect(await storedPackage(global.id)).toMatchObject({ isActive: false });
    expect(orderCalls(paid.orderId)).toHaveLength(1);
    const { email, creditNoteReason } = await expectRefundOwed(paid.orderId);
    expect(email.key).toBe(`automatic-refund:package_withdrawn:${paid.orderId}`);
    expect(email.text).toContain("Our supplier stopped selling this plan after you paid");
    // One tap to the order's page, where the traveller chooses how the money comes back.
    expect(email.text).toContain(`/status/${paid.orderId}`);
    expect(creditNoteReason).toBe("Plan not delivered: withdrawn by the supplier after payment");
  });
});

// Kept last: the double cannot bring a withdrawn package back, and these withdraw the plan the tests above buy.
describe("a package withdrawn upstream (310241) with an equivalent on sale", () => {
  // Sold as the same destination and kind with more data and days (the plan rows are ours; the double answers by
  // code: its EU42-5-30 is a 30-day package our mapping sells, unlike its 180-day CKH-180D). Only from here on.
  let equivalent: Awaited<ReturnType<typeof createPackage>>;
  beforeAll(async () => {
    equivalent = await createPackage(testApp, {
      provider: "esim-access",
      upstreamCode: "EU42-5-30",
      costUsdE4: 150_000,
      dataMb: 20_480,
      supportsTopUp: true,
      validityDays: 30,
    });
  });

  function boughtCodes(orderId: string) {
    return double.requests
      .filter(
        (request) =>
          request.path === "esim/order" && (request.body as { transactionId?: string }).transactionId === orderId,
      )
      .map(
        (request) => (request.body as { packageInfoList: { packageCode: string }[] }).packageInfoList[0]!.packageCode,
      );
  }

  it("is never bought at a loss instead: the order is refunded", async () => {
    const paid = await createPaidOrder(testApp, plan.id);
    double.withdrawPackage("CKH491");
    double.setPackagePrice("EU42-5-30", 160_000);

    expect(await provision(paid.orderId)).toBe("refund_owed");

    expect(boughtCodes(paid.orderId)).toEqual(["CKH491"]);
    // Considered at the upstream's price of now, and found dearer than the sale.
    expect(await storedPackage(equivalent.id)).toMatchObject({ costUsdE4: 160_000 });
    await expectRefundOwed(paid.orderId);
  });

  it("buys the equivalent package instead when it clears the floor, and the eSIM is that plan's", async () => {
    const paid = await createPaidOrder(testApp, plan.id);
    double.withdrawPackage("CKH491");
    double.setPackagePrice("EU42-5-30", 50_000);

    expect(await provision(paid.orderId)).toBe("delivered");

    expect(boughtCodes(paid.orderId)).toEqual(["CKH491", "EU42-5-30"]);
    const [order] = await db.select().from(orders).where(eq(orders.id, paid.orderId));
    expect(order).toMatchObject({ standInPackageId: equivalent.id, upstreamCostUsdE4: 50_000, packageId: plan.id });
    const [esim] = await db.select().from(esims).where(eq(esims.orderId, paid.orderId));
    expect(esim).toMatchObject({ packageId: equivalent.id });
    expect(await storedPackage(plan.id)).toMatchObject({ isActive: false });
    const history = await db.select().from(orderEvents).where(eq(orderEvents.orderId, paid.orderId));
    expect(history.map((event) => event.cause).join("\n")).toContain("as EU42-5-30, for CKH491 withdrawn");
  });
});
