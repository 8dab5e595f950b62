import { API_BASE_PATH } from "@esim/shared/http";
import { describe, expect, it } from "vitest";
import { DEFAULT_PROVISIONING_TIMING } from "../../flows/provision-order.ts";
import { runDueJobs } from "../../jobs/worker.ts";
import { createSimulatorNotifier, simulatorWebhookUrl } from "../../providers/esim/simulator/simulator-notifier.ts";
import { createInjectFetch } from "../../providers/payment/sandbox/sandbox-test-kit.ts";
import { createPackage } from "../../test/factories.ts";
import { createBuyingApp, createPaidOrder, makeJobsDue, orderJobs, readOrder } from "./buying.test-kit.ts";

// Delivery driven by the upstream's ORDER_STATUS webhook, with polling as the slower fallback (decision 052). The
// simulator stands for eSIM Access here, with eSIM Access's timing: one query after ordering, then slow re-looks.
const testApp = await createBuyingApp();
const { deps, clock } = testApp;
const plan = await createPackage(testApp);
const upstreamTiming = { timing: DEFAULT_PROVISIONING_TIMING };
const SECOND_MS = 1000;

async function postEsimWebhook(body: object) {
  const response = await testApp.app.inject({
    method: "POST",
    url: `${API_BASE_PATH}/webhooks/esim/simulator/${deps.config.ESIM_WEBHOOK_TOKEN}`,
    payload: body,
  });
  expect(response.statusCode).toBe(200);
}

/** A paid order whose first run ordered upstream and found the profiles still allocating (ready in 60 s). */
async function paidOrderStillAllocating() {
  const paid = await createPaidOrder(testApp, plan.id);
  testApp.simulator.setFaults({ slowSeconds: 60 });
  await runDueJobs(deps, upstreamTiming);
  testApp.simulator.setFaults("");
  const order = await readOrder(testApp, paid.orderId);
  expect(order).toMatchObject({ status: "confirmed", provisioningAttempts: 1 });
  return { orderId: paid.orderId, upstreamOrderNo: order.upstreamOrderNo! };
}

/** Seconds from now until the order's next provisioning run. */
async function secondsToNextLook(orderId: string): Promise<number> {
  const [job] = await orderJobs(testApp, orderId);
  return (new Date(job!.runAt).getTime() - Date.now()) / SECOND_MS;
}

describe("delivery driven by the upstream's ORDER_STATUS webhook", () => {
  it("delivers as soon as the upstream's notifier says the profiles are ready, without waiting for the next look", async () => {
    const { orderId } = await paidOrderStillAllocating();
    expect(await secondsToNextLook(orderId)).toBeGreaterThan(3);

    clock.advance(61 * SECOND_MS);
    const notifier = createSimulatorNotifier({
      provider: testApp.simulator,
      webhookUrl: simulatorWebhookUrl(deps.config),
      fetch: createInjectFetch(() => testApp.app),
      log: { warn() {} },
      now: clock.now,
    });
    expect(await notifier.runOnce()).toMatchObject({ failed: 0 });
    await runDueJobs(deps, upstreamTiming);

    expect(await readOrder(testApp, orderId)).toMatchObject({ status: "delivered", provisioningAttempts: 2 });
  });

  it("ignores an ORDER_STATUS for an order number that is not one of our paid orders", async () => {
    const { orderId } = await paidOrderStillAllocating();
    const before = await secondsToNextLook(orderId);

    await postEsimWebhook({
      notifyType: "ORDER_STATUS",
      content: { orderNo: "B23120118131854", orderStatus: "GOT_RESOURCE" },
    });
    await runDueJobs(deps, upstreamTiming);

    expect(await readOrder(testApp, orderId)).toMatchObject({ status: "confirmed", provisioningAttempts: 1 });
    expect(await secondsToNextLook(orderId)).toBeGreaterThan(before - 2);
  });

  it("is a hint only: an order said ready before it is re-queries the upstream and keeps waiting", async () => {
    const { orderId, upstreamOrderNo } = await paidOrderStillAllocating();

    await postEsimWebhook({
      notifyType: "ORDER_STATUS",
      content: { orderNo: upstreamOrderNo, orderStatus: "GOT_RESOURCE" },
    });
    await runDueJobs(deps, upstreamTiming);

    expect(await readOrder(testApp, orderId)).toMatchObject({ status: "confirmed", provisioningAttempts: 2 });
    expect(await secondsToNextLook(orderId)).toBeGreaterThan(3);
    clock.advance(61 * SECOND_MS);
    await makeJobsDue(testApp);
    await runDueJobs(deps, upstreamTiming);
    expect((await readOrder(testApp, orderId)).status).toBe("delivered");
  });
});

describe("polling, the fallback when no webhook comes", () => {
  it("looks again at a slowing pace (5 s, then as long again as waited) and still delivers", async () => {
    const { orderId } = await paidOrderStillAllocating();
    expect(await secondsToNextLook(orderId)).toBeGreaterThan(3);
    expect(await secondsToNextLook(orderId)).toBeLessThanOrEqual(5);

    clock.advance(20 * SECOND_MS);
    await makeJobsDue(testApp);
    await runDueJobs(deps, upstreamTiming);
    expect(await readOrder(testApp, orderId)).toMatchObject({ status: "confirmed", provisioningAttempts: 2 });
    expect(await secondsToNextLook(orderId)).toBeGreaterThan(18);

    clock.advance(41 * SECOND_MS);
    await makeJobsDue(testApp);
    await runDueJobs(deps, upstreamTiming);
    expect(await readOrder(testApp, orderId)).toMatchObject({ status: "delivered", provisioningAttempts: 3 });
  });
});
