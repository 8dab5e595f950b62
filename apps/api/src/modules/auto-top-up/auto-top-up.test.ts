import { randomUUID } from "node:crypto";
import { getAutoTopUp, topUpFromCredit } from "@esim/shared/auto-top-up/contracts";
import { planDataText } from "@esim/shared/catalog/plan-name";
import { and, eq, like } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { placeOrder } from "../../flows/place-order.ts";
import { runDueJobs } from "../../jobs/worker.ts";
import type { UpstreamProfile } from "../../providers/esim/esim-port.ts";
import { createSignedInUser } from "../../test/factories.ts";
import { users } from "../account/account.schema.ts";
import { esimBundles, esims } from "../esims/esims.schema.ts";
import { buyEsim, createTopUpablePlan, request, runQueuedEsimRefreshes } from "../esims/esims.test-kit.ts";
import type { EsimRow } from "../esims/index.ts";
import { getStoreCreditBalance } from "../ledger/index.ts";
import { mailOutbox } from "../mail-outbox/mail-outbox.schema.ts";
import { COMMAND_LINE_ACTOR } from "../operators/audit.service.ts";
import { createBuyingApp } from "../orders/buying.test-kit.ts";
import { orderEvents, orders } from "../orders/orders.schema.ts";
import { issueStoreCredit } from "../store-credit/index.ts";
import { autoTopUpTriggers } from "./auto-top-up.schema.ts";
import { checkAutoTopUp, type PlaceFromCredit, placeAutoTopUpOrder, sweepAutoTopUps } from "./auto-top-up.service.ts";

const testApp = await createBuyingApp();
const { db, deps, clock } = testApp;
const { plan, topUp } = await createTopUpablePlan(testApp);
const placeFromCredit: PlaceFromCredit = (input) => placeOrder(deps, { door: "credit", ...input });
const DAY_MS = 24 * 3_600_000;
const GB = 1024 ** 3;
const TOTAL_BYTES = 5 * GB;
/** What the upstream reports once the top-up's data is added. */
const toppedUp = { totalBytes: TOTAL_BYTES + (topUp.dataMb ?? 0) * 1024 ** 2 };

// The simulator's usage grows with its clock: tests say what the upstream reports instead, on top of its own answer.
const reported = new Map<string, Partial<UpstreamProfile>>();
const simulatorQueryProfile = testApp.simulator.queryProfile;
vi.spyOn(testApp.simulator, "queryProfile").mockImplementation(async (reference) => {
  const profile = await simulatorQueryProfile(reference);
  const override = reported.get(reference);
  return profile && override ? { ...profile, ...override } : profile;
});

/** The upstream reports this share of the data used (10 days left unless told) and sends its webhook; jobs run. */
async function reportUsage(esim: EsimRow, usedShare: number, state: Partial<UpstreamProfile> = {}) {
  const totalBytes = state.totalBytes ?? TOTAL_BYTES;
  reported.set(esim.upstreamReference, {
    status: "In Use",
    totalBytes,
    usedBytes: Math.round(TOTAL_BYTES * usedShare),
    expiresAt: new Date(clock.now().getTime() + 10 * DAY_MS),
    ...state,
  });
  const response = await request(testApp, "POST", `/webhooks/esim/simulator/${deps.config.ESIM_WEBHOOK_TOKEN}`, {
    payload: { notifyType: "DATA_USAGE", content: { esimTranNo: esim.upstreamReference } },
  });
  expect(response.json().data.queued).toBe(1);
  await runQueuedEsimRefreshes(testApp);
  await runDueJobs(deps);
}

/** A traveller with a delivered eSIM that takes top-ups, and this much store credit (DZD). */
async function travellerWithCredit(creditDzd: number) {
  const bought = await buyEsim(testApp, plan.id);
  if (creditDzd > 0) {
    await issueStoreCredit(deps, {
      userId: bought.user.id,
      amountDzd: creditDzd,
      reason: "Geste commercial",
      expiresAt: null,
      actor: COMMAND_LINE_ACTOR,
    });
  }
  return bought;
}

