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
    ownership: ownership ?? {
      owners: TABLE_OWNERS,
      readModels: { dashboard: { reason: "figures", reads: ["orders"] } },
      known: [],
    },
  });
}

/** Only the problems of writes, or only those of reads. */
const writes = (problems: string[]) => problems.filter((problem) => / writes /.test(problem));
const reads = (problems: string[]) => problems.filter((problem) => / reads /.test(problem));

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

/** The same module writing and reading only its own tables, with words that look like SQL. */
const OWN_WRITES = `
import { sql } from "drizzle-orm";
import { payments, webhookEvents } from "./payments.schema.ts";
import type { orders } from "../orders/orders.schema.ts";

export async function settle(tx, id): Promise<typeof orders.$inferSelect | string> {
  await tx.select().from(payments).where(sql\`id = \${id}\`).for("update");
  await tx.execute(sql\`select 1 from payments join webhook_events on true for update\`);
  await tx.execute(sql\`select extract(epoch from now())\`);
  await tx.update(payments).set({ status: "paid" });
  await tx.insert(webhookEvents).values({}).onConflictDoUpdate({ target: webhookEvents.id, set: {} });
  await tx.execute(sql\`insert into payments (id) values (\${id}) on conflict (id) do update set id = excluded.id\`);
  const message = "please update orders later";
  return message;
}
`;

