import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { DEFAULT_PROVISIONING_TIMING } from "../../flows/provision-order.ts";
import { runDueJobs } from "../../jobs/worker.ts";
import { reapDeadWorkers } from "../../jobs/worker-heartbeat.ts";
import { createPackage } from "../../test/factories.ts";
import { createBuyingApp, createPaidOrder, orderJobs, readOrder } from "./buying.test-kit.ts";
import { flagOverdueDeliveries } from "./delivery-watch.ts";

const testApp = await createBuyingApp();
const { db, deps, clock } = testApp;
const plan = await createPackage(testApp);
const MINUTE_MS = 60_000;
const noWait = { timing: { ...DEFAULT_PROVISIONING_TIMING, allocationWaitMs: 0, pollEveryMs: 0 } };

function recordingLog() {
  return { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
}

describe("paid orders not delivered in time", () => {
  it("are flagged, logged as errors and emailed to the operator once, then unflagged when delivered", async () => {
    const paid = await createPaidOrder(testApp, plan.id);
    const log = recordingLog();

    clock.advance(9 * MINUTE_MS);
    expect(await flagOverdueDeliveries(deps, { log })).toBe(0);

    clock.advance(2 * MINUTE_MS);
    expect(await flagOverdueDeliveries(deps, { log })).toBe(1);
    expect(await flagOverdueDeliveries(deps, { log })).toBe(0);
    clock.advance(30 * MINUTE_MS);
    expect(await flagOverdueDeliveries(deps, { log })).toBe(0);

    expect(await readOrder(testApp, paid.orderId)).toMatchObject({
      status: "confirmed",
      attentionKind: "delivery_overdue",
      deliveryOverdueAt: expect.any(Date),
    });
    expect((await readOrder(testApp, paid.orderId)).attentionReason).toMatch(/^paid 11 minutes ago and not delivered/);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error.mock.calls[0]![1]).toContain(`paid order ${paid.number} not delivered within 10 minutes`);

    const mailsBefore = testApp.sentMails.length;
    await runDueJobs(deps, noWait);
    const operatorMails = testApp.sentMails.slice(mailsBefore).filter((mail) => mail.to === deps.config.OPERATOR_EMAIL);
    expect(operatorMails.map((mail) => mail.subject)).toEqual([expect.stringContaining(paid.number)]);
    expect(await readOrder(testApp, paid.orderId)).toMatchObject({ status: "delivered", attentionKind: null });
  });

  it("keeps a more precise 'provisioning failed' flag and leaves delivered orders alone", async () => {
    const delivered = await createPaidOrder(testApp, plan.id);
    await runDueJobs(deps, noWait);
    const failing = await createPaidOrder(testApp, plan.id);
    await db.execute(sql`update graphile_worker._private_jobs set max_attempts = 1 where key = ${failing.orderId}`);
    testApp.simulator.setFaults({ errorProbability: 1 });
    await runDueJobs(deps, noWait);
    testApp.simulator.setFaults("");
    expect((await readOrder(testApp, failing.orderId)).attentionKind).toBe("provisioning_failed");
    clock.advance(11 * MINUTE_MS);

    expect(await flagOverdueDeliveries(deps, { log: recordingLog() })).toBe(1);

    expect(await readOrder(testApp, failing.orderId)).toMatchObject({
      attentionKind: "provisioning_failed",
      deliveryOverdueAt: expect.any(Date),
    });
    expect((await readOrder(testApp, delivered.orderId)).deliveryOverdueAt).toBeNull();
  });
});

describe("jobs held by a dead worker", () => {
  it("are unlocked once no heartbeat names their worker, and never while it beats", async () => {
    const paid = await createPaidOrder(testApp, plan.id);
    await db.execute(sql`update graphile_worker._private_jobs
      set locked_by = 'worker-dead', locked_at = now() - interval '1 minute' where key = ${paid.orderId}`);
    await db.execute(sql`insert into worker_heartbeats (process_id, worker_ids, hostname, pid, beat_at, started_at)
      values ('alive', array['worker-dead'], 'host', 1, now(), now())`);

    expect(await reapDeadWorkers(db, { deadAfterSeconds: 30 })).toEqual({ deadWorkerIds: [] });
    expect((await orderJobs(testApp, paid.orderId))[0]!.lockedBy).toBe("worker-dead");

    await db.execute(
      sql`update worker_heartbeats set beat_at = now() - interval '31 seconds' where process_id = 'alive'`,
    );
    expect(await reapDeadWorkers(db, { deadAfterSeconds: 30 })).toEqual({ deadWorkerIds: ["worker-dead"] });
    expect((await orderJobs(testApp, paid.orderId))[0]).toMatchObject({ lockedBy: null, lockedAt: null });

    await runDueJobs(deps, noWait);
    expect((await readOrder(testApp, paid.orderId)).status).toBe("delivered");
  });
});
