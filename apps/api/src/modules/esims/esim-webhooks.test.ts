import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { findJobsByKeys } from "../../lib/job-queue.ts";
import { createBuyingApp } from "../orders/buying.test-kit.ts";
import { buyEsim, createTopUpablePlan, readEsim, request, runQueuedEsimRefreshes } from "./esims.test-kit.ts";

// The upstream's webhooks cost no upstream call of their own: recorded once per notifyId, answered at once, and the
// refresh they ask for queued and coalesced per eSIM (decision 086).

const testApp = await createBuyingApp();
const { db, deps, clock } = testApp;
const { plan } = await createTopUpablePlan(testApp);
const url = `/webhooks/esim/simulator/${deps.config.ESIM_WEBHOOK_TOKEN}`;
const MINUTE_MS = 60_000;

function smdpEvent(esim: { upstreamReference: string; iccid: string | null }, notifyId = randomUUID()) {
  return {
    notifyType: "SMDP_EVENT",
    notifyId,
    content: { esimTranNo: esim.upstreamReference, iccid: esim.iccid ?? "", smdpStatus: "DOWNLOAD" },
  };
}

async function countEvents(notifyId: string) {
  const result = await db.execute<{ count: number }>(
    sql`select count(*)::int as count from esim_webhook_events where notify_id = ${notifyId}`,
  );
  return result.rows[0]!.count;
}

describe("the eSIM upstream's webhook", () => {
  it("answers without calling the upstream, and queues the refresh that then stores the upstream's word", async () => {
    const bought = await buyEsim(testApp, plan.id);
    clock.advance(11 * MINUTE_MS);
    const queryProfile = vi.spyOn(testApp.simulator, "queryProfile");
    try {
      const response = await request(testApp, "POST", url, { payload: smdpEvent(bought.esim) });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ received: true, isReplay: false, queued: 1 });
      expect(queryProfile).not.toHaveBeenCalled();
      const [job] = await findJobsByKeys(db, [`esim-refresh:${bought.esim.id}`]);
      expect(job?.task).toBe("esim-refresh");

      await runQueuedEsimRefreshes(testApp);
      expect(queryProfile).toHaveBeenCalledTimes(1);
      expect(queryProfile.mock.calls[0]).toEqual([bought.esim.upstreamReference, { priority: "background" }]);
      expect((await readEsim(testApp, bought.esim.id)).status).toBe("Onboard");
    } finally {
      queryProfile.mockRestore();
    }
  });

  it("records an event once per notifyId: a replay is answered 200 and queues nothing", async () => {
    const bought = await buyEsim(testApp, plan.id);
    const queryProfile = vi.spyOn(testApp.simulator, "queryProfile");
    try {
      const event = smdpEvent(bought.esim);
      const first = await request(testApp, "POST", url, { payload: event });
      expect(first.json().data).toMatchObject({ isReplay: false, queued: 1 });
      await runQueuedEsimRefreshes(testApp);

      // The same event again after its refresh ran: coalescing cannot explain a second refresh away, only the record.
      const replay = await request(testApp, "POST", url, { payload: event });
      expect(replay.statusCode).toBe(200);
      expect(replay.json().data).toMatchObject({ received: true, isReplay: true, queued: 0 });
      expect(await findJobsByKeys(db, [`esim-refresh:${bought.esim.id}`])).toEqual([]);
      await runQueuedEsimRefreshes(testApp);

      expect(await countEvents(event.notifyId)).toBe(1);
      expect(queryProfile).toHaveBeenCalledTimes(1);
    } finally {
      queryProfile.mockRestore();
    }
  });

  it("answers ten SMDP_EVENTs for one eSIM within a second with one upstream query", async () => {
    const bought = await buyEsim(testApp, plan.id);
    const other = await buyEsim(testApp, plan.id);
    const queryProfile = vi.spyOn(testApp.simulator, "queryProfile");
    try {
      const responses = await Promise.all(
        Array.from({ length: 10 }, () => request(testApp, "POST", url, { payload: smdpEvent(bought.esim) })),
      );
      await request(testApp, "POST", url, { payload: smdpEvent(other.esim) });
      expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
      expect(queryProfile).not.toHaveBeenCalled();
      // One refresh waits per eSIM, the first event's delay kept.
      const jobs = await findJobsByKeys(db, [`esim-refresh:${bought.esim.id}`, `esim-refresh:${other.esim.id}`]);
      expect(jobs.map((job) => job.key).sort()).toEqual(
        [`esim-refresh:${bought.esim.id}`, `esim-refresh:${other.esim.id}`].sort(),
      );

      await runQueuedEsimRefreshes(testApp);
      const references = queryProfile.mock.calls.map(([reference]) => reference);
      expect(references.filter((reference) => reference === bought.esim.upstreamReference)).toHaveLength(1);
      expect(references.filter((reference) => reference === other.esim.upstreamReference)).toHaveLength(1);
    } finally {
      queryProfile.mockRestore();
    }
  });

  it("keeps ORDER_STATUS's delivery hint: the order's job is queued at once, the upstream not called", async () => {
    const queryOrder = vi.spyOn(testApp.simulator, "queryOrder");
    const queryProfile = vi.spyOn(testApp.simulator, "queryProfile");
    try {
      const orderNo = `B${randomUUID().slice(0, 12)}`;
      const response = await request(testApp, "POST", url, {
        payload: {
          notifyType: "ORDER_STATUS",
          notifyId: randomUUID(),
          content: { orderNo, orderStatus: "GOT_RESOURCE" },
        },
      });
      expect(response.statusCode).toBe(200);
      expect(await findJobsByKeys(db, [`upstream-order-ready:${orderNo}`])).toHaveLength(1);
      expect(queryOrder).not.toHaveBeenCalled();
      expect(queryProfile).not.toHaveBeenCalled();
    } finally {
      queryOrder.mockRestore();
      queryProfile.mockRestore();
    }
  });
});
