import { formatDate } from "@esim/shared/format";
import { and, asc, eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { runDueJobs } from "../jobs/worker.ts";
import { workflowSteps } from "../lib/lib.schema.ts";
import { esimBundles, esims } from "../modules/esims/esims.schema.ts";
import { syncStaleEsims } from "../modules/esims/index.ts";
import {
  createBuyingApp,
  createPaidOrder,
  makeJobsDue,
  orderBody,
  orderJobs,
  outboxEmail,
  placeTestOrder,
  readOrder,
} from "../modules/orders/buying.test-kit.ts";
import { SIMULATOR_SMDP_ADDRESS } from "../providers/esim/simulator/simulator-esim-provider.ts";
import { simulatorOrders } from "../providers/providers.schema.ts";
import { createPackage, createSignedInUser } from "../test/factories.ts";
import { DEFAULT_PROVISIONING_TIMING, PROVISIONING_WORKFLOWS, provisionOrder } from "./provision-order.ts";

// A process killed while it stores the eSIMs: the store step throws once, as the run dying there.
const storeFault = vi.hoisted(() => ({ killOnce: false }));
vi.mock("../modules/esims/index.ts", async (importOriginal) => {
  const original = await importOriginal<typeof import("../modules/esims/index.ts")>();
  return {
    ...original,
    insertEsims: (...args: Parameters<typeof original.insertEsims>) => {
      if (storeFault.killOnce) {
        storeFault.killOnce = false;
        throw new Error("the process was killed while storing the eSIMs");
      }
      return original.insertEsims(...args);
    },
  };
});

const testApp = await createBuyingApp();
const { db, deps, clock } = testApp;
const plan = await createPackage(testApp);
const quiet = { info() {}, warn() {}, error() {} };
const noWait = { timing: { ...DEFAULT_PROVISIONING_TIMING, allocationWaitMs: 0, pollEveryMs: 0 } };

async function esimsOf(orderId: string) {
  return db.select().from(esims).where(eq(esims.orderId, orderId));
}

async function upstreamOrdersOf(orderId: string) {
  return db.select().from(simulatorOrders).where(eq(simulatorOrders.transactionId, orderId));
}

/** The provision-order workflow's steps finished for this order, in order. */
async function stepsDone(orderId: string) {
  const rows = await db
    .select({ step: workflowSteps.step })
    .from(workflowSteps)
    .where(and(eq(workflowSteps.workflow, "provision-order"), eq(workflowSteps.runId, orderId)))
    .orderBy(asc(workflowSteps.completedAt), asc(workflowSteps.step));
  return rows.map((row) => row.step);
}

describe("provision-order", () => {
  it("delivers a paid order: one eSIM per unit, its bundles, and the install email once in the buyer's language", async () => {
    const paid = await createPaidOrder(testApp, plan.id, { quantity: 2, language: "ar" });
    const mailsBefore = testApp.sentMails.length;

    await runDueJobs(deps);
    await runDueJobs(deps);

    const order = await readOrder(testApp, paid.orderId);
    expect(order).toMatchObject({ status: "delivered", deliveredAt: clock.now(), attentionReason: null });
    expect(order.upstreamOrderNo).toMatch(/^SIM/);
    const delivered = await esimsOf(paid.orderId);
    expect(delivered).toHaveLength(2);
    expect(delivered[0]).toMatchObject({
      userId: paid.user.id,
      provider: "simulator",
      smdpAddress: SIMULATOR_SMDP_ADDRESS,
      status: "New",
    });
    expect(await db.select().from(esimBundles).where(eq(esimBundles.orderId, paid.orderId))).toHaveLength(2);
    expect(await upstreamOrdersOf(paid.orderId)).toHaveLength(1);
    expect(await orderJobs(testApp, paid.orderId)).toEqual([]);

    const mails = testApp.sentMails.slice(mailsBefore);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.to).toBe(paid.user.email);
    expect(mail!.subject).toContain(paid.number);
    expect(mail!.html).toContain('dir="rtl"');
    // No install secret in the email: each eSIM's PIN-guarded install page instead, its link alone on its line.
    expect(mail!.attachments ?? []).toHaveLength(0);
    // The plan under our own name in the buyer's language, never the upstream's English one.
    expect(mail!.text).toContain("تركيا · 500 ميغابايت · يوم واحد");
    expect(mail!.html).not.toContain(plan.name);
    expect(mail!.html).not.toContain("esimsetup.apple.com");
    for (const esim of delivered) {
      for (const secret of [esim.activationCode, esim.matchingId]) {
        expect(mail!.html).not.toContain(secret);
        expect(mail!.text).not.toContain(secret);
      }
      const installUrl = `${testApp.deps.config.PUBLIC_URL}/details/${esim.id}`;
      expect(mail!.html).toContain(`href="${installUrl}"`);
      expect(mail!.text.split("\n")).toContain(installUrl);
    }
    expect(await outboxEmail(testApp, `install:${paid.orderId}`)).toMatchObject({
      status: "sent",
      attempts: 1,
      sentAt: expect.any(Date),
      orderId: paid.orderId,
    });
  });

  it("never provisions an order that is not paid", async () => {
    const buyer = await createSignedInUser(testApp);
    const placed = await placeTestOrder(testApp, buyer.headers, orderBody(buyer.user, plan.id));

    const result = await provisionOrder(deps, { orderId: placed.orderId, isLastAttempt: false, log: quiet });

    expect(result).toBe("not_confirmed");
    expect(await esimsOf(placed.orderId)).toEqual([]);
    expect(await upstreamOrdersOf(placed.orderId)).toEqual([]);
  });

  it("looks again later at a slow allocation without holding the worker, ordering upstream only once", async () => {
    const paid = await createPaidOrder(testApp, plan.id);
    testApp.simulator.setFaults({ slowSeconds: 60 });
    await runDueJobs(deps, noWait);
    testApp.simulator.setFaults("");

    const waiting = await readOrder(testApp, paid.orderId);
    expect(waiting).toMatchObject({ status: "confirmed", provisioningAttempts: 1, attentionReason: null });
    expect(waiting.upstreamOrderNo).toMatch(/^SIM/);
    // The run paused at collect-profiles: bought, recorded; the collecting left for the later look.
    expect(await stepsDone(paid.orderId)).toEqual(["buy-upstream-profiles"]);
    const [recheck] = await orderJobs(testApp, paid.orderId);
    expect(recheck).toMatchObject({ attempts: 0, lockedAt: null });
    expect(new Date(recheck!.runAt).getTime()).toBeGreaterThan(Date.now());

    clock.advance(61_000);
    await makeJobsDue(testApp);
    await runDueJobs(deps, noWait);

    expect((await readOrder(testApp, paid.orderId)).status).toBe("delivered");
    expect(await esimsOf(paid.orderId)).toHaveLength(1);
    expect(await upstreamOrdersOf(paid.orderId)).toHaveLength(1);
  });

  it("counts an allocation pending for too long as a failure, retried with backoff", async () => {
    const paid = await createPaidOrder(testApp, plan.id);
    testApp.simulator.setFaults({ slowSeconds: 3600 });
    await runDueJobs(deps, noWait);
    clock.advance(31 * 60_000);
    await makeJobsDue(testApp);
    await runDueJobs(deps, noWait);
    testApp.simulator.setFaults("");

    expect((await readOrder(testApp, paid.orderId)).lastProvisioningError).toMatch(/still allocating/);
    expect(await orderJobs(testApp, paid.orderId)).toEqual([expect.objectContaining({ attempts: 1 })]);
  });

  it("flags the order for the operator after its last try and keeps it confirmed", async () => {
    const paid = await createPaidOrder(testApp, plan.id);
    await db.execute(sql`
      update graphile_worker._private_jobs set attempts = max_attempts - 1 where key = ${paid.orderId}`);
    testApp.simulator.setFaults({ errorProbability: 1 });
    await runDueJobs(deps, noWait);
    testApp.simulator.setFaults("");

    const order = await readOrder(testApp, paid.orderId);
    expect(order.status).toBe("confirmed");
    expect(order.attentionKind).toBe("provisioning_failed");
    expect(order.attentionReason).toMatch(/^Simulated upstream error/);
    expect(await esimsOf(paid.orderId)).toEqual([]);
    const [job] = await orderJobs(testApp, paid.orderId);
    expect(job).toMatchObject({ attempts: 10, maxAttempts: 10 });
  });
});

