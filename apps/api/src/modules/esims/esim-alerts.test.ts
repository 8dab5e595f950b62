import { randomUUID } from "node:crypto";
import { formatDateTime } from "@esim/shared/format";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { runDueJobs } from "../../jobs/worker.ts";
import type { UpstreamProfile } from "../../providers/esim/esim-port.ts";
import { createDevice, createUser } from "../../test/factories.ts";
import { users } from "../account/account.schema.ts";
import { destinations } from "../catalog/catalog.schema.ts";
import { devices } from "../devices/devices.schema.ts";
import { mailOutbox } from "../mail-outbox/mail-outbox.schema.ts";
import { createBuyingApp, makeJobsDue, readOrder } from "../orders/buying.test-kit.ts";
import { orders } from "../orders/orders.schema.ts";
import { queueDueEsimAlerts, sendDueEsimAlerts } from "./esim-alerts.ts";
import { type EsimRow, insertBundles } from "./esims.repo.ts";
import { esimBundles, esims } from "./esims.schema.ts";
import { buyEsim, createTopUpablePlan, request, runQueuedEsimRefreshes } from "./esims.test-kit.ts";

const testApp = await createBuyingApp();
const { db, deps, clock } = testApp;
const { plan, topUp } = await createTopUpablePlan(testApp);
const [destination] = await db.select().from(destinations).where(eq(destinations.code, plan.destinationCode));
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const GB = 1024 ** 3;
const TOTAL_BYTES = 5 * GB;

// The simulator's usage grows with its clock at a per-eSIM pace: tests say what the upstream reports instead, on top
// of the simulator's own answer, so 79 % and 80 % are exact.
const reported = new Map<string, Partial<UpstreamProfile>>();
const simulatorQueryProfile = testApp.simulator.queryProfile;
vi.spyOn(testApp.simulator, "queryProfile").mockImplementation(async (reference) => {
  const profile = await simulatorQueryProfile(reference);
  const override = reported.get(reference);
  return profile && override ? { ...profile, ...override } : profile;
});

/** The upstream now reports this about the eSIM and sends a DATA_USAGE webhook (in use, 10 days left by default). */
async function reportUpstream(esim: EsimRow, state: Partial<UpstreamProfile>) {
  reported.set(esim.upstreamReference, {
    status: "In Use",
    totalBytes: TOTAL_BYTES,
    expiresAt: new Date(clock.now().getTime() + 10 * DAY_MS),
    ...state,
  });
  const response = await request(testApp, "POST", `/webhooks/esim/simulator/${deps.config.ESIM_WEBHOOK_TOKEN}`, {
    payload: { notifyType: "DATA_USAGE", content: { esimTranNo: esim.upstreamReference } },
  });
  expect(response.json().data.queued).toBe(1);
  await runQueuedEsimRefreshes(testApp);
}

function used(fraction: number, totalBytes = TOTAL_BYTES): Partial<UpstreamProfile> {
  return { totalBytes, usedBytes: Math.round(totalBytes * fraction) };
}

/** The messages sent to this address from now on. */
function watchMails(email: string | null) {
  const from = testApp.sentMails.length;
  return () => testApp.sentMails.slice(from).filter((mail) => mail.to === email);
}

async function bundlesOf(esimId: string) {
  return db.select().from(esimBundles).where(eq(esimBundles.esimId, esimId)).orderBy(esimBundles.appliedAt);
}

/** A delivered top-up order of the eSIM's owner and its bundle, applied a minute from now. */
async function addTopUpBundle(esim: EsimRow) {
  const first = await readOrder(testApp, esim.orderId);
  const { id: _id, number, clientReference: _reference, ...columns } = first;
  clock.advance(60_000);
  const [order] = await db
    .insert(orders)
    .values({
      ...columns,
      number: `${number}-T${randomUUID().slice(0, 4)}`,
      clientReference: randomUUID(),
      kind: "top_up",
      targetEsimId: esim.id,
      packageId: topUp.id,
      status: "delivered",
      createdAt: clock.now(),
      updatedAt: clock.now(),
    })
    .returning();
  // Through the provisioning's own insert: it also makes the eSIM's expiry alert due again.
  await insertBundles(db, [
    {
      esimId: esim.id,
      orderId: order!.id,
      packageId: topUp.id,
      dataMb: topUp.dataMb,
      validityDays: topUp.validityDays,
      appliedAt: clock.now(),
      createdAt: clock.now(),
    },
  ]);
  const [bundle] = await db.select().from(esimBundles).where(eq(esimBundles.orderId, order!.id));
  return bundle!;
}