describe("the table-ownership check", () => {
  it("flags each write of another module's table: Drizzle calls, aliased and namespaced imports, raw SQL", () => {
    expect(writes(check("modules/payments/payments.repo.ts", FOREIGN_WRITES))).toEqual([
      "modules/payments/payments.repo.ts:8: payments writes orders (update(…)), owned by orders: call orders's front door",
      "modules/payments/payments.repo.ts:9: payments writes order_events (insert(…)), owned by orders: call orders's front door",
      "modules/payments/payments.repo.ts:10: payments writes coupons (sql`update coupons`), owned by coupons: call coupons's front door",
      "modules/payments/payments.repo.ts:11: payments writes coupons (sql`delete from coupons`), owned by coupons: call coupons's front door",
      "modules/payments/payments.repo.ts:12: payments writes invoices (sql.raw`insert into invoices`), owned by invoices: call invoices's front door",
    ]);
  });

  it("passes a module that writes and reads only its own tables, and names another's row type", () => {
    expect(check("modules/payments/payments.repo.ts", OWN_WRITES)).toEqual([]);
  });

  it("flags a read model that writes, and leaves test code alone", () => {
    const write = `import { orders } from "../../db/schema.ts";\nexport const f = (db) => db.delete(orders);\n`;
    expect(writes(check("modules/dashboard/dashboard.repo.ts", write))).toEqual([
      "modules/dashboard/dashboard.repo.ts:2: the read model dashboard writes orders (delete(…)), owned by orders: call orders's front door",
    ]);
    expect(check("modules/dashboard/dashboard.test.ts", write)).toEqual([]);
  });

  it("accepts a listed known write, and fails once the listed write is gone (the list only shrinks)", () => {
    const known = [{ file: "modules/payments/payments.repo.ts", table: "orders", reason: "moving" }];
    const ownership = { owners: TABLE_OWNERS, readModels: {}, known };
    const write = `import { orders } from "../../db/schema.ts";\nexport const f = (db) => db.update(orders);\n`;

    expect(writes(check("modules/payments/payments.repo.ts", write, ownership))).toEqual([]);
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
      "orders: a table without an owner: add it to db/table-owners.ts",
      "db/table-owners.ts: payments's owner billing is no module or owning folder",
    ]);
  });

  it("refuses a repository that reads another module's table: by importing it, by a namespace, by raw SQL", () => {
    const foreign = [
      'import { sql } from "drizzle-orm";',
      'import { couponRedemptions, coupons } from "./coupons.schema.ts";',
      'import { orders } from "../orders/orders.schema.ts";',
      'import * as schema from "../../db/schema.ts";',
      "export const a = (db) => db.select().from(coupons).innerJoin(orders, sql`true`);",
      "export const b = (db) => db.select().from(schema.payments);",
      "export const c = (db) => db.execute(sql`select count(*) from coupon_redemptions r join users u on true`);",
      'export const d = (db) => db.execute(sql.raw("select 1 from invoices"));',
      "export const e = (db) => db.select().from(couponRedemptions);",
    ].join("\n");
    expect(reads(check("modules/coupons/coupons.repo.ts", foreign))).toEqual([
      "modules/coupons/coupons.repo.ts:3: coupons reads orders (import { orders }), owned by orders: call orders's front door, or declare a read model in db/table-owners.ts",
      "modules/coupons/coupons.repo.ts:6: coupons reads payments (schema.payments), owned by payments: call payments's front door, or declare a read model in db/table-owners.ts",
      "modules/coupons/coupons.repo.ts:7: coupons reads users (sql`join users`), owned by account: call account's front door, or declare a read model in db/table-owners.ts",
      "modules/coupons/coupons.repo.ts:8: coupons reads invoices (sql.raw`from invoices`), owned by invoices: call invoices's front door, or declare a read model in db/table-owners.ts",
    ]);
  });

  it("accepts a declared read model reading what it lists, and refuses it what it does not list", () => {
    const figures = [
      'import { sql } from "drizzle-orm";',
      'import { orders } from "../orders/orders.schema.ts";',
      "export const a = (db) => db.select({ n: sql`count(*)` }).from(orders);",
      "export const b = (db) => db.execute(sql`select sum(amount) from payments`);",
    ].join("\n");
    expect(check("modules/dashboard/dashboard.repo.ts", figures)).toEqual([
      "modules/dashboard/dashboard.repo.ts:4: dashboard reads payments (sql`from payments`), owned by payments: call payments's front door, or declare a read model in db/table-owners.ts",
    ]);
    const asFile = {
      owners: TABLE_OWNERS,
      readModels: { "lib/console-search.ts": { reason: "search", reads: ["orders", "payments"] } },
      known: [],
    };
    expect(check("lib/console-search.ts", figures, asFile)).toEqual([]);
    expect(reads(check("lib/workflow.ts", figures, asFile))).toHaveLength(2);
  });

  it("accepts a listed known read, and fails once the listed read is gone", () => {
    const knownReads = [{ file: "modules/coupons/coupons.repo.ts", table: "orders", reason: "moving" }];
    const ownership = { owners: TABLE_OWNERS, readModels: {}, known: [], knownReads };
    const read =
      'import { orders } from "../orders/orders.schema.ts";\nexport const f = (db) => db.select().from(orders);\n';

    expect(check("modules/coupons/coupons.repo.ts", read, ownership)).toEqual([]);
    expect(check("modules/coupons/coupons.repo.ts", "export {};", ownership)).toEqual([
      "db/table-owners.ts: KNOWN_FOREIGN_READS lists modules/coupons/coupons.repo.ts reading orders, which it no longer does",
    ]);
  });

  it("refuses a table defined outside its owner's schema file", () => {
    const definition =
      'import { pgTable, uuid } from "drizzle-orm/pg-core";\nexport const orders = pgTable("orders", { id: uuid("id") });\n';
    expect(check("modules/orders/orders.schema.ts", definition)).toEqual([]);
    expect(check("modules/coupons/coupons.schema.ts", definition)).toEqual([
      "modules/coupons/coupons.schema.ts: defines orders, owned by orders: define it in orders's schema file",
    ]);
  });

  it("places a file in its module, or its top folder outside modules/", () => {
    expect(placeOf("modules/orders/orders.repo.ts")).toBe("orders");
    expect(placeOf("jobs/worker-heartbeat.ts")).toBe("jobs");
    expect(placeOf("app.ts")).toBe("app");
  });

  it("finds every table of the API written and read by its owner, a declared read model, or a listed read", async () => {
    expect(await checkApiTableOwnership()).toEqual([]);
  }, 60_000);
});
