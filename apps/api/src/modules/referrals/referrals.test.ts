import { ADMIN_API_BASE_PATH, API_BASE_PATH } from "@esim/shared/http";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { runDueJobs } from "../../jobs/worker.ts";
import { algiersMonthStart } from "../../lib/algiers-days.ts";
import { createDevice, createPackage, createSignedInUser, uniqueEmail } from "../../test/factories.ts";
import { type packages, priceSettings } from "../catalog/catalog.schema.ts";
import { coupons } from "../coupons/coupons.schema.ts";
import { cancellationRequests, esims } from "../esims/esims.schema.ts";
import { createTopUpablePlan, request, topUpCapableIndex } from "../esims/esims.test-kit.ts";
import { getReferralDebt, getStoreCreditBalance, listLedgerMovements } from "../ledger/index.ts";
import { ledgerEntries } from "../ledger/ledger.schema.ts";
import { costDzdMinorOf } from "../margins/index.ts";
import { operatorAuditLog } from "../operators/operators.schema.ts";
import { createSignedInOperator } from "../operators/operators.test-kit.ts";
import { createBuyingApp, orderBody, placeTestOrder, postOrder, pressButton } from "../orders/buying.test-kit.ts";
import { sumFriendDiscountsSince, sumRewardsSince } from "./referrals.repo.ts";
import { referrals } from "./referrals.schema.ts";

// Referrals (decision 079): the friend's first order discounted, the inviter's credit given on delivery and taken back
// on a refund, the limits against farming, and the operator's settings, every amount on the ledger.

const testApp = await createBuyingApp();
const { app, db, deps } = testApp;
const { plan } = await createTopUpablePlan(testApp);
const support = await createSignedInOperator(testApp, "support");
const admin = await createSignedInOperator(testApp, "admin");

type Headers = Record<string, string>;

function callConsole(method: "GET" | "PUT" | "POST", path: string, headers: Headers, payload?: object) {
  return app.inject({ method, url: `${ADMIN_API_BASE_PATH}${path}`, headers, ...(payload ? { payload } : {}) });
}

async function setSettings(change: Record<string, unknown>) {
  const response = await callConsole("PUT", "/referrals/settings", admin.headers, change);
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

/** A new inviter and their invite card (opened on `deviceId` when given). */
async function newInviter(overrides: Parameters<typeof createSignedInUser>[1] = {}, deviceId?: string) {
  const inviter = await createSignedInUser(testApp, overrides);
  const response = await app.inject({
    method: "GET",
    url: `${API_BASE_PATH}/account/referral${deviceId ? `?deviceId=${deviceId}` : ""}`,
    headers: inviter.headers,
  });
  expect(response.statusCode).toBe(200);
  return { ...inviter, card: response.json().data as { code: string; link: string } };
}

async function readCard(headers: Headers) {
  const response = await app.inject({ method: "GET", url: `${API_BASE_PATH}/account/referral`, headers });
  return response.json().data as { joinedCount: number; earnedDzdMinor: number; pendingDzdMinor: number };
}

async function quote(headers: Headers, referral?: { code: string; deviceId?: string }) {
  const response = await app.inject({
    method: "POST",
    url: `${API_BASE_PATH}/checkout/quote`,
    headers,
    payload: { packageId: plan.id, quantity: 1, currency: "DZD", ...(referral ? { referral } : {}) },
  });
  expect(response.statusCode).toBe(200);
  return response.json().data.quote as {
    referralDiscountMinor: number;
    chargeDzdMinor: number;
    referral: { isApplied: boolean } | null;
  };
}

/** The friend places an order through the invite and pays it on the sandbox's page. */
async function friendBuys(
  friend: { user: { id: string; email: string | null }; headers: Headers },
  code: string,
  options: { deviceId?: string; phone?: string } = {},
) {
  const body = orderBody({ email: friend.user.email! }, plan.id, {
    referral: { code, ...(options.deviceId ? { deviceId: options.deviceId } : {}) },
  });
  if (options.phone) (body.billing as Record<string, string>).phone = options.phone;
  const placed = await placeTestOrder(testApp, friend.headers, body);
  await pressButton(testApp, placed.checkoutUrl, "pay");
  return placed;
}

async function referralOf(orderId: string) {
  const [row] = await db.select().from(referrals).where(eq(referrals.orderId, orderId));
  return row;
}

/** Runs the worker until provisioning, delivery and their subscribers are done. */
async function runWorker() {
  for (let round = 0; round < 3; round += 1) await runDueJobs(deps);
}

/** The friend cancels the eSIM and support approves it: money is owed back on the order. */
async function refundInConsole(friendHeaders: Headers, orderId: string) {
  const [esim] = await db.select().from(esims).where(eq(esims.orderId, orderId));
  const asked = await request(testApp, "POST", `/esims/${esim!.id}/cancellation`, {
    headers: friendHeaders,
    payload: { reason: "Voyage annulé" },
  });
  expect(asked.statusCode).toBe(200);
  const [row] = await db.select().from(cancellationRequests).where(eq(cancellationRequests.esimId, esim!.id));
  const approved = await callConsole("POST", `/cancellations/${row!.id}/approve`, support.headers, {
    reason: "Accepté",
  });
  expect(approved.statusCode).toBe(200);
  await runWorker();
}

/** The store credit the customer is shown, which must be the ledger's sum of their store_credit lines. */
async function shownCredit(headers: Headers, userId: string) {
  const response = await app.inject({ method: "GET", url: `${API_BASE_PATH}/account/store-credit`, headers });
  const shown = response.json().data.balanceDzdMinor as number;
  const lines = await db
    .select({ amount: ledgerEntries.amountDzdMinor })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.account, "store_credit")));
  expect(shown).toBe(0 - lines.reduce((sum, line) => sum + line.amount, 0));
  expect(shown).toBe(await getStoreCreditBalance(db, userId));
  return shown;
}