/** The bundle's alert email of this kind in the outbox (decided once per bundle): its state and tries. */
async function alertEmails(kind: "usage" | "expiry", bundleId: string) {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.key, `esim-alert:${kind}:${bundleId}`));
  return rows.map(({ status, attempts, lastError }) => ({ status, attempts, lastError }));
}

/** Moves the clock forward to the next 08:00 UTC (09:00 in Algiers), so "today" and "tomorrow" are known. */
function moveClockToMorning() {
  const next = new Date(clock.now());
  next.setUTCHours(8, 0, 0, 0);
  if (next <= clock.now()) next.setUTCDate(next.getUTCDate() + 1);
  clock.set(next);
}

async function setStoredState(esimId: string, values: Partial<Pick<EsimRow, "status" | "expiresAt" | "userId">>) {
  await db.update(esims).set(values).where(eq(esims.id, esimId));
}

describe("usage alert", () => {
  it("emails once in the owner's language when an update shows 80 % used, and not again above it", async () => {
    const bought = await buyEsim(testApp, plan.id);
    await db.update(users).set({ language: "ar" }).where(eq(users.id, bought.user.id));
    const mails = watchMails(bought.user.email);

    await reportUpstream(bought.esim, used(0.5));
    await runDueJobs(deps);
    expect(mails()).toEqual([]);

    await reportUpstream(bought.esim, used(0.8));
    await runDueJobs(deps);
    expect(mails()).toHaveLength(1);
    const [mail] = mails();
    expect(mail!.subject).toBe(`تم استخدام 80٪ من بيانات شريحة eSIM الخاصة بـ${destination!.nameAr}`);
    expect(mail!.html).toContain('dir="rtl"');
    expect(mail!.text).toContain("يتبقى لك 1 جيغابايت");
    const expiresAt = (await db.select().from(esims).where(eq(esims.id, bought.esim.id)))[0]!.expiresAt!;
    expect(mail!.html).toContain(`\u2068${formatDateTime(expiresAt)}\u2069`);
    expect(mail!.html).toContain(`href="${deps.config.PUBLIC_URL}/details/${bought.esim.id}"`);
    expect((await bundlesOf(bought.esim.id))[0]!.usageAlertSentAt).toEqual(clock.now());

    await reportUpstream(bought.esim, used(0.95));
    await runDueJobs(deps);
    expect(mails()).toHaveLength(1);
  });

  it("sends nothing at 79 % used, nor for unlimited data however much is used", async () => {
    const limited = await buyEsim(testApp, plan.id);
    const unlimited = await buyEsim(testApp, plan.id);
    const limitedMails = watchMails(limited.user.email);
    const unlimitedMails = watchMails(unlimited.user.email);

    await reportUpstream(limited.esim, used(0.79));
    await reportUpstream(unlimited.esim, { totalBytes: null, usedBytes: 50 * GB });
    await runDueJobs(deps);

    expect(limitedMails()).toEqual([]);
    expect(unlimitedMails()).toEqual([]);
    const [limitedBundle] = await bundlesOf(limited.esim.id);
    expect(limitedBundle!.usageAlertSentAt).toBeNull();
    expect(await alertEmails("usage", limitedBundle!.id)).toEqual([]);
  });

  it("alerts again once a top-up's bundle is 80 % used", async () => {
    const bought = await buyEsim(testApp, plan.id);
    const mails = watchMails(bought.user.email);
    await reportUpstream(bought.esim, used(0.85));
    await runDueJobs(deps);
    expect(mails()).toHaveLength(1);
    expect(mails()[0]!.text).toContain("Il vous reste 768 Mo");

    const bundle = await addTopUpBundle(bought.esim);
    await reportUpstream(bought.esim, used(0.425, 2 * TOTAL_BYTES));
    await runDueJobs(deps);
    expect(mails()).toHaveLength(1);

    await reportUpstream(bought.esim, used(0.85, 2 * TOTAL_BYTES));
    await runDueJobs(deps);
    expect(mails()).toHaveLength(2);
    expect(mails()[1]!.text).toContain("Il vous reste 1.5 Go");
    const bundles = await bundlesOf(bought.esim.id);
    expect(bundles.map((row) => row.id)).toEqual([expect.any(String), bundle.id]);
    expect(bundles.every((row) => row.usageAlertSentAt !== null)).toBe(true);
  });

  it("decides the alert with the update that makes it due: a top-up afterwards neither retracts nor repeats it", async () => {
    const bought = await buyEsim(testApp, plan.id);
    const mails = watchMails(bought.user.email);
    await reportUpstream(bought.esim, used(0.9));
    const [first] = await bundlesOf(bought.esim.id);
    expect(first!.usageAlertSentAt).toEqual(clock.now());
    expect(await alertEmails("usage", first!.id)).toEqual([{ status: "queued", attempts: 0, lastError: null }]);

    await addTopUpBundle(bought.esim);
    await reportUpstream(bought.esim, used(0.45, 2 * TOTAL_BYTES));
    await runDueJobs(deps);

    expect(mails()).toHaveLength(1);
    expect(await alertEmails("usage", first!.id)).toEqual([{ status: "sent", attempts: 1, lastError: null }]);
    expect((await bundlesOf(bought.esim.id)).map((row) => row.usageAlertSentAt === null)).toEqual([false, true]);
  });

  it("keeps the decision when the send fails and sends it on the retry, with the same Message-ID", async () => {
    const bought = await buyEsim(testApp, plan.id);
    const mails = watchMails(bought.user.email);
    const send = vi.spyOn(deps.mailer, "send").mockRejectedValueOnce(new Error("SMTP down"));
    try {
      await reportUpstream(bought.esim, used(0.9));
      await runDueJobs(deps);
      const [bundle] = await bundlesOf(bought.esim.id);
      expect(mails()).toEqual([]);
      expect(bundle!.usageAlertSentAt).not.toBeNull();
      expect(await alertEmails("usage", bundle!.id)).toEqual([
        { status: "queued", attempts: 1, lastError: expect.stringContaining("SMTP") },
      ]);

      await makeJobsDue(testApp);
      await runDueJobs(deps);
      expect(mails()).toHaveLength(1);
      expect(await alertEmails("usage", bundle!.id)).toEqual([{ status: "sent", attempts: 2, lastError: null }]);
      const tries = send.mock.calls.map(([message]) => message.messageId);
      expect(tries).toHaveLength(2);
      expect(tries[0]).toMatch(/^<[0-9a-f-]{36}@localhost>$/);
      expect(tries[1]).toBe(tries[0]);
    } finally {
      send.mockRestore();
    }
  });

  it("decides once when the same news is stored several times at once", async () => {
    const bought = await buyEsim(testApp, plan.id);
    const mails = watchMails(bought.user.email);
    await db
      .update(esims)
      .set({ status: "In Use", dataTotalBytes: TOTAL_BYTES, dataUsedBytes: TOTAL_BYTES })
      .where(eq(esims.id, bought.esim.id));

    const decided = await Promise.all(
      [1, 2, 3].map(() =>
        db.transaction((tx) =>
          queueDueEsimAlerts(tx, { esimId: bought.esim.id, now: clock.now(), publicUrl: deps.config.PUBLIC_URL }),
        ),
      ),
    );
    await runDueJobs(deps);

    expect(decided.flat()).toEqual(["usage"]);
    expect(mails()).toHaveLength(1);
  });

  it("sends nothing for an eSIM no longer linked to an account", async () => {
    const bought = await buyEsim(testApp, plan.id);
    const mails = watchMails(bought.user.email);
    await setStoredState(bought.esim.id, { userId: null });

    await reportUpstream(bought.esim, used(0.9));
    await setStoredState(bought.esim.id, { expiresAt: new Date(clock.now().getTime() + 20 * HOUR_MS) });
    await sendDueEsimAlerts(deps);
    const [bundle] = await bundlesOf(bought.esim.id);
    expect(await alertEmails("usage", bundle!.id)).toEqual([]);
    expect(await alertEmails("expiry", bundle!.id)).toEqual([]);
    await runDueJobs(deps);

    expect(mails()).toEqual([]);
    expect((await bundlesOf(bought.esim.id))[0]).toMatchObject({ usageAlertSentAt: null, expiryAlertSentAt: null });
  });
});

