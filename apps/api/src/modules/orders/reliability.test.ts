import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_PROVISIONING_TIMING } from "../../flows/provision-order.ts";
import { poolOf, runDueJobs } from "../../jobs/worker.ts";
import { simulatorOrders } from "../../providers/providers.schema.ts";
import { createPackage, createSignedInUser } from "../../test/factories.ts";
import { esims } from "../esims/esims.schema.ts";
import { mailOutbox } from "../mail-outbox/mail-outbox.schema.ts";
import { payments, webhookEvents } from "../payments/payments.schema.ts";
import {
  createBuyingApp,
  createPaidOrder,
  makeJobsDue,
  orderBody,
  orderJobs,
  placeTestOrder,
  postPaymentWebhook,
  readOrder,
  readPaymentRow,
  signedCheckoutWebhook,
} from "./buying.test-kit.ts";
import { orders } from "./orders.schema.ts";

// The reliability proof of the money path (decisions 013 and 027): what the money path does when the gateway repeats itself, lies about an amount, the
// upstream is down, or the worker dies mid-provisioning. Real PostgreSQL, the real graphile-worker, the eSIM simulator
// and the sandbox gateway.

const testApp = await createBuyingApp();
const { db, deps, clock } = testApp;
const plan = await createPackage(testApp);
const SERVER = path.resolve(import.meta.dirname, "../../server.ts");
const noWait = { timing: { ...DEFAULT_PROVISIONING_TIMING, allocationWaitMs: 0, pollEveryMs: 0 } };

async function buyerWithPendingOrder(quantity = 1) {
  const buyer = await createSignedInUser(testApp);
  return placeTestOrder(testApp, buyer.headers, orderBody(buyer.user, plan.id, { quantity }));
}

const esimCount = async (orderId: string) => (await db.select().from(esims).where(eq(esims.orderId, orderId))).length;
const upstreamOrderCount = async (orderId: string) =>
  (await db.select().from(simulatorOrders).where(eq(simulatorOrders.transactionId, orderId))).length;

