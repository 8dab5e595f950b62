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

describe("PUT /dev/simulator/profiles/:iccid/state", () => {
  const putState = (iccid: string, payload: Record<string, string>) =>
    testApp.app.inject({ method: "PUT", url: `/dev/simulator/profiles/${iccid}/state`, payload });

  it("refuses what is not a documented pair", async () => {
    expect((await putState("8988", { esimStatus: "GOT_RESOURCE" })).statusCode).toBe(400);
    expect((await putState("8988", { esimStatus: "ASLEEP", smdpStatus: "DISABLED" })).statusCode).toBe(400);
  });

  it("shows a delivered eSIM installed and left off, its days not started, until set back to its timeline", async () => {
    const paid = await createPaidOrder(testApp, plan.id);
    await runDueJobs(testApp.deps);
    expect(await readOrder(testApp, paid.orderId)).toMatchObject({ status: "delivered" });
    const answer = await testApp.deps.esim.queryOrder((await readOrder(testApp, paid.orderId)).upstreamOrderNo!);
    const [profile] = answer.state === "ready" ? answer.profiles : [];
    expect((await putState(profile!.iccid!, { esimStatus: "GOT_RESOURCE", smdpStatus: "DISABLED" })).statusCode).toBe(
      200,
    );
    expect(await testApp.deps.esim.queryProfile(profile!.reference)).toMatchObject({
      status: "Ready",
      usedBytes: 0,
      expiresAt: null,
      activateBefore: expect.any(Date),
    });
    expect((await putState(profile!.iccid!, {})).statusCode).toBe(200);
    expect((await testApp.deps.esim.queryProfile(profile!.reference))?.status).toBe("New");
  });
});

describe("PUT /dev/simulator/packages/:code/price", () => {
  const putPrice = (costUsdE4: number | null) =>
    testApp.app.inject({
      method: "PUT",
      url: `/dev/simulator/packages/${plan.upstreamCode}/price`,
      payload: { costUsdE4 },
    });

  it("answers the package as the upstream lists it, at its moved price", async () => {
    const read = async () =>
      (await testApp.app.inject({ method: "GET", url: `/dev/simulator/packages/${plan.upstreamCode}` })).json().data;
    expect(await read()).toMatchObject({ code: plan.upstreamCode, costUsdE4: plan.costUsdE4 });
    expect((await putPrice(plan.costUsdE4 + 7)).statusCode).toBe(200);
    expect(await read()).toMatchObject({ costUsdE4: plan.costUsdE4 + 7 });
    expect((await putPrice(null)).statusCode).toBe(200);
    expect((await testApp.app.inject({ method: "GET", url: "/dev/simulator/packages/NOPE" })).statusCode).toBe(404);
  });

  it("refuses what is not a price", async () => {
    expect((await putPrice(-1)).statusCode).toBe(400);
    expect((await putPrice(1.5)).statusCode).toBe(400);
  });

  it("moves the upstream's price after payment: bought at it by itself, or owed back when it would sell at a loss", async () => {
    // A little dearer: the upstream refuses our stale price (200005), the price is read again and bought at.
    expect((await putPrice(plan.costUsdE4 + 1_000)).statusCode).toBe(200);
    const dearer = await createPaidOrder(testApp, plan.id);
    await runDueJobs(testApp.deps);
    expect(await readOrder(testApp, dearer.orderId)).toMatchObject({
      status: "delivered",
      attentionKind: null,
      upstreamCostUsdE4: plan.costUsdE4 + 1_000,
    });

    // Dearer than the sale itself: nothing bought, the refund owed, no operator needed.
    expect((await putPrice(200 * 10_000)).statusCode).toBe(200);
    const atALoss = await createPaidOrder(testApp, plan.id);
    await runDueJobs(testApp.deps);
    expect(await readOrder(testApp, atALoss.orderId)).toMatchObject({ status: "refund_due", attentionKind: null });
    expect((await putPrice(null)).statusCode).toBe(200);
  });
});