describe("expiry alert", () => {
  it("emails once from the sweep when the eSIM expires within a day, however often the sweep runs", async () => {
    moveClockToMorning();
    const bought = await buyEsim(testApp, plan.id);
    await db.update(users).set({ language: "en" }).where(eq(users.id, bought.user.id));
    const mails = watchMails(bought.user.email);
    const expiresAt = new Date(clock.now().getTime() + 30 * HOUR_MS);
    await setStoredState(bought.esim.id, { status: "In Use", expiresAt });

    await sendDueEsimAlerts(deps);
    await runDueJobs(deps);
    expect(mails()).toEqual([]);

    clock.advance(10 * HOUR_MS);
    await sendDueEsimAlerts(deps);
    await sendDueEsimAlerts(deps);
    await runDueJobs(deps);
    await sendDueEsimAlerts(deps);
    await runDueJobs(deps);

    expect(mails()).toHaveLength(1);
    const [mail] = mails();
    expect(mail!.subject).toBe(`Your ${destination!.nameEn} eSIM expires tomorrow`);
    expect(mail!.text).toContain(`expires tomorrow, on ${formatDateTime(expiresAt)} (Algiers time)`);
    expect(mail!.html).toContain('dir="ltr"');
    expect(mail!.html).toContain(`href="${deps.config.PUBLIC_URL}/details/${bought.esim.id}"`);
    const [bundle] = await bundlesOf(bought.esim.id);
    expect(bundle!.expiryAlertSentAt).not.toBeNull();
    await sendDueEsimAlerts(deps);
    expect(await alertEmails("expiry", bundle!.id)).toEqual([{ status: "sent", attempts: 1, lastError: null }]);
  });

  it("alerts again from the sweep once a top-up's bundle expires within a day", async () => {
    moveClockToMorning();
    const bought = await buyEsim(testApp, plan.id);
    const mails = watchMails(bought.user.email);
    await setStoredState(bought.esim.id, {
      status: "In Use",
      expiresAt: new Date(clock.now().getTime() + 5 * HOUR_MS),
    });
    await sendDueEsimAlerts(deps);
    await runDueJobs(deps);
    expect(mails()).toHaveLength(1);

    const bundle = await addTopUpBundle(bought.esim);
    await setStoredState(bought.esim.id, { expiresAt: new Date(clock.now().getTime() + 10 * DAY_MS) });
    await sendDueEsimAlerts(deps);
    expect(await alertEmails("expiry", bundle.id)).toEqual([]);

    clock.advance(9 * DAY_MS + 12 * HOUR_MS);
    await sendDueEsimAlerts(deps);
    await sendDueEsimAlerts(deps);
    await runDueJobs(deps);
    expect(await alertEmails("expiry", bundle.id)).toEqual([{ status: "sent", attempts: 1, lastError: null }]);
    expect(mails()).toHaveLength(2);
  });

  it("sends nothing for an eSIM expiring in 30 hours, already expired, or used up", async () => {
    const later = await buyEsim(testApp, plan.id);
    const expired = await buyEsim(testApp, plan.id);
    const depleted = await buyEsim(testApp, plan.id);
    const mails = [later, expired, depleted].map((bought) => watchMails(bought.user.email));
    const hoursFromNow = (hours: number) => new Date(clock.now().getTime() + hours * HOUR_MS);
    await setStoredState(later.esim.id, { status: "In Use", expiresAt: hoursFromNow(30) });
    await setStoredState(expired.esim.id, { status: "In Use", expiresAt: hoursFromNow(-1) });
    await setStoredState(depleted.esim.id, { status: "Depleted", expiresAt: hoursFromNow(20) });

    await sendDueEsimAlerts(deps);
    for (const bought of [later, expired, depleted]) {
      const [bundle] = await bundlesOf(bought.esim.id);
      expect(await alertEmails("expiry", bundle!.id)).toEqual([]);
    }
    await runDueJobs(deps);

    expect(mails.map((mailsTo) => mailsTo())).toEqual([[], [], []]);
  });

  it("queues the alert from an upstream update without waiting for the sweep, saying today when it is today", async () => {
    moveClockToMorning();
    const bought = await buyEsim(testApp, plan.id);
    const mails = watchMails(bought.user.email);
    const expiresAt = new Date(clock.now().getTime() + 5 * HOUR_MS);

    await reportUpstream(bought.esim, { ...used(0.1), expiresAt });
    await runDueJobs(deps);

    expect(mails().map((mail) => mail.subject)).toEqual([`Votre eSIM ${destination!.nameFr} expire aujourd'hui`]);
    expect(mails()[0]!.text).toContain(`le ${formatDateTime(expiresAt)} (heure d'Alger)`);
  });
});