function saveSettings(headers: Record<string, string>, esimId: string, overrides: Record<string, unknown> = {}) {
  return request(testApp, "PUT", `/esims/${esimId}/auto-top-up`, {
    headers,
    payload: {
      isEnabled: true,
      packageId: topUp.id,
      thresholdPercent: 20,
      isOnValidityEnding: false,
      monthlyCap: 2,
      ...overrides,
    },
  });
}

async function topUpOrdersOf(esimId: string) {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.targetEsimId, esimId), eq(orders.kind, "top_up")));
}

async function triggersOf(esimId: string) {
  return db.select().from(autoTopUpTriggers).where(eq(autoTopUpTriggers.esimId, esimId));
}

async function autoTopUpEmailsTo(email: string | null) {
  return db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email ?? ""), like(mailOutbox.key, "auto-top-up:%")));
}

describe("PUT /esims/:id/auto-top-up", () => {
  it("refuses the unauthenticated, a threshold out of range, a plan that is not one of the eSIM's top-ups and someone else's eSIM", async () => {
    const { headers, esim } = await travellerWithCredit(0);
    expect((await request(testApp, "PUT", `/esims/${esim.id}/auto-top-up`, { payload: {} })).statusCode).toBe(401);

    for (const thresholdPercent of [4, 51, 12.5]) {
      const response = await saveSettings(headers, esim.id, { thresholdPercent });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({ thresholdPercent: "INVALID" });
    }
    const notATopUp = await saveSettings(headers, esim.id, { packageId: plan.id });
    expect(notATopUp.statusCode).toBe(400);
    expect(notATopUp.json().error.fields).toEqual({ packageId: "PACKAGE_INVALID" });
    const noPlan = await saveSettings(headers, esim.id, { packageId: null });
    expect(noPlan.json().error.fields).toEqual({ packageId: "PACKAGE_INVALID" });

    const stranger = await createSignedInUser(testApp);
    expect((await saveSettings(stranger.headers, esim.id)).statusCode).toBe(404);
    expect(
      (await request(testApp, "GET", `/esims/${esim.id}/auto-top-up`, { headers: stranger.headers })).statusCode,
    ).toBe(404);
  });

  it("saves the traveller's choice and answers it back, off by default", async () => {
    const { headers, esim } = await travellerWithCredit(0);
    const before = await request(testApp, "GET", `/esims/${esim.id}/auto-top-up`, { headers });
    expect(getAutoTopUp.response.parse(before.json()).data.settings.isEnabled).toBe(false);

    const saved = await saveSettings(headers, esim.id, { thresholdPercent: 10, monthlyCap: 3 });
    expect(saved.statusCode).toBe(200);
    const after = getAutoTopUp.response.parse(
      (await request(testApp, "GET", `/esims/${esim.id}/auto-top-up`, { headers })).json(),
    );
    expect(after.data).toEqual({
      settings: {
        isEnabled: true,
        packageId: topUp.id,
        thresholdPercent: 10,
        isOnValidityEnding: false,
        monthlyCap: 3,
      },
      boughtThisMonth: 0,
    });
  });
});