describe("a friend's first order through an invite", () => {
  it("is discounted by the operator's amount as its own quote line, and the second order is not", async () => {
    await setSettings({ isEnabled: true, friendDiscountDzd: 300, rewardDzd: 200, monthlyRewardCap: 5 });
    const inviter = await newInviter();
    const friend = await createSignedInUser(testApp);
    const plain = await quote(friend.headers);

    const invited = await quote(friend.headers, { code: inviter.card.code });

    expect(invited.referral).toEqual({ isApplied: true });
    expect(invited.referralDiscountMinor).toBe(300_00);
    expect(invited.chargeDzdMinor).toBe(plain.chargeDzdMinor - 300_00);
    const first = await friendBuys(friend, inviter.card.code);
    const order = (await postOrder(testApp, friend.headers, orderBody({ email: friend.user.email! }, plan.id))).json()
      .data.order;
    expect(order.referralDiscountMinor).toBe(0);
    const again = await quote(friend.headers, { code: inviter.card.code });
    expect(again).toMatchObject({ referralDiscountMinor: 0, referral: { isApplied: false } });
    expect((await referralOf(first.orderId))?.status).toBe("pending");
  });

  it("rewards the inviter only once the order is delivered, in the ledger, and tells them by email", async () => {
    await setSettings({ isEnabled: true, friendDiscountDzd: 300, rewardDzd: 200, monthlyRewardCap: 5 });
    const inviter = await newInviter({ language: "ar" });
    const friend = await createSignedInUser(testApp);
    const placed = await friendBuys(friend, inviter.card.code);

    expect(await shownCredit(inviter.headers, inviter.user.id)).toBe(0);
    expect(await readCard(inviter.headers)).toMatchObject({ joinedCount: 1, pendingDzdMinor: 200_00 });
    await runWorker();

    expect((await referralOf(placed.orderId))?.status).toBe("rewarded");
    expect(await shownCredit(inviter.headers, inviter.user.id)).toBe(200_00);
    expect(await readCard(inviter.headers)).toMatchObject({ earnedDzdMinor: 200_00, pendingDzdMinor: 0 });
    const movements = await listLedgerMovements(db, { userId: inviter.user.id });
    expect(movements.map(({ movement }) => movement.kind)).toEqual(["referral_reward"]);
    await runWorker();
    expect(await shownCredit(inviter.headers, inviter.user.id)).toBe(200_00);
    const mail = testApp.sentMails.find((sent) => sent.to === inviter.user.email);
    expect(mail?.subject).toContain("200");
    expect(mail?.text).toMatch(/[\u0600-\u06FF]/);
  });

  it("takes the reward back when the friend's order is refunded, and the console shows why", async () => {
    await setSettings({ isEnabled: true, friendDiscountDzd: 300, rewardDzd: 200, monthlyRewardCap: 5 });
    const inviter = await newInviter();
    const friend = await createSignedInUser(testApp);
    const placed = await friendBuys(friend, inviter.card.code);
    await runWorker();
    expect(await shownCredit(inviter.headers, inviter.user.id)).toBe(200_00);

    await refundInConsole(friend.headers, placed.orderId);

    expect(await shownCredit(inviter.headers, inviter.user.id)).toBe(0);
    expect(await referralOf(placed.orderId)).toMatchObject({ status: "taken_back", takenBackDzdMinor: 200_00 });
    const listed = (await callConsole("GET", "/referrals", support.headers)).json().data;
    expect(listed.find((row: { orderNumber: string }) => row.orderNumber === placed.number)).toMatchObject({
      status: "taken_back",
      takenBackDzdMinor: 200_00,
    });
  });

  it("records what the inviter already spent as a debt that their later credit pays off first", async () => {
    await setSettings({ isEnabled: true, friendDiscountDzd: 300, rewardDzd: 200, monthlyRewardCap: 5 });
    const inviter = await newInviter();
    const friend = await createSignedInUser(testApp);
    const placed = await friendBuys(friend, inviter.card.code);
    await runWorker();
    // The inviter's own order spends the whole reward first, the card pays the rest.
    const own = await placeTestOrder(testApp, inviter.headers, orderBody(inviter.user as { email: string }, plan.id));
    await pressButton(testApp, own.checkoutUrl, "pay");
    expect(await shownCredit(inviter.headers, inviter.user.id)).toBe(0);

    await refundInConsole(friend.headers, placed.orderId);

    expect(await referralOf(placed.orderId)).toMatchObject({ status: "taken_back", takenBackDzdMinor: 200_00 });
    expect(await shownCredit(inviter.headers, inviter.user.id)).toBe(0);
    expect(await getReferralDebt(db, inviter.user.id)).toBe(200_00);
    const kinds = (await listLedgerMovements(db, { userId: inviter.user.id })).map(({ movement }) => movement.kind);
    expect(kinds).toContain("referral_debt_recorded");

    // Their later credit pays the debt off first, as ledger movements the inviter sees in their history.
    const issued = await callConsole("POST", `/customers/${inviter.user.id}/store-credit`, admin.headers, {
      amountDzd: 500,
      reason: "Geste commercial",
    });
    expect(issued.statusCode).toBe(200);
    expect(await shownCredit(inviter.headers, inviter.user.id)).toBe(300_00);
    expect(await getReferralDebt(db, inviter.user.id)).toBe(0);
    const history = (
      await app.inject({ method: "GET", url: `${API_BASE_PATH}/account/store-credit`, headers: inviter.headers })
    ).json().data.entries as { kind: string; amountDzdMinor: number }[];
    expect(history).toContainEqual(expect.objectContaining({ kind: "referral_debt_repaid", amountDzdMinor: -200_00 }));
  });
});

