import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { esimBundles, esims, simulatorOrders } from "../db/schema.ts";
import {
  createBuyingApp,
  createPaidOrder,
  makeJobsDue,
  orderBody,
  placeTestOrder,
  readOrder,
} from "../modules/orders/buying.test-kit.ts";
import { SIMULATOR_SMDP_ADDRESS } from "../providers/esim/simulator/simulator-esim-provider.ts";
import { createPackage, createSignedInUser } from "../test/factories.ts";
import { sendInstallEmail } from "./install-email.ts";
import { findOrderJobs } from "./job-queue.ts";
import { DEFAULT_PROVISIONING_TIMING, provisionOrder } from "./provision-order.ts";
import { runDueJobs } from "./worker.ts";

const testApp = await createBuyingApp();
const { db, deps, clock } = testApp;
const plan = await createPackage(testApp);
const quiet = { info() {}, warn() {} };
const noWait = { timing: { ...DEFAULT_PROVISIONING_TIMING, allocationWaitMs: 0, pollEveryMs: 0 } };

async function esimsOf(orderId: string) {
  return db.select().from(esims).where(eq(esims.orderId, orderId));
}

async function upstreamOrdersOf(orderId: string) {
  return db.select().from(simulatorOrders).where(eq(simulatorOrders.transactionId, orderId));
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
    expect(await findOrderJobs(db, paid.orderId)).toEqual([]);

    const mails = testApp.sentMails.slice(mailsBefore);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.to).toBe(paid.user.email);
    expect(mail!.subject).toContain(paid.number);
    expect(mail!.html).toContain('dir="rtl"');
    expect(mail!.attachments).toHaveLength(2);
    for (const [index, esim] of delivered.entries()) {
      const attachment = mail!.attachments![index]!;
      expect(attachment.contentType).toBe("image/png");
      expect(attachment.content.subarray(1, 4).toString()).toBe("PNG");
      expect(mail!.html).toContain(`cid:${attachment.cid}`);
      expect(mail!.html).toContain(`<bdi dir="ltr">${esim.smdpAddress}</bdi>`);
      expect(mail!.html).toContain(`<bdi dir="ltr">${esim.matchingId}</bdi>`);
      expect(mail!.html).toContain(
        `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${encodeURIComponent(esim.activationCode)}`,
      );
    }
    expect((await readOrder(testApp, paid.orderId)).installEmailSentAt).not.toBeNull();
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
    const [recheck] = await findOrderJobs(db, paid.orderId);
    expect(recheck).toMatchObject({ attempts: 0, locked_at: null });
    expect(new Date(recheck!.run_at).getTime()).toBeGreaterThan(Date.now());

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
    expect(await findOrderJobs(db, paid.orderId)).toEqual([expect.objectContaining({ attempts: 1 })]);
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
    expect(order.attentionReason).toMatch(/^provisioning_failed: Simulated upstream error/);
    expect(await esimsOf(paid.orderId)).toEqual([]);
    const [job] = await findOrderJobs(db, paid.orderId);
    expect(job).toMatchObject({ attempts: 10, max_attempts: 10 });
  });
});

describe("send-install-email", () => {
  it("sends once however often it runs, and tries again after a failed send", async () => {
    const paid = await createPaidOrder(testApp, plan.id, { language: "en" });
    await provisionOrder(deps, { orderId: paid.orderId, isLastAttempt: false, log: quiet });
    const failingDeps = {
      ...deps,
      mailer: {
        kind: "smtp" as const,
        send: async () => {
          throw new Error("SMTP down");
        },
        close: async () => {},
      },
    };

    await expect(sendInstallEmail(failingDeps, { orderId: paid.orderId, log: quiet })).rejects.toThrow("SMTP down");
    const results = await Promise.all(
      [1, 2, 3].map(() => sendInstallEmail(deps, { orderId: paid.orderId, log: quiet })),
    );

    expect(results.sort()).toEqual(["already_sent", "already_sent", "sent"]);
    const mails = testApp.sentMails.filter((mail) => mail.subject.includes(paid.number));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Your eSIM is ready – order ${paid.number}`);
    expect(mails[0]!.html).toContain('dir="ltr"');
  });
});
