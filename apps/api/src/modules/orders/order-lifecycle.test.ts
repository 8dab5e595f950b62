import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { ORDER_REJECTING_EVENTS } from "@esim/shared/checkout/contracts";
import { ORDER_STATUSES, type OrderStatus } from "@esim/shared/statuses";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createPackage } from "../../test/factories.ts";
import { createBuyingApp, createPaidOrder, readOrder } from "./buying.test-kit.ts";
import { applyOrderEvent, flagOrder, nextStatus, ORDER_EVENTS, ORDER_LIFECYCLE } from "./order-lifecycle.ts";
import { orderEvents, orders } from "./orders.schema.ts";

const testApp = await createBuyingApp();
const { db, clock } = testApp;
const plan = await createPackage(testApp);
const template = await createPaidOrder(testApp, plan.id);

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

async function historyOf(orderId: string) {
  return db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.seq));
}

describe("the order lifecycle", () => {
  const allowed = ORDER_EVENTS.flatMap((event) =>
    ORDER_LIFECYCLE[event].from.map((from) => ({ event, from, to: ORDER_LIFECYCLE[event].to as OrderStatus })),
  );
  const refused = ORDER_EVENTS.flatMap((event) =>
    ORDER_STATUSES.filter((status) => nextStatus(status, event) === null).map((from) => ({ event, from })),
  );

  it("knows every event and names only real statuses", () => {
    for (const event of ORDER_EVENTS) {
      expect(ORDER_STATUSES).toContain(ORDER_LIFECYCLE[event].to);
      for (const from of ORDER_LIFECYCLE[event].from) expect(ORDER_STATUSES).toContain(from);
    }
    expect(allowed.length + refused.length).toBe(ORDER_EVENTS.length * ORDER_STATUSES.length);
  });

  it("names in the shared contract exactly the events that reject an order (its status page says why)", () => {
    const rejecting = ORDER_EVENTS.filter((event) => ORDER_LIFECYCLE[event].to === "rejected");
    expect([...rejecting].sort()).toEqual([...ORDER_REJECTING_EVENTS].sort());
  });

  it.each(allowed)(
    "applies $event from $from: → $to, with a history row of cause and actor",
    async ({ event, from, to }) => {
      const order = await orderIn(from);

      const changed = await db.transaction((tx) =>
        applyOrderEvent(tx, {
          orderId: order.id,
          event,
          cause: `test ${event}`,
          actor: "operator:test",
          now: clock.now(),
        }),
      );

      expect(changed?.status).toBe(to);
      expect((await readOrder(testApp, order.id)).status).toBe(to);
      expect(await historyOf(order.id)).toEqual([
        expect.objectContaining({
          fromStatus: from,
          toStatus: to,
          event,
          cause: `test ${event}`,
          actor: "operator:test",
        }),
      ]);
    },
  );

  it.each(refused)("refuses $event from $from: nothing changes, nothing is recorded", async ({ event, from }) => {
    const order = await orderIn(from);

    const changed = await db.transaction((tx) =>
      applyOrderEvent(tx, { orderId: order.id, event, cause: "test", actor: "operator:test", now: clock.now() }),
    );

    expect(changed).toBeUndefined();
    expect((await readOrder(testApp, order.id)).status).toBe(from);
    expect(await historyOf(order.id)).toEqual([]);
  });

  it("lets exactly one of many concurrent callers make a transition", async () => {
    const order = await orderIn("pending");

    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        db.transaction((tx) =>
          applyOrderEvent(tx, {
            orderId: order.id,
            event: "paid",
            cause: "race",
            actor: "gateway:test",
            now: clock.now(),
          }),
        ),
      ),
    );

    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await historyOf(order.id)).toHaveLength(1);
  });

  it("clears the attention flags an event resolves, and keeps the others", async () => {
    const held = await orderIn("on_hold");
    const paid = await orderIn("confirmed");
    await db.transaction(async (tx) => {
      const now = clock.now();
      await flagOrder(tx, { orderId: held.id, kind: "amount_mismatch", reason: "1 DZD", actor: "gateway:test", now });
      await flagOrder(tx, { orderId: paid.id, kind: "delivery_overdue", reason: "late", actor: "sweep", now });
    });

    await db.transaction(async (tx) => {
      const now = clock.now();
      await applyOrderEvent(tx, { orderId: held.id, event: "refund_decided", cause: "x", actor: "operator:test", now });
      await applyOrderEvent(tx, { orderId: paid.id, event: "delivered", cause: "x", actor: "worker", now });
    });

    expect(await readOrder(testApp, held.id)).toMatchObject({ status: "refund_due", attentionKind: "amount_mismatch" });
    expect(await readOrder(testApp, paid.id)).toMatchObject({
      status: "delivered",
      attentionKind: null,
      attentionReason: null,
    });
    const flags = (await historyOf(held.id)).filter((row) => row.event.startsWith("flagged"));
    expect(flags).toEqual([expect.objectContaining({ event: "flagged:amount_mismatch", fromStatus: "on_hold" })]);
  });

  it("is the only code that writes an order's status", async () => {
    const sourceRoot = path.resolve(import.meta.dirname, "../..");
    const writers: string[] = [];
    async function scan(dir: string) {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) await scan(full);
        else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") && !entry.name.includes("test-kit")) {
          const text = await readFile(full, "utf8");
          // A write of the orders table that sets a status: update(orders).set({ … status … }) or SQL "update orders".
          const updates = text.match(/update\(orders\)\s*\.set\(\{[^}]*\bstatus\b/g) ?? [];
          const rawSql = text.match(/update\s+"?orders"?\s+set\b[^;`]*\bstatus\s*=/gi) ?? [];
          if (updates.length + rawSql.length > 0) writers.push(path.relative(sourceRoot, full));
        }
      }
    }
    await scan(sourceRoot);

    expect(writers).toEqual(["modules/orders/order-lifecycle.ts"]);
  });
});
