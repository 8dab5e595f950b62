import { describe, expect, it } from "vitest";
import { runDueJobs } from "../../jobs/worker.ts";
import { createPackage } from "../../test/factories.ts";
import { createBuyingApp, createPaidOrder, readOrder } from "../orders/buying.test-kit.ts";

// The journeys' switch on the local eSIM upstream: provisioning fails while it is on, and works again once it is off.

const testApp = await createBuyingApp();
const plan = await createPackage(testApp);

const put = (faults: unknown) =>
  testApp.app.inject({ method: "PUT", url: "/dev/simulator/faults", payload: { faults } });

describe("PUT /dev/simulator/faults", () => {
  it("refuses what SIMULATOR_FAULTS would refuse", async () => {
    expect((await put("error=2")).statusCode).toBe(400);
    expect((await put(3)).statusCode).toBe(400);
  });

  it("makes the upstream fail until switched off", async () => {
    expect((await put("error=1")).statusCode).toBe(200);
    const paid = await createPaidOrder(testApp, plan.id);
    await runDueJobs(testApp.deps);
    expect(await readOrder(testApp, paid.orderId)).toMatchObject({
      status: "confirmed",
      lastProvisioningError: expect.stringMatching(/Simulated upstream error/),
    });
    expect((await put("")).statusCode).toBe(200);
  });
});