describe("the limits against self-referral and farming", () => {
  async function expectRefused(
    friend: { user: { id: string; email: string | null }; headers: Headers },
    code: string,
    reason: string,
    options: { deviceId?: string; phone?: string } = {},
  ) {
    const quoted = await quote(friend.headers, { code, ...(options.deviceId ? { deviceId: options.deviceId } : {}) });
    if (reason !== "same_payment_reference") {
      expect(quoted).toMatchObject({ referralDiscountMinor: 0, referral: { isApplied: false } });
    }
    const placed = await friendBuys(friend, code, options);
    const referral = await referralOf(placed.orderId);
    expect(referral).toMatchObject({ status: "refused", refusal: reason, friendDiscountDzdMinor: 0 });
    const listed = (await callConsole("GET", "/referrals", support.headers)).json().data;
    expect(listed.find((row: { id: string }) => row.id === referral!.id)).toMatchObject({ refusal: reason });
    await runWorker();
    expect(await getStoreCreditBalance(db, referral!.referrerUserId)).toBe(0);
  }

  it("refuses the inviter's own account", async () => {
    const inviter = await newInviter();
    await expectRefused(inviter, inviter.card.code, "same_account");
  });

  it.each([
    ["a +tag", (local: string) => `${local}+promo@gmail.com`],
    ["Gmail dots at googlemail.com", (local: string) => `${local.slice(0, 3)}.${local.slice(3)}@googlemail.com`],
    ["dots and a +tag", (local: string) => `${local.slice(0, 2)}.${local.slice(2)}+2@gmail.com`],
  ])("refuses the inviter's email written with %s", async (_variant, write) => {
    const local = `amina${crypto.randomUUID().slice(0, 6)}`;
    const inviter = await newInviter({ email: `${local}@gmail.com` });
    const friend = await createSignedInUser(testApp, { email: write(local) });
    await expectRefused(friend, inviter.card.code, "same_email");
  });

  it("refuses a friend on a device the inviter opened the invite on, or registered in the app", async () => {
    const browser = `web-${crypto.randomUUID()}`;
    const inviter = await newInviter({}, browser);
    await expectRefused(await createSignedInUser(testApp), inviter.card.code, "same_device", { deviceId: browser });

    const phone = await createDevice(testApp, inviter.user);
    const friend = await createSignedInUser(testApp);
    await createDevice(testApp, friend.user, { deviceId: phone.deviceId });
    await expectRefused(friend, inviter.card.code, "same_device");
  });

  it("refuses a friend paying with the inviter's phone", async () => {
    const inviter = await newInviter({ phone: "+213551234567" });
    await expectRefused(await createSignedInUser(testApp), inviter.card.code, "same_payment_reference", {
      phone: "0551 23 45 67",
    });
  });

  it("rewards no more than the monthly cap, then refuses with the reason", async () => {
    await setSettings({ isEnabled: true, friendDiscountDzd: 300, rewardDzd: 200, monthlyRewardCap: 1 });
    const inviter = await newInviter();
    const first = await friendBuys(await createSignedInUser(testApp), inviter.card.code);
    const second = await friendBuys(await createSignedInUser(testApp), inviter.card.code);

    await runWorker();

    const statuses = [await referralOf(first.orderId), await referralOf(second.orderId)].map((row) => [
      row?.status,
      row?.refusal,
    ]);
    expect(statuses).toContainEqual(["rewarded", null]);
    expect(statuses).toContainEqual(["refused", "monthly_cap"]);
    expect(await shownCredit(inviter.headers, inviter.user.id)).toBe(200_00);
  });
});

