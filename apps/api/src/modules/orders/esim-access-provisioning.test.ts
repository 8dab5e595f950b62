import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { DEFAULT_PROVISIONING_TIMING, provisionOrder } from "../../flows/provision-order.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { startEsimAccessDouble } from "../../providers/esim/esim-access/esim-access-double.ts";
import { createEsimAccessProvider } from "../../providers/esim/esim-access/esim-access-provider.ts";
import { createPackage } from "../../test/factories.ts";
import { esimBundles, esims } from "../esims/esims.schema.ts";
import {
  createBuyingApp,
  createPaidOrder,
  orderBody,
  placeTestOrder,
  pressButton,
  readOrder,
} from "./buying.test-kit.ts";

// Provisioning against the eSIM Access double, which speaks the documented protocol (no deduplication of a
// top-up's transactionId, profiles without activation code or ICCID on demand).
const double = await startEsimAccessDouble();
afterAll(() => double.close());
// The whole app on the double: a top-up is offered from the upstream's own compatible list (decision 085).
const testApp = await createBuyingApp({
  esim: () => createEsimAccessProvider({ baseUrl: double.url, accessCode: double.accessCode, timeoutMs: 300 }),
});
const { db } = testApp;
const accessDeps: AppDeps = testApp.deps;
const quiet = { info() {}, warn() {}, error() {} };
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

function provision(orderId: string) {
  return provisionOrder(accessDeps, { orderId, isLastAttempt: false, log: quiet, timing });
}

async function boughtEsim() {
  const paid = await createPaidOrder(testApp, plan.id);
  expect(await provision(paid.orderId)).toBe("delivered");
  const [esim] = await db.select().from(esims).where(eq(esims.orderId, paid.orderId));
  return { ...paid, esim: esim! };
}

async function paidTopUp(bought: Awaited<ReturnType<typeof boughtEsim>>) {
  const placed = await placeTestOrder(
    testApp,
    bought.headers,
    orderBody(bought.user, topUp.id, { topUpOf: bought.esim.id }),
  );
  await pressButton(testApp, placed.checkoutUrl, "pay");
  return placed;
}

function topUpCalls(orderId: string) {
  return double.requests.filter(
    (request) =>
      request.path === "esim/topup" && (request.body as { transactionId?: string }).transactionId === orderId,
  ).length;
}

describe("a top-up at eSIM Access, exactly once", () => {
  it("is delivered once when the call times out after the upstream applied it", async () => {
    const bought = await boughtEsim();
    const placed = await paidTopUp(bought);
    double.failNext({ kind: "apply-then-hang" }, { path: "esim/topup" });

    expect(await provision(placed.orderId)).toBe("delivered");

    expect(double.profiles.get(bought.esim.upstreamReference)?.topUps).toHaveLength(1);
    expect(topUpCalls(placed.orderId)).toBe(1);
    expect(await readOrder(testApp, placed.orderId)).toMatchObject({ status: "delivered" });
  });

  it("applies it once when the process dies between the upstream call and our commit", async () => {
    const bought = await boughtEsim();
    const placed = await paidTopUp(bought);
    // The crash: the top-up went through upstream, then nothing of it was stored.
    const crash = vi.spyOn(accessDeps.esim, "queryProfile").mockRejectedValueOnce(new Error("process killed"));
    await expect(provision(placed.orderId)).rejects.toThrow("process killed");
    crash.mockRestore();
    expect(await db.select().from(esimBundles).where(eq(esimBundles.orderId, placed.orderId))).toHaveLength(0);

    expect(await provision(placed.orderId)).toBe("delivered");

    expect(double.profiles.get(bought.esim.upstreamReference)?.topUps).toHaveLength(1);
    expect(topUpCalls(placed.orderId)).toBe(1);
    expect(await db.select().from(esimBundles).where(eq(esimBundles.orderId, placed.orderId))).toHaveLength(1);
  });

  it("tells a second top-up of the same package from the first by what we had applied before", async () => {
    const bought = await boughtEsim();
    const first = await paidTopUp(bought);
    expect(await provision(first.orderId)).toBe("delivered");
    const second = await paidTopUp(bought);
    double.failNext({ kind: "hang" }, { path: "esim/topup" });

    expect(await provision(second.orderId)).toBe("delivered");

    expect(double.profiles.get(bought.esim.upstreamReference)?.topUps).toHaveLength(2);
    expect(topUpCalls(second.orderId)).toBe(2);
  });
});

describe("a new eSIM at eSIM Access", () => {
  it("waits, unflagged, while its profile has no activation code, and is flagged past the bound as before", async () => {
    const paid = await createPaidOrder(testApp, plan.id);
    double.holdAllocation(true);
    await provision(paid.orderId);
    double.holdAllocation(false);
    const order = await readOrder(testApp, paid.orderId);
    const stored = [...double.profiles.values()].find((profile) => profile.orderNo === order.upstreamOrderNo)!;
    stored.ac = "";

    expect(await provision(paid.orderId)).toBe("allocating");
    expect(await readOrder(testApp, paid.orderId)).toMatchObject({ status: "confirmed", attentionReason: null });

    testApp.clock.advance(DEFAULT_PROVISIONING_TIMING.maxAllocationMs + 60_000);
    await expect(provision(paid.orderId)).rejects.toMatchObject({ isRetryable: true, upstreamCode: "ALLOCATING" });
    await expect(
      provisionOrder(accessDeps, { orderId: paid.orderId, isLastAttempt: true, log: quiet, timing }),
    ).rejects.toMatchObject({ upstreamCode: "ALLOCATING" });
    expect(await readOrder(testApp, paid.orderId)).toMatchObject({
      status: "confirmed",
      attentionKind: "provisioning_failed",
    });
  });
});