describe("a provisioning run killed between two steps", () => {
  it("resumes at the store step on the job's retry, never ordering upstream again, and delivers once", async () => {
    const paid = await createPaidOrder(testApp, plan.id, { quantity: 2 });
    const ordered = vi.spyOn(deps.esim, "orderProfiles");
    const queried = vi.spyOn(deps.esim, "queryOrder");
    try {
      storeFault.killOnce = true;
      await runDueJobs(deps, noWait);

      const interrupted = await readOrder(testApp, paid.orderId);
      expect(interrupted).toMatchObject({ status: "confirmed", attentionReason: null });
      expect(interrupted.lastProvisioningError).toMatch(/killed while storing/);
      expect(await esimsOf(paid.orderId)).toEqual([]);
      expect(await stepsDone(paid.orderId)).toEqual(["buy-upstream-profiles", "collect-profiles"]);
      expect(await orderJobs(testApp, paid.orderId)).toEqual([expect.objectContaining({ attempts: 1 })]);
      // Earlier tests' orders may run in the same worker pass: only this order's upstream calls are counted.
      const queriesOfThisOrder = () => queried.mock.calls.filter(([no]) => no === interrupted.upstreamOrderNo).length;
      const queriesBefore = queriesOfThisOrder();
      expect(queriesBefore).toBe(1);

      await makeJobsDue(testApp);
      await runDueJobs(deps, noWait);

      expect((await readOrder(testApp, paid.orderId)).status).toBe("delivered");
      expect(await esimsOf(paid.orderId)).toHaveLength(2);
      expect(await db.select().from(esimBundles).where(eq(esimBundles.orderId, paid.orderId))).toHaveLength(2);
      expect(ordered.mock.calls.filter(([input]) => input.transactionId === paid.orderId)).toHaveLength(1);
      // The profiles the first run collected are handed on from its recorded step, not asked for again.
      expect(queriesOfThisOrder()).toBe(queriesBefore);
      expect(await upstreamOrdersOf(paid.orderId)).toHaveLength(1);
      expect(await stepsDone(paid.orderId)).toEqual([...PROVISIONING_WORKFLOWS.esims.steps]);
      // The activation codes the collect step handed on are kept with the eSIMs only, not in the run's record.
      const records = await db.select().from(workflowSteps).where(eq(workflowSteps.runId, paid.orderId));
      const [esim] = await esimsOf(paid.orderId);
      expect(JSON.stringify(records.map((record) => record.output))).not.toContain(esim!.matchingId);
      expect(PROVISIONING_WORKFLOWS.esims.steps).toEqual([
        "buy-upstream-profiles",
        "collect-profiles",
        "store-esims-and-deliver",
      ]);
      expect(await outboxEmail(testApp, `install:${paid.orderId}`)).toBeDefined();
    } finally {
      storeFault.killOnce = false;
      ordered.mockRestore();
      queried.mockRestore();
    }
  });
});

