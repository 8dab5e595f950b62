import { getEsim } from "@esim/shared/esims/contracts";
import { describe, expect, it } from "vitest";
import { createSimulatorNotifier, simulatorWebhookUrl } from "../../providers/esim/simulator/simulator-notifier.ts";
import { createInjectFetch } from "../../providers/payment/sandbox/sandbox-test-kit.ts";
import { createPackage } from "../../test/factories.ts";
import { createBuyingApp } from "../orders/buying.test-kit.ts";
import { buyEsim, request, runQueuedEsimRefreshes } from "./esims.test-kit.ts";

// The e2e server's timings: New for 45 s after delivery, then Onboard, In Use 5 s later, data going down fast.
const testApp = await createBuyingApp({
  config: {
    SIMULATOR_INSTALL_AFTER_SECONDS: 45,
    SIMULATOR_FIRST_USE_AFTER_SECONDS: 5,
    SIMULATOR_USAGE_SPEED: 3000,
  },
});
const { deps, clock } = testApp;
const SECOND_MS = 1000;

describe("the simulator's webhooks", () => {
  it("move a bought eSIM New → Onboard → In Use with growing usage, with no sweep", async () => {
    const plan = await createPackage(testApp, { simulatorIndex: 0 });
    const bought = await buyEsim(testApp, plan.id);
    const warnings: object[] = [];
    const notifier = createSimulatorNotifier({
      provider: testApp.simulator,
      webhookUrl: simulatorWebhookUrl(deps.config),
      fetch: createInjectFetch(() => testApp.app),
      log: { warn: (details) => warnings.push(details) },
      now: clock.now,
    });
    const readEsim = async () => {
      const response = await request(testApp, "GET", `/esims/${bought.esim.id}`, { headers: bought.headers });
      expect(response.statusCode).toBe(200);
      return getEsim.response.parse(response.json()).data;
    };
    const after = async (seconds: number) => {
      clock.advance(seconds * SECOND_MS);
      await notifier.runOnce();
      // A webhook only queues the eSIM's refresh (decision 086): run it as the worker would.
      await runQueuedEsimRefreshes(testApp);
      return readEsim();
    };

    expect(await after(0)).toMatchObject({ status: "New", isInstalled: false, dataUsedBytes: 0 });
    expect(await after(40)).toMatchObject({ status: "New", isInstalled: false });
    expect(await after(10)).toMatchObject({ status: "Onboard", isInstalled: true, dataUsedBytes: 0 });

    const inUse = await after(10);
    expect(inUse.status).toBe("In Use");
    expect(inUse.dataUsedBytes).toBeGreaterThan(0);
    expect(inUse.expiresAt).not.toBeNull();

    // DATA_USAGE comes at each tenth used: within a few minutes at this speed.
    let latest = inUse;
    for (let round = 0; round < 60 && latest.dataUsedBytes === inUse.dataUsedBytes; round++) latest = await after(10);
    expect(latest.dataUsedBytes).toBeGreaterThan(inUse.dataUsedBytes);
    expect(["In Use", "Depleted"]).toContain(latest.status);
    expect(warnings).toEqual([]);
  });
});