describe("auto top-up when the data left crosses the threshold", () => {
  it("buys the chosen top-up from credit once, attributed to the system, and tells the traveller", async () => {
    const { user, headers, esim } = await travellerWithCredit(5000);
    expect((await saveSettings(headers, esim.id)).statusCode).toBe(200);
    const creditBefore = await getStoreCreditBalance(db, user.id);

    await reportUsage(esim, 0.5);
    expect(await topUpOrdersOf(esim.id)).toHaveLength(0);

    await reportUsage(esim, 0.85);
    const [order, ...others] = await topUpOrdersOf(esim.id);
    expect(others).toHaveLength(0);
    expect(order?.packageId).toBe(topUp.id);
    expect(order?.creditAppliedDzdMinor).toBe(order?.chargeDzdMinor);
    expect(["paid", "delivered"]).toContain(order?.status);
    expect(await getStoreCreditBalance(db, user.id)).toBe(creditBefore - order!.chargeDzdMinor);
    const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, order!.id));
    expect(events.map((event) => event.actor)).toContain("system:auto-top-up");
    const [mail] = await autoTopUpEmailsTo(user.email);
    expect(mail?.subject).toContain("rechargée avec votre crédit");
    // The plan is named our way in the reader's language, never by the upstream's English package name.
    const sent = testApp.sentMails.find((one) => one.to === user.email && one.subject.includes("rechargée"));
    expect(`${sent?.subject}\n${sent?.text}\n${sent?.html}`).not.toContain(topUp.name);
    expect(sent?.text).toContain(planDataText(topUp, "fr"));

    // The upstream keeps reporting, the top-up's data added: nothing more is bought.
    await reportUsage(esim, 0.86, toppedUp);
    await reportUsage(esim, 0.9, toppedUp);
    expect(await topUpOrdersOf(esim.id)).toHaveLength(1);
    expect(await autoTopUpEmailsTo(user.email)).toHaveLength(1);
    expect(await getStoreCreditBalance(db, user.id)).toBe(creditBefore - order!.chargeDzdMinor);
  });

  it("decides one trigger once under concurrent checks and sweeps, and a replayed or crashed order job buys nothing more", async () => {
    const { user, headers, esim } = await travellerWithCredit(5000);
    expect((await saveSettings(headers, esim.id)).statusCode).toBe(200);
    await db
      .update(esims)
      .set({ dataTotalBytes: TOTAL_BYTES, dataUsedBytes: Math.round(TOTAL_BYTES * 0.9) })
      .where(eq(esims.id, esim.id));

    const [first, second, swept, third] = await Promise.all([
      checkAutoTopUp(deps, { esimId: esim.id }),
      checkAutoTopUp(deps, { esimId: esim.id }),
      sweepAutoTopUps(deps),
      checkAutoTopUp(deps, { esimId: esim.id }),
    ]);
    const [trigger, ...more] = await triggersOf(esim.id);
    expect(more).toHaveLength(0);
    expect(first.length + second.length + swept + third.length).toBe(1);

    await Promise.all([placeAutoTopUpOrder(deps, { triggerId: trigger!.id, placeFromCredit }), runDueJobs(deps)]);
    await placeAutoTopUpOrder(deps, { triggerId: trigger!.id, placeFromCredit });
    // A worker killed after the order committed and before the trigger was settled: its retry finds the same order.
    await db.update(autoTopUpTriggers).set({ outcome: "ordering" }).where(eq(autoTopUpTriggers.id, trigger!.id));
    await placeAutoTopUpOrder(deps, { triggerId: trigger!.id, placeFromCredit });
    await runDueJobs(deps);

    const topUps = await topUpOrdersOf(esim.id);
    expect(topUps).toHaveLength(1);
    const [settled] = await triggersOf(esim.id);
    expect(settled).toMatchObject({ outcome: "ordered", orderId: topUps[0]!.id });
    expect(await autoTopUpEmailsTo(user.email)).toHaveLength(1);
  });

  it("never buys beyond the monthly cap: the next trigger is told once and nothing is bought", async () => {
    const { user, headers, esim } = await travellerWithCredit(5000);
    expect((await saveSettings(headers, esim.id, { monthlyCap: 1, isOnValidityEnding: true })).statusCode).toBe(200);
    await reportUsage(esim, 0.85);
    expect(await topUpOrdersOf(esim.id)).toHaveLength(1);
    const creditAfterFirst = await getStoreCreditBalance(db, user.id);

    // The validity now ends within a day: a trigger of another kind, over the cap.
    const endsSoon = { ...toppedUp, expiresAt: new Date(clock.now().getTime() + 12 * 3_600_000) };
    await reportUsage(esim, 0.85, endsSoon);
    await sweepAutoTopUps(deps);
    await reportUsage(esim, 0.87, endsSoon);
    expect(await topUpOrdersOf(esim.id)).toHaveLength(1);
    expect(await getStoreCreditBalance(db, user.id)).toBe(creditAfterFirst);
    expect((await triggersOf(esim.id)).map((trigger) => trigger.outcome).sort()).toEqual(["cap_reached", "ordered"]);
    expect(await autoTopUpEmailsTo(user.email)).toHaveLength(2);
    expect(testApp.sentMails.some((mail) => mail.to === user.email && mail.text.includes("limite mensuelle"))).toBe(
      true,
    );
  });

  it("buys nothing when the credit is short, and tells the traveller once with the pay-for-me and load-credit links", async () => {
    const { user, headers, esim } = await travellerWithCredit(100);
    expect((await saveSettings(headers, esim.id)).statusCode).toBe(200);
    await reportUsage(esim, 0.85);
    await reportUsage(esim, 0.9);
    await sweepAutoTopUps(deps);
    await runDueJobs(deps);

    expect(await topUpOrdersOf(esim.id)).toHaveLength(0);
    expect(await getStoreCreditBalance(db, user.id)).toBe(100_00);
    expect((await triggersOf(esim.id)).map((trigger) => trigger.outcome)).toEqual(["credit_short"]);
    expect(await autoTopUpEmailsTo(user.email)).toHaveLength(1);
    const mail = testApp.sentMails.find((sent) => sent.to === user.email && sent.subject.includes("automatiquement"));
    expect(mail?.html).toContain(`/details/${esim.id}?payForMe=1`);
    expect(mail?.html).toContain("/account/credit/load");
  });
});