describe("the install email", () => {
  it("is marked sent only once the SMTP server accepted it: a send cut short is tried again, never lost", async () => {
    const paid = await createPaidOrder(testApp, plan.id, { language: "en" });
    await provisionOrder(deps, { orderId: paid.orderId, isLastAttempt: false, log: quiet });
    const key = `install:${paid.orderId}`;
    expect(await outboxEmail(testApp, key)).toMatchObject({ status: "queued", sentAt: null });

    // The SMTP server takes the message but the process dies before it hears back (the send never resolves).
    let stateDuringSend: Awaited<ReturnType<typeof outboxEmail>>;
    const cutShort = {
      ...deps,
      mailer: {
        kind: "smtp" as const,
        send: async () => {
          stateDuringSend = await outboxEmail(testApp, key);
          throw new Error("connection reset by the dying process");
        },
        close: async () => {},
      },
    };
    await runDueJobs(cutShort);
    expect(stateDuringSend!).toMatchObject({ status: "queued", sentAt: null });
    expect(await outboxEmail(testApp, key)).toMatchObject({ status: "queued", attempts: 1 });

    await makeJobsDue(testApp);
    await runDueJobs(deps);
    await runDueJobs(deps);

    const mails = testApp.sentMails.filter((mail) => mail.subject.includes(paid.number));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Your eSIM is ready – order ${paid.number}`);
    expect(mails[0]!.html).toContain('dir="ltr"');
    const sent = await outboxEmail(testApp, key);
    expect(sent).toMatchObject({ status: "sent", attempts: 2 });
    expect(mails[0]!.messageId).toBe(sent!.messageId);
  });

  it("says when to install as the plan's days start: on the day of departure, or before leaving and the deadline", async () => {
    const atInstall = await createPaidOrder(testApp, plan.id, { language: "fr" });
    const firstConnectionPlan = await createPackage(testApp, { simulatorIndex: 2 });
    expect([plan.validityStart, firstConnectionPlan.validityStart]).toEqual(["installation", "first_connection"]);
    const atConnection = await createPaidOrder(testApp, firstConnectionPlan.id, { language: "ar" });
    for (const paid of [atInstall, atConnection]) {
      await provisionOrder(deps, { orderId: paid.orderId, isLastAttempt: false, log: quiet });
    }
    await runDueJobs(deps);
    const mailOf = async (paid: typeof atInstall) => {
      const [esim] = await esimsOf(paid.orderId);
      const mail = testApp.sentMails.find((each) => each.subject.includes(paid.number))!;
      return { mail, deadline: formatDate(esim!.activateBefore!) };
    };

    const french = await mailOf(atInstall);
    expect(french.mail.text).toContain(
      `La validité démarre à l’installation de l’eSIM : installez-la le jour du départ, au plus tard le ${french.deadline}.`,
    );
    expect(french.mail.text).not.toContain("avant le départ");
    expect(french.mail.html).toContain("installez-la le jour du départ");

    const arabic = await mailOf(atConnection);
    expect(arabic.mail.text).toContain(
      `تبدأ الصلاحية عند أول اتصال للشريحة بشبكة في وجهتك: ثبّتها قبل سفرك، قبل ${arabic.deadline}.`,
    );
    expect(arabic.mail.text).toContain("تدوم 15 يومًا بعد بدئها.");
  });

  it("is queued once however often delivery is attempted", async () => {
    const paid = await createPaidOrder(testApp, plan.id);
    await Promise.all(
      [1, 2, 3].map(() => provisionOrder(deps, { orderId: paid.orderId, isLastAttempt: false, log: quiet })),
    );
    await runDueJobs(deps);

    expect(testApp.sentMails.filter((mail) => mail.subject.includes(paid.number))).toHaveLength(1);
  });
});

describe("a profile the upstream gives without its ICCID", () => {
  it("is delivered with its activation code and the install email queued; the ICCID is filled on a later sync", async () => {
    const paid = await createPaidOrder(testApp, plan.id);
    // eSIM Access documents `iccid` as optional: new profiles may come with their activation code only.
    const queryOrder = deps.esim.queryOrder;
    const withoutIccid = vi.spyOn(deps.esim, "queryOrder").mockImplementation(async (upstreamOrderNo) => {
      const answer = await queryOrder(upstreamOrderNo);
      if (answer.state !== "ready") return answer;
      return { ...answer, profiles: answer.profiles.map((profile) => ({ ...profile, iccid: null })) };
    });
    try {
      expect(await provisionOrder(deps, { orderId: paid.orderId, isLastAttempt: false, log: quiet, ...noWait })).toBe(
        "delivered",
      );
    } finally {
      withoutIccid.mockRestore();
    }
    const [delivered] = await esimsOf(paid.orderId);
    expect(delivered).toMatchObject({ iccid: null, status: "New", smdpAddress: SIMULATOR_SMDP_ADDRESS });
    expect(delivered!.activationCode).toMatch(/^LPA:1\$/);
    expect(await outboxEmail(testApp, `install:${paid.orderId}`)).toBeDefined();

    clock.advance(31 * 60_000);
    await syncStaleEsims(deps, { log: quiet });

    const [synced] = await esimsOf(paid.orderId);
    const upstream = await deps.esim.queryProfile(delivered!.upstreamReference);
    expect(synced!.iccid).toBe(upstream!.iccid);
    expect(synced!.iccid).toMatch(/^\d{19,20}$/);
  });
});