describe("alert pushes", () => {
  /** The pushes recorded for this eSIM, oldest first. */
  async function pushesFor(esimId: string) {
    return (await testApp.pushes()).filter((push) => push.data.esimId === esimId);
  }

  async function tokenOf(deviceRecordId: string) {
    return (await db.select().from(devices).where(eq(devices.id, deviceRecordId)))[0]!.pushToken;
  }

  it("pushes each alert once to the owner's Android and iOS phones, in their language, with the eSIM to open", async () => {
    moveClockToMorning();
    const bought = await buyEsim(testApp, plan.id);
    await db.update(users).set({ language: "en" }).where(eq(users.id, bought.user.id));
    const android = await createDevice(testApp, bought.user, { deviceType: "android" });
    const iphone = await createDevice(testApp, bought.user, { deviceType: "ios" });
    await createDevice(testApp, bought.user, { deviceType: "web", pushToken: "web-push-subscription" });
    await createDevice(testApp, await createUser(testApp));

    await reportUpstream(bought.esim, used(0.8));
    await runDueJobs(deps);
    await reportUpstream(bought.esim, used(0.95));
    await runDueJobs(deps);

    const usage = {
      title: `80% of your ${destination!.nameEn} eSIM data is used`,
      body: "1 GB left. Top it up now to stay connected.",
      data: { type: "esim_usage", esimId: bought.esim.id },
    };
    const pushed = await pushesFor(bought.esim.id);
    expect(pushed).toHaveLength(2);
    expect(pushed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ platform: "android", token: android.pushToken, ...usage }),
        expect.objectContaining({ platform: "ios", token: iphone.pushToken, ...usage }),
      ]),
    );

    await setStoredState(bought.esim.id, { expiresAt: new Date(clock.now().getTime() + 20 * HOUR_MS) });
    await sendDueEsimAlerts(deps);
    await runDueJobs(deps);

    const expiry = (await pushesFor(bought.esim.id)).filter((push) => push.data.type === "esim_expiry");
    expect(expiry.map((push) => push.platform).sort()).toEqual(["android", "ios"]);
    for (const push of expiry) {
      expect(push).toMatchObject({
        title: `Your ${destination!.nameEn} eSIM expires tomorrow`,
        body: "Top it up or buy a new plan to stay connected.",
        data: { type: "esim_expiry", esimId: bought.esim.id },
      });
    }
  });

  it("writes the push in Arabic for an Arabic-speaking owner", async () => {
    const bought = await buyEsim(testApp, plan.id);
    await db.update(users).set({ language: "ar" }).where(eq(users.id, bought.user.id));
    await createDevice(testApp, bought.user);

    await reportUpstream(bought.esim, used(0.8));
    await runDueJobs(deps);

    expect(await pushesFor(bought.esim.id)).toEqual([
      expect.objectContaining({
        title: `تم استخدام 80٪ من بيانات شريحة eSIM الخاصة بـ${destination!.nameAr}`,
        body: "يتبقى لك 1 جيغابايت. أعد شحنها الآن لتبقى متصلًا.",
      }),
    ]);
  });

  it("forgets a token the push service calls invalid, and still reaches the other phone and the mailbox", async () => {
    const bought = await buyEsim(testApp, plan.id);
    const mails = watchMails(bought.user.email);
    const uninstalled = await createDevice(testApp, bought.user, { deviceType: "android" });
    const iphone = await createDevice(testApp, bought.user, { deviceType: "ios" });
    const send = deps.push.send;
    const spy = vi
      .spyOn(deps.push, "send")
      .mockImplementation(async (message) =>
        message.token === uninstalled.pushToken
          ? { result: "token-invalid", reason: "FCM answered 404 UNREGISTERED" }
          : send(message),
      );
    try {
      await reportUpstream(bought.esim, used(0.9));
      await runDueJobs(deps);
    } finally {
      spy.mockRestore();
    }

    expect(await tokenOf(uninstalled.id)).toBeNull();
    expect(await tokenOf(iphone.id)).toBe(iphone.pushToken);
    expect((await pushesFor(bought.esim.id)).map((push) => push.token)).toEqual([iphone.pushToken]);
    expect(mails()).toHaveLength(1);
  });

  it("emails an owner without phones as before", async () => {
    const bought = await buyEsim(testApp, plan.id);
    const mails = watchMails(bought.user.email);

    await reportUpstream(bought.esim, used(0.9));
    await runDueJobs(deps);

    expect(mails()).toHaveLength(1);
    expect(await pushesFor(bought.esim.id)).toEqual([]);
  });

  it("never fails nor repeats the email when the pushes fail", async () => {
    const bought = await buyEsim(testApp, plan.id);
    const mails = watchMails(bought.user.email);
    const phone = await createDevice(testApp, bought.user);
    const spy = vi.spyOn(deps.push, "send").mockRejectedValue(new Error("push service exploded"));
    try {
      await reportUpstream(bought.esim, used(0.9));
      await runDueJobs(deps);
      await makeJobsDue(testApp);
      await runDueJobs(deps);
    } finally {
      spy.mockRestore();
    }

    const [bundle] = await bundlesOf(bought.esim.id);
    expect(mails()).toHaveLength(1);
    expect(bundle!.usageAlertSentAt).not.toBeNull();
    expect(await alertEmails("usage", bundle!.id)).toEqual([{ status: "sent", attempts: 1, lastError: null }]);
    expect(await tokenOf(phone.id)).toBe(phone.pushToken);
  });
});