describe("auto top-up when the validity ends within a day", () => {
  it("fires by the sweep's clock alone, once, when the traveller asked for it", async () => {
    const { headers, esim } = await travellerWithCredit(5000);
    expect((await saveSettings(headers, esim.id, { isOnValidityEnding: true, thresholdPercent: 5 })).statusCode).toBe(
      200,
    );
    await db
      .update(esims)
      .set({ dataTotalBytes: TOTAL_BYTES, dataUsedBytes: 0, expiresAt: new Date(clock.now().getTime() + 2 * DAY_MS) })
      .where(eq(esims.id, esim.id));
    expect(await sweepAutoTopUps(deps)).toBe(0);

    clock.advance(DAY_MS + 3_600_000);
    expect(await sweepAutoTopUps(deps)).toBe(1);
    expect(await sweepAutoTopUps(deps)).toBe(0);
    await runDueJobs(deps);
    const [order, ...more] = await topUpOrdersOf(esim.id);
    expect(more).toHaveLength(0);
    expect((await triggersOf(esim.id))[0]).toMatchObject({ kind: "validity", outcome: "ordered", orderId: order!.id });
  });
});

describe("POST /esims/:id/top-up-from-credit", () => {
  function tapTopUp(headers: Record<string, string>, esimId: string, clientReference = randomUUID()) {
    return request(testApp, "POST", `/esims/${esimId}/top-up-from-credit`, {
      headers,
      payload: { clientReference, packageId: topUp.id, termsAccepted: true },
    });
  }

  it("refuses short credit and a profile the invoice cannot be made from, and writes no order", async () => {
    const short = await travellerWithCredit(100);
    const refused = await tapTopUp(short.headers, short.esim.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe("STORE_CREDIT_SHORT");

    const noCountry = await travellerWithCredit(5000);
    await db.update(users).set({ country: null }).where(eq(users.id, noCountry.user.id));
    const incomplete = await tapTopUp(noCountry.headers, noCountry.esim.id);
    expect(incomplete.statusCode).toBe(409);
    expect(incomplete.json().error.code).toBe("BILLING_PROFILE_INCOMPLETE");

    expect(await topUpOrdersOf(short.esim.id)).toHaveLength(0);
    expect(await topUpOrdersOf(noCountry.esim.id)).toHaveLength(0);
  });

  it("pays the top-up from credit without the gateway, once per tap, and delivers it onto the eSIM", async () => {
    const { user, headers, esim } = await travellerWithCredit(5000);
    const creditBefore = await getStoreCreditBalance(db, user.id);
    const clientReference = randomUUID();
    const response = await tapTopUp(headers, esim.id, clientReference);
    expect(response.statusCode).toBe(200);
    const { orderId } = topUpFromCredit.response.parse(response.json()).data;
    expect((await tapTopUp(headers, esim.id, clientReference)).json().data.orderId).toBe(orderId);

    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({
      kind: "top_up",
      targetEsimId: esim.id,
      creditAppliedDzdMinor: order!.chargeDzdMinor,
    });
    expect(await getStoreCreditBalance(db, user.id)).toBe(creditBefore - order!.chargeDzdMinor);
    await runDueJobs(deps);
    await runDueJobs(deps);
    const [delivered] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(delivered?.status).toBe("delivered");
    const bundles = await db.select().from(esimBundles).where(eq(esimBundles.esimId, esim.id));
    expect(bundles.map((bundle) => bundle.orderId)).toContain(orderId);
  });
});
