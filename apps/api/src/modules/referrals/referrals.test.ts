import { ADMIN_API_BASE_PATH, API_BASE_PATH } from "@esim/shared/http";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cancellationRequests, esims, ledgerEntries, operatorAuditLog, referrals } from "../../db/schema.ts";
import { runDueJobs } from "../../jobs/worker.ts";
import { createDevice, createSignedInUser, uniqueEmail } from "../../test/factories.ts";
import { createTopUpablePlan, request } from "../esims/esims.test-kit.ts";
import { getStoreCreditBalance, listLedgerMovements } from "../ledger/index.ts";
import { createSignedInOperator } from "../operators/operators.test-kit.ts";
import { createBuyingApp, orderBody, placeTestOrder, postOrder, pressButton } from "../orders/buying.test-kit.ts";

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

  it("takes back only what is left when the inviter already spent the reward", async () => {
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

    expect(await referralOf(placed.orderId)).toMatchObject({ status: "taken_back", takenBackDzdMinor: 0 });
    expect(await shownCredit(inviter.headers, inviter.user.id)).toBe(0);
    const kinds = (await listLedgerMovements(db, { userId: inviter.user.id })).map(({ movement }) => movement.kind);
    expect(kinds).toContain("referral_reward");
    expect(kinds).not.toContain("referral_reward_taken_back");
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