describe("reliability of the money path", () => {
  it("a forged signature answers 401 and changes nothing", async () => {
    const placed = await buyerWithPendingOrder();
    const forged = await signedCheckoutWebhook(testApp, {
      paymentId: placed.paymentId,
      secret: "an-attacker-guess-0000",
    });
    const eventsBefore = (await db.select().from(webhookEvents)).length;

    const response = await postPaymentWebhook(testApp, forged);
    await runDueJobs(deps, noWait);

    expect(response.statusCode).toBe(401);
    expect((await readOrder(testApp, placed.orderId)).status).toBe("pending");
    expect((await readPaymentRow(testApp, placed.paymentId)).status).toBe("pending");
    expect((await db.select().from(webhookEvents)).length).toBe(eventsBefore);
    expect(await esimCount(placed.orderId)).toBe(0);
  });

  it("the same paid webhook 20 times at once: one payment and one order transition, one job, one eSIM per unit", async () => {
    const placed = await buyerWithPendingOrder(3);
    const webhook = await signedCheckoutWebhook(testApp, { paymentId: placed.paymentId });

    const answers = await Promise.all(Array.from({ length: 20 }, () => postPaymentWebhook(testApp, webhook)));

    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    const outcomes = answers.map((answer) => answer.json().data.outcome);
    expect(outcomes.filter((outcome) => outcome === "confirmed")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === "duplicate")).toHaveLength(19);
    expect(await orderJobs(testApp, placed.orderId)).toHaveLength(1);

    await runDueJobs(deps, noWait);

    expect((await readOrder(testApp, placed.orderId)).status).toBe("delivered");
    expect(await esimCount(placed.orderId)).toBe(3);
    expect(await upstreamOrderCount(placed.orderId)).toBe(1);
  });

  it("a paid webhook whose amount differs confirms nothing, provisions nothing and flags the operator", async () => {
    const placed = await buyerWithPendingOrder();
    const webhook = await signedCheckoutWebhook(testApp, { paymentId: placed.paymentId, amountDzd: 149 });

    const response = await postPaymentWebhook(testApp, webhook);
    await runDueJobs(deps, noWait);

    expect(response.statusCode).toBe(200);
    const order = await readOrder(testApp, placed.orderId);
    expect(order).toMatchObject({ status: "on_hold", attentionKind: "amount_mismatch" });
    expect(order.attentionReason).toBe("amount_mismatch: the gateway reports 149 DZD paid, the order charges 1490 DZD");
    expect((await readPaymentRow(testApp, placed.paymentId)).status).toBe("successful");
    expect(await esimCount(placed.orderId)).toBe(0);
    expect(await upstreamOrderCount(placed.orderId)).toBe(0);
  });

  it("the upstream down, then answering into the void, then back: every paid order delivered once", async () => {
    const paid = [];
    for (const quantity of [1, 2, 1, 3]) paid.push(await createPaidOrder(testApp, plan.id, { quantity }));
    const ids = paid.map((order) => order.orderId);

    testApp.simulator.setFaults({ errorProbability: 1 });
    await runDueJobs(deps, noWait);
    // Timeouts: the upstream does the work but the answer is lost, so the retry must not buy again.
    testApp.simulator.setFaults({ timeoutProbability: 1 });
    await makeJobsDue(testApp);
    await runDueJobs(deps, noWait);
    const during = await db.select().from(orders).where(inArray(orders.id, ids));
    expect(during.map((order) => order.status)).toEqual(["confirmed", "confirmed", "confirmed", "confirmed"]);

    testApp.simulator.setFaults("");
    await makeJobsDue(testApp);
    await runDueJobs(deps, noWait);

    for (const [index, order] of paid.entries()) {
      const stored = await readOrder(testApp, order.orderId);
      expect(stored).toMatchObject({ status: "delivered", attentionReason: null });
      expect(stored.provisioningAttempts).toBe(3);
      expect(await esimCount(order.orderId)).toBe([1, 2, 1, 3][index]);
      expect(await upstreamOrderCount(order.orderId)).toBe(1);
    }
    const paidPayments = await db.select().from(payments).where(inArray(payments.orderId, ids));
    expect(paidPayments.map((payment) => payment.status)).toEqual(Array(4).fill("successful"));
  });

  describe("a worker killed (SIGKILL) in the middle of provisioning", () => {
    const children: ChildProcess[] = [];
    afterAll(() => {
      for (const child of children) child.kill("SIGKILL");
    });

    /** A worker process alone (server.ts in the `worker` role) on this test's database, as a second machine would run it. */
    function startWorkerProcess() {
      const child = spawn(process.execPath, ["--import", "tsx", SERVER], {
        env: {
          ...process.env,
          NODE_ENV: "test",
          PROCESS_ROLE: "worker",
          LOG_LEVEL: "silent",
          // No webhook rounds to a PUBLIC_URL nobody serves here.
          SIMULATOR_NOTIFY_SECONDS: "0",
          DATABASE_URL: poolOf(db).options.connectionString!,
          // Profiles take a few seconds to appear, so the worker is killed while it waits for them.
          SIMULATOR_ALLOCATION_SECONDS: "4",
          WORKER_DEAD_AFTER_SECONDS: "3",
        },
        stdio: "ignore",
      });
      children.push(child);
      return child;
    }

    it("its paid orders are taken over by another worker at once: each delivered once, nobody acting", async () => {
      // The worker processes keep real time: so does this test's clock now.
      clock.set(new Date());
      const paid = [];
      for (const quantity of [1, 2, 1, 1, 3, 1]) paid.push(await createPaidOrder(testApp, plan.id, { quantity }));
      const ids = paid.map((order) => order.orderId);

      const first = startWorkerProcess();
      const isProvisioning = async () => {
        const rows = await db.select().from(orders).where(inArray(orders.id, ids));
        return rows.filter((row) => row.upstreamOrderNo !== null).length >= 2;
      };
      for (let waited = 0; !(await isProvisioning()); waited += 50) {
        if (waited > 30_000) throw new Error("the worker process never started provisioning");
        await sleep(50);
      }
      first.kill("SIGKILL");
      await new Promise((resolve) => first.once("exit", resolve));
      const held = (await Promise.all(ids.map((id) => orderJobs(testApp, id)))).flat();
      expect(held.some((job) => job.lockedAt !== null)).toBe(true);

      const killedAt = Date.now();
      startWorkerProcess();
      const delivered = async () => {
        const rows = await db.select().from(orders).where(inArray(orders.id, ids));
        return rows.every((row) => row.status === "delivered");
      };
      while (!(await delivered())) {
        if (Date.now() - killedAt > 60_000) throw new Error("the paid orders were not delivered within a minute");
        await sleep(100);
      }

      for (const [index, order] of paid.entries()) {
        expect(await esimCount(order.orderId)).toBe([1, 2, 1, 1, 3, 1][index]);
        expect(await upstreamOrderCount(order.orderId)).toBe(1);
        const installEmails = await db
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.key, `install:${order.orderId}`));
        expect(installEmails).toHaveLength(1);
      }
    }, 120_000);
  });
});