describe("the operator's settings", () => {
  it("turn invitations off and change the amounts for the next orders, each change audited", async () => {
    const inviter = await newInviter();
    const friend = await createSignedInUser(testApp);

    const off = await setSettings({ isEnabled: false });
    expect(off.isEnabled).toBe(false);
    expect(await quote(friend.headers, { code: inviter.card.code })).toMatchObject({
      referralDiscountMinor: 0,
      referral: { isApplied: false },
    });
    await setSettings({ isEnabled: true, friendDiscountDzd: 500, rewardDzd: 400, monthlyRewardCap: 5 });
    expect((await quote(friend.headers, { code: inviter.card.code })).referralDiscountMinor).toBe(500_00);

    const entries = await db
      .select()
      .from(operatorAuditLog)
      .where(eq(operatorAuditLog.action, "referrals.settings_update"));
    expect(entries.at(-1)).toMatchObject({
      operatorId: admin.operator.id,
      after: expect.objectContaining({ friendDiscountDzd: 500, rewardDzd: 400 }),
    });
    expect(entries.some((entry) => (entry.after as { isEnabled: boolean }).isEnabled === false)).toBe(true);
  });

  it("are changed by administrators only", async () => {
    const response = await callConsole("PUT", "/referrals/settings", support.headers, { isEnabled: false });
    expect(response.statusCode).toBe(403);
  });

  it("keep an unknown code from discounting anything", async () => {
    await setSettings({ isEnabled: true });
    const friend = await createSignedInUser(testApp, { email: uniqueEmail("friend") });
    expect(await quote(friend.headers, { code: "ZZZZZZZZ" })).toMatchObject({
      referralDiscountMinor: 0,
      referral: { isApplied: false },
    });
  });
});

