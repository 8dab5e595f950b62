import { describe, expect, it } from "vitest";
import * as schema from "./schema.ts";
import { NON_MODULE_OWNERS, TABLE_OWNERS } from "./table-owners.ts";
import { checkApiTableOwnership, checkTableOwnership, placeOf, schemaTables } from "./table-ownership.ts";

const tables = schemaTables(schema);
const owningFolders: readonly string[] = NON_MODULE_OWNERS;
/** The modules that own a table, and a read model. */
const modules = [
  ...new Set(Object.values(TABLE_OWNERS).filter((owner) => !owningFolders.includes(owner))),
  "dashboard",
];

function check(path: string, text: string, ownership?: Parameters<typeof checkTableOwnership>[0]["ownership"]) {
  return checkTableOwnership({
    files: [{ path, text }],
    tables,
    modules,
    ownership: ownership ?? { owners: TABLE_OWNERS, readModels: { dashboard: "figures" }, known: [] },
  });
}

/** A repository of the payments module, as a helper might write it. */
const FOREIGN_WRITES = `
import { sql } from "drizzle-orm";
import { coupons, orders as orderTable, payments } from "../../db/schema.ts";
import * as schema from "../../db/schema.ts";

export async function settle(tx, id) {
  await tx.update(payments).set({ status: "paid" }).where(sql\`id = \${id}\`);
  await tx.update(orderTable).set({ status: "confirmed" });
  await tx.insert(schema.orderEvents).values({});
  await tx.execute(sql\`update coupons set uses = uses + 1 where id = \${id}\`);
  await tx.execute(sql\`delete from \${coupons} where id = \${id}\`);
  await tx.execute(sql.raw("insert into invoices (id) values (1)"));
}
`;

/** The same module writing only its own tables, locking and reading others, with words that look like SQL. */
const OWN_WRITES = `
import { sql } from "drizzle-orm";
import { orders, payments, webhookEvents } from "../../db/schema.ts";

export async function settle(tx, id) {
  await tx.select().from(orders).where(sql\`id = \${id}\`).for("update");
  await tx.execute(sql\`select 1 from orders for update\`);
  await tx.update(payments).set({ status: "paid" });
  await tx.insert(webhookEvents).values({}).onConflictDoUpdate({ target: webhookEvents.id, set: {} });
  await tx.execute(sql\`insert into payments (id) values (\${id}) on conflict (id) do update set id = excluded.id\`);
  const message = "please update orders later";
  return message;
}
`;

describe("the table-ownership check", () => {
  it("flags each write of another module's table: Drizzle calls, aliased and namespaced imports, raw SQL", () => {
    expect(check("modules/payments/payments.repo.ts", FOREIGN_WRITES)).toEqual([
      "modules/payments/payments.repo.ts:8: payments writes orders (update(…)), owned by orders: call orders's front door",
      "modules/payments/payments.repo.ts:9: payments writes order_events (insert(…)), owned by orders: call orders's front door",
      "modules/payments/payments.repo.ts:10: payments writes coupons (sql`update coupons`), owned by coupons: call coupons's front door",
      "modules/payments/payments.repo.ts:11: payments writes coupons (sql`delete from coupons`), owned by coupons: call coupons's front door",
      "modules/payments/payments.repo.ts:12: payments writes invoices (sql.raw`insert into invoices`), owned by invoices: call invoices's front door",
    ]);
  });

  it("passes a module that writes only its own tables and reads or locks others", () => {
    expect(check("modules/payments/payments.repo.ts", OWN_WRITES)).toEqual([]);
  });

  it("flags a read model that writes, and leaves test code alone", () => {
    const write = `import { orders } from "../../db/schema.ts";\nexport const f = (db) => db.delete(orders);\n`;
    expect(check("modules/dashboard/dashboard.repo.ts", write)).toEqual([
      "modules/dashboard/dashboard.repo.ts:2: the read model dashboard writes orders (delete(…)), owned by orders: call orders's front door",
    ]);
    expect(check("modules/dashboard/dashboard.test.ts", write)).toEqual([]);
  });

  it("accepts a listed known write, and fails once the listed write is gone (the list only shrinks)", () => {
    const known = [{ file: "modules/payments/payments.repo.ts", table: "orders", reason: "moving" }];
    const ownership = { owners: TABLE_OWNERS, readModels: {}, known };
    const write = `import { orders } from "../../db/schema.ts";\nexport const f = (db) => db.update(orders);\n`;

    expect(check("modules/payments/payments.repo.ts", write, ownership)).toEqual([]);
    expect(check("modules/payments/payments.repo.ts", "export {};", ownership)).toEqual([
      "db/table-owners.ts: KNOWN_FOREIGN_WRITES lists modules/payments/payments.repo.ts writing orders, which it no longer does",
    ]);
  });

  it("fails on a table without an owner and an owner that is no module", () => {
    const { orders: _orders, ...withoutOrders } = TABLE_OWNERS;
    const problems = check("modules/payments/payments.repo.ts", "export {};", {
      owners: { ...withoutOrders, payments: "billing" },
      readModels: {},
      known: [],
    });
    expect(problems).toEqual([
      "db/schema.ts: table orders has no owner: add it to db/table-owners.ts",
      "db/table-owners.ts: payments's owner billing is no module or owning folder",
    ]);
  });

  it("places a file in its module, or its top folder outside modules/", () => {
    expect(placeOf("modules/orders/orders.repo.ts")).toBe("orders");
    expect(placeOf("jobs/worker-heartbeat.ts")).toBe("jobs");
    expect(placeOf("app.ts")).toBe("app");
  });

  it("finds every table of the API written by its owner only", async () => {
    expect(await checkApiTableOwnership()).toEqual([]);
  });
});
