import { describe, expect, it } from "vitest";
import { DEFAULT_PROVISIONING_TIMING, provisionOrder } from "../../flows/provision-order.ts";
import { setPriceSettings } from "../../test/factories.ts";
import { buyEsim, createTopUpablePlan } from "../esims/esims.test-kit.ts";
import {
  createBuyingApp,
  createPaidOrder,
  orderBody,
  placeTestOrder,
  pressButton,
  readOrder,
} from "./buying.test-kit.ts";

// Decision 065: what an order cost at the upstream is kept with the rate of the day it was bought.

const testApp = await createBuyingApp();
const { deps } = testApp;
const { plan, topUp } = await createTopUpablePlan(testApp);
const quiet = { info() {}, warn() {}, error() {} };
const noWait = { ...DEFAULT_PROVISIONING_TIMING, allocationWaitMs: 0, pollEveryMs: 0 };

function provision(orderId: string) {
  return provisionOrder(deps, { orderId, isLastAttempt: false, log: quiet, timing: noWait });
}

/** One run whose upstream call is carried out but whose answer never comes back (a crash after buying, as seen). */
async function provisionWithAnswerLost(orderId: string) {
  testApp.simulator.setFaults({ timeoutProbability: 1 });
  try {
    await expect(provision(orderId)).rejects.toThrow(/timeout/);
  } finally {
    testApp.simulator.setFaults("");
  }
}

describe("the upstream cost of an order", () => {
  it("is recorded before buying, unit × quantity with the day's rate, and kept through a retry after a rate change", async () => {
    await setPriceSettings(testApp, { dzdPerUsd: "135.5" });
    const paid = await createPaidOrder(testApp, plan.id, { quantity: 3 });

    await provisionWithAnswerLost(paid.orderId);
    const bought = await readOrder(testApp, paid.orderId);
    expect(bought.upstreamOrderNo).toBeNull();
    expect(bought).toMatchObject({ upstreamCostUsdE4: plan.costUsdE4 * 3, upstreamDzdPerUsd: "135.5000" });

    await setPriceSettings(testApp, { dzdPerUsd: "250" });
    expect(await provision(paid.orderId)).toBe("delivered");
    expect(await readOrder(testApp, paid.orderId)).toMatchObject({
      status: "delivered",
      upstreamCostUsdE4: plan.costUsdE4 * 3,
      upstreamDzdPerUsd: "135.5000",
    });
    await setPriceSettings(testApp, { dzdPerUsd: "135" });
  });

  it("is recorded for a top-up applied upstream whose answer was lost, and a later rate change leaves it", async () => {
    const esim = await buyEsim(testApp, plan.id);
    const placed = await placeTestOrder(
      testApp,
      esim.headers,
      orderBody(esim.user, topUp.id, { topUpOf: esim.esim.id }),
    );
    await pressButton(testApp, placed.checkoutUrl, "pay");

    await provisionWithAnswerLost(placed.orderId);
    await setPriceSettings(testApp, { dzdPerUsd: "250" });
    expect(await provision(placed.orderId)).toBe("delivered");

    expect(await readOrder(testApp, placed.orderId)).toMatchObject({
      kind: "top_up",
      status: "delivered",
      upstreamCostUsdE4: topUp.costUsdE4,
      upstreamDzdPerUsd: "135.0000",
    });
    await setPriceSettings(testApp, { dzdPerUsd: "135" });
  });
});