describe("discounts never sell below cost, and the shop's monthly budgets (decision 087)", () => {
  /** A 220 DA plan that costs 174 DA upstream at today's rate: the plan farmed for 50 DA (made once). */
  let made: Promise<{ thin: typeof packages.$inferSelect; costDzdMinor: number }> | undefined;
  function thinPlan() {
    made ??= makeThinPlan();
    return made;
  }
  async function makeThinPlan() {
    const [settings] = await db.select().from(priceSettings);
    const dzdPerUsdE4 = Math.round(Number(settings!.dzdPerUsd) * 10_000);
    const costUsdE4 = Math.ceil((174_00 * 1_000_000) / dzdPerUsdE4);
    const index = topUpCapableIndex() === 1 ? 2 : 1;
    const thin = await createPackage(testApp, { simulatorIndex: index, retailDzdMinor: 220_00, costUsdE4 });
    return { thin, costDzdMinor: costDzdMinorOf(costUsdE4, dzdPerUsdE4) };
  }

  async function quotePlan(headers: Headers, packageId: string, extra: object) {
    const response = await app.inject({
      method: "POST",
      url: `${API_BASE_PATH}/checkout/quote`,
      headers,
      payload: { packageId, quantity: 1, currency: "DZD", ...extra },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.quote;
  }

  it("keeps seven farmed first orders at or above the plan's cost unless the operator allows less", async () => {
    await setSettings({ isEnabled: true, friendDiscountDzd: 300, rewardDzd: 300, monthlyRewardCap: 5 });
    const { thin, costDzdMinor } = await thinPlan();
    const inviter = await newInviter();
    for (let friendIndex = 0; friendIndex < 7; friendIndex += 1) {
      const friend = await createSignedInUser(testApp);
      const quoted = await quotePlan(friend.headers, thin.id, {
        referral: { code: inviter.card.code, deviceId: `farm-${friendIndex}-${crypto.randomUUID()}` },
      });
      expect(quoted.referral).toMatchObject({ isApplied: true });
      expect(quoted.chargeDzdMinor).toBeGreaterThanOrEqual(costDzdMinor);
      expect(quoted.isDiscountCappedAtCost).toBe(true);
    }
    await setSettings({ allowsBelowCost: true });
    const friend = await createSignedInUser(testApp);
    const allowed = await quotePlan(friend.headers, thin.id, { referral: { code: inviter.card.code } });
    expect(allowed.chargeDzdMinor).toBe(50_00);
    expect(allowed.isDiscountCappedAtCost).toBeUndefined();
    const audit = await db
      .select()
      .from(operatorAuditLog)
      .where(eq(operatorAuditLog.action, "referrals.settings_update"));
    expect(audit.some((row) => (row.after as { allowsBelowCost?: boolean }).allowsBelowCost === true)).toBe(true);
    await setSettings({ allowsBelowCost: false });
  });

  it("caps a coupon at the plan's cost unless its campaign allows it", async () => {
    const { thin, costDzdMinor } = await thinPlan();
    const code = `FLOOR${Date.now() % 100_000}`;
    await db.insert(coupons).values({ code, kind: "percent", percentOff: 50 });
    const buyer = await createSignedInUser(testApp);
    const capped = await quotePlan(buyer.headers, thin.id, { couponCode: code });
    expect(capped.chargeDzdMinor).toBeGreaterThanOrEqual(costDzdMinor);
    expect(capped.isDiscountCappedAtCost).toBe(true);
    expect(capped.coupon).toMatchObject({ code, kind: "percent", percentOff: 50 });
    await db.update(coupons).set({ allowsBelowCost: true }).where(eq(coupons.code, code));
    const allowed = await quotePlan(buyer.headers, thin.id, { couponCode: code });
    expect(allowed.chargeDzdMinor).toBeLessThan(costDzdMinor);
    expect(allowed.couponDiscountMinor).toBe(110_00);
    expect(allowed.isDiscountCappedAtCost).toBeUndefined();
  });

  it("gives no friend's discount beyond the shop's monthly budget, and says why", async () => {
    const spent = await sumFriendDiscountsSince(db, algiersMonthStart(testApp.clock.now()));
    await setSettings({
      isEnabled: true,
      friendDiscountDzd: 300,
      rewardDzd: 200,
      monthlyRewardCap: 5,
      friendDiscountMonthlyBudgetDzd: spent / 100 + 300,
    });
    const first = await newInviter();
    const second = await newInviter();
    const lucky = await createSignedInUser(testApp);
    await friendBuys(lucky, first.card.code);
    const late = await createSignedInUser(testApp);
    const quoted = await quote(late.headers, { code: second.card.code });
    expect(quoted).toMatchObject({ referralDiscountMinor: 0, referral: { isApplied: false, isBudgetSpent: true } });
    const placed = await friendBuys(late, second.card.code);
    expect(await referralOf(placed.orderId)).toMatchObject({ status: "refused", refusal: "friend_budget_spent" });
    await setSettings({ friendDiscountMonthlyBudgetDzd: 10_000_000 });
  });

  it("counts concurrent friends against the budget one after the other", async () => {
    const spent = await sumFriendDiscountsSince(db, algiersMonthStart(testApp.clock.now()));
    await setSettings({ friendDiscountDzd: 300, friendDiscountMonthlyBudgetDzd: spent / 100 + 300 });
    const inviters = await Promise.all([newInviter(), newInviter(), newInviter()]);
    const friends = await Promise.all(inviters.map(() => createSignedInUser(testApp)));
    const placed = await Promise.all(
      friends.map((friend, index) =>
        placeTestOrder(
          testApp,
          friend.headers,
          orderBody({ email: friend.user.email! }, plan.id, { referral: { code: inviters[index]!.card.code } }),
        ),
      ),
    );
    const statuses = await Promise.all(placed.map((order) => referralOf(order.orderId)));
    expect(statuses.filter((row) => row?.status === "pending")).toHaveLength(1);
    expect(statuses.filter((row) => row?.refusal === "friend_budget_spent")).toHaveLength(2);
    await setSettings({ friendDiscountMonthlyBudgetDzd: 10_000_000 });
  });

  it("gives no reward beyond the shop's monthly budget, and alerts the operators once when it goes fast", async () => {
    // Earlier tests' friends are delivered first, so only this test's rewards meet the budget.
    await runWorker();
    const given = await sumRewardsSince(db, algiersMonthStart(testApp.clock.now()));
    await setSettings({
      isEnabled: true,
      friendDiscountDzd: 300,
      rewardDzd: 200,
      monthlyRewardCap: 5,
      rewardMonthlyBudgetDzd: given / 100 + 200,
    });
    const inviters = [await newInviter(), await newInviter()];
    const orders = [];
    for (const inviter of inviters) orders.push(await friendBuys(await createSignedInUser(testApp), inviter.card.code));
    await runWorker();
    const rows = await Promise.all(orders.map((order) => referralOf(order.orderId)));
    expect(rows.map((row) => [row?.status, row?.refusal])).toEqual([
      ["rewarded", null],
      ["refused", "reward_budget_spent"],
    ]);
    expect(rows[1]).toMatchObject({ refusal: "reward_budget_spent" });
    expect(await shownCredit(inviters[1]!.headers, inviters[1]!.user.id)).toBe(0);
    const alerts = testApp.sentMails.filter((mail) => mail.subject.includes("récompenses des parrains"));
    expect(alerts).toHaveLength(1);
    await setSettings({ rewardMonthlyBudgetDzd: 10_000_000 });
  });
});
