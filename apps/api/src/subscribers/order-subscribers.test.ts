import type { OrderStatus } from "@esim/shared/statuses";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTaskList, runDueJobs } from "../jobs/worker.ts";
import { createBuyingApp, createPaidOrder, makeJobsDue, readOrder } from "../modules/orders/buying.test-kit.ts";
import { applyOrderEvent, ORDER_EVENTS, type OrderEvent } from "../modules/orders/order-lifecycle.ts";
import { ORDER_SUBSCRIBERS, queueOrderSubscribers, subscribersOf } from "../modules/orders/order-subscribers.ts";
import { orderEvents, orders } from "../modules/orders/orders.schema.ts";
import { createPackage } from "../test/factories.ts";

const testApp = await createBuyingApp();
const { db, deps, clock } = testApp;
const plan = await createPackage(testApp);
const template = await createPaidOrder(testApp, plan.id);
// The paid template's own subscriber jobs run now, so each test counts only what it causes.
await runDueJobs(deps);

/** An order in the given status (written directly: the test sets the stage the lifecycle then acts on). */
async function orderIn(status: OrderStatus) {
  const order = await readOrder(testApp, template.orderId);
  const { id: _id, number, clientReference: _reference, ...columns } = order;
  const [row] = await db
    .insert(orders)
    .values({
      ...columns,
      number: `${number}-${crypto.randomUUID().slice(0, 8)}`,
      clientReference: crypto.randomUUID(),
      status,
    })
    .returning();
  return row!;
}

/** The subscriber jobs queued for an order, as graphile-worker holds them. */
async function subscriberJobsOf(orderId: string) {
  const result = await db.execute<{ task: string; key: string | null; payload: Record<string, unknown> }>(sql`
    select t.identifier as task, j.key, j.payload
    from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
    where t.identifier like 'order-subscriber:%' and j.payload->>'orderId' = ${orderId}
    order by j.id`);
  return result.rows;
}

function apply(orderId: string, event: OrderEvent) {
  return db.transaction((tx) =>
    applyOrderEvent(tx, { orderId, event, cause: `test ${event}`, actor: "operator:test", now: clock.now() }),
  );
}

async function countedEvents(event: OrderEvent): Promise<number> {
  const metric = await deps.metrics.orderEvents.get();
  return metric.values.find((value) => value.labels.event === event)?.value ?? 0;
}

describe("order event subscribers", () => {
  it("name only the lifecycle's events, and each has a worker task", () => {
    const tasks = Object.keys(createTaskList(deps));
    for (const [name, events] of Object.entries<readonly string[] | "every event">(ORDER_SUBSCRIBERS)) {
      if (events !== "every event") for (const event of events) expect(ORDER_EVENTS).toContain(event);
      expect(tasks).toContain(`order-subscriber:${name}`);
    }
  });

  it("queues one job per subscriber with the transition, naming the order, the event and its history row", async () => {
    const order = await orderIn("confirmed");

    await apply(order.id, "delivered");

    const [recorded] = await db
      .select({ id: orderEvents.id })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.event, "delivered")));
    const jobs = await subscriberJobsOf(order.id);
    expect(subscribersOf("delivered").length).toBeGreaterThan(0);
    expect(jobs).toEqual(
      subscribersOf("delivered").map((name) => ({
        task: `order-subscriber:${name}`,
        key: `order-subscriber:${name}:${recorded!.id}`,
        payload: { orderId: order.id, event: "delivered", orderEventId: recorded!.id },
      })),
    );
  });

  it("queues nothing for a refused transition", async () => {
    const order = await orderIn("delivered");

    expect(await apply(order.id, "paid")).toBeUndefined();

    expect(await subscriberJobsOf(order.id)).toEqual([]);
  });

  it("leaves no job when the transaction that applied the event rolls back", async () => {
    const order = await orderIn("confirmed");

    await expect(
      db.transaction(async (tx) => {
        await applyOrderEvent(tx, {
          orderId: order.id,
          event: "delivered",
          cause: "t",
          actor: "worker",
          now: clock.now(),
        });
        throw new Error("the delivery's transaction fails after the event");
      }),
    ).rejects.toThrow("fails after the event");

    expect((await readOrder(testApp, order.id)).status).toBe("confirmed");
    expect(await subscriberJobsOf(order.id)).toEqual([]);
  });

  it("keeps one job per subscriber and history row when the same reaction is queued again", async () => {
    const order = await orderIn("confirmed");
    await apply(order.id, "delivered");
    const [first] = await subscriberJobsOf(order.id);

    await queueOrderSubscribers(db, first!.payload as { orderId: string; event: "delivered"; orderEventId: string });

    expect(await subscriberJobsOf(order.id)).toHaveLength(subscribersOf("delivered").length);
  });

  it("runs each subscriber once per applied event: the worker counts the event once", async () => {
    const before = await countedEvents("refund_recorded");
    const order = await orderIn("refund_due");

    await apply(order.id, "refund_recorded");
    await runDueJobs(deps);
    await makeJobsDue(testApp);
    await runDueJobs(deps);

    expect(await countedEvents("refund_recorded")).toBe(before + 1);
    expect(await subscriberJobsOf(order.id)).toEqual([]);
  });
});
