import { like } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { DEFAULT_PROVISIONING_TIMING, provisionOrder } from "../../flows/provision-order.ts";
import { runDueJobs } from "../../jobs/worker.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { findJobsByKeys } from "../../lib/job-queue.ts";
import { startEsimAccessDouble } from "../../providers/esim/esim-access/esim-access-double.ts";
import { createEsimAccessProvider } from "../../providers/esim/esim-access/esim-access-provider.ts";
import { createPackage } from "../../test/factories.ts";
import { mailOutbox } from "../mail-outbox/mail-outbox.schema.ts";
import {
  createBuyingApp,
  createPaidOrder,
  makeJobsDue,
  orderBody,
  placeTestOrder,
  pressButton,
  readOrder,
} from "./buying.test-kit.ts";
import { WATCH_UPSTREAM_BALANCE_TASK } from "./upstream-balance.ts";

// An empty account at eSIM Access (200007, as its double answers when the balance is short) against the real worker.
const double = await startEsimAccessDouble();
afterAll(() => double.close());
const testApp = await createBuyingApp();
const { db } = testApp;
const accessDeps: AppDeps = {
  ...testApp.deps,
  esim: createEsimAccessProvider({ baseUrl: double.url, accessCode: double.accessCode, timeoutMs: 300 }),
};
const timing = { ...DEFAULT_PROVISIONING_TIMING, allocationWaitMs: 0, pollEveryMs: 0 };
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

async function runJobs() {
  // A few passes: a watch that sends orders on queues their provisioning, run in the next pass.
  for (let pass = 0; pass < 4; pass += 1) {
    await makeJobsDue(testApp);
    await runDueJobs(accessDeps, { timing });
  }
}

function balanceReads() {
  return double.requests.filter((request) => request.path === "balance/query").length;
}

async function balanceAlerts() {
  return db.select().from(mailOutbox).where(like(mailOutbox.key, "operator-alert:awaiting_upstream_balance:%"));
}

describe("an empty upstream balance", () => {
  it("makes paid orders wait, alerts the operators once, and sends them on, oldest first, when money is back", async () => {
    double.setBalance(0);
    const first = await createPaidOrder(testApp, plan.id);
    testApp.clock.advance(1000);
    const second = await createPaidOrder(testApp, plan.id);
    testApp.clock.advance(1000);
    const third = await createPaidOrder(testApp, plan.id);
    await runJobs();

    for (const placed of [first, second, third]) {
      const order = await readOrder(testApp, placed.orderId);
      // The traveller still reads "we are preparing your eSIM"; the console reads why it waits.
      expect(order.status).toBe("confirmed");
      expect(order.attentionKind).toBe("awaiting_upstream_balance");
    }
    expect(await balanceAlerts()).toHaveLength(1);
    expect((await balanceAlerts())[0]!.key).toBe(`operator-alert:awaiting_upstream_balance:${first.orderId}`);
    expect(await findJobsByKeys(db, [WATCH_UPSTREAM_BALANCE_TASK])).toHaveLength(1);

    // Enough for two of the three: the two oldest go on, the youngest keeps waiting.
    double.setBalance(2 * 12_300 + 100);
    await runJobs();
    expect((await readOrder(testApp, first.orderId)).status).toBe("delivered");
    expect((await readOrder(testApp, second.orderId)).status).toBe("delivered");
    const youngest = await readOrder(testApp, third.orderId);
    expect(youngest.status).toBe("confirmed");
    expect(youngest.attentionKind).toBe("awaiting_upstream_balance");
    expect((await readOrder(testApp, first.orderId)).attentionKind).toBeNull();

    double.setBalance(1_000_000);
    await runJobs();
    expect((await readOrder(testApp, third.orderId)).status).toBe("delivered");
    expect(await balanceAlerts()).toHaveLength(1);

    // Nothing waits: the watch reads nothing more and stops.
    await runJobs();
    const reads = balanceReads();
    await runJobs();
    expect(balanceReads()).toBe(reads);
    expect(await findJobsByKeys(db, [WATCH_UPSTREAM_BALANCE_TASK])).toHaveLength(0);
  });

  it("makes a paid top-up wait the same way and applies it when money is back", async () => {
    double.setBalance(1_000_000);
    const bought = await createPaidOrder(testApp, plan.id);
    const quiet = { info() {}, warn() {}, error() {} };
    expect(
      await provisionOrder(accessDeps, { orderId: bought.orderId, isLastAttempt: false, log: quiet, timing }),
    ).toBe("delivered");
    const [esim] = await testApp.db.query.esims.findMany({
      where: (esims, { eq }) => eq(esims.orderId, bought.orderId),
    });

    double.setBalance(0);
    // The shop's own checkout asks the same upstream which top-ups fit this eSIM.
    const shopEsim = vi.spyOn(testApp.deps, "esim", "get").mockReturnValue(accessDeps.esim);
    const placed = await placeTestOrder(
      testApp,
      bought.headers,
      orderBody(bought.user, topUp.id, { topUpOf: esim!.id }),
    );
    shopEsim.mockRestore();
    await pressButton(testApp, placed.checkoutUrl, "pay");
    await runJobs();
    const waiting = await readOrder(testApp, placed.orderId);
    expect(waiting.status).toBe("confirmed");
    expect(waiting.attentionKind).toBe("awaiting_upstream_balance");
    expect(await balanceAlerts()).toHaveLength(2);

    double.setBalance(1_000_000);
    await runJobs();
    expect((await readOrder(testApp, placed.orderId)).status).toBe("delivered");
  });
});
