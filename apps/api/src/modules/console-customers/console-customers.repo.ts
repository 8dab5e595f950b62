import { and, desc, eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { userSearchDocument } from "../../db/columns.ts";
import { matchesSearch } from "../../lib/console-search.ts";
import { users } from "../account/account.schema.ts";
import { sessions } from "../auth/auth.schema.ts";
import { packages } from "../catalog/catalog.schema.ts";
import { planPartsColumns } from "../catalog/index.ts";
import { devices } from "../devices/devices.schema.ts";
import { rejectedByEvent } from "../orders/index.ts";
import { orders } from "../orders/orders.schema.ts";

// The console's reads of a customer. Like the dashboard's, they read tables other modules write (users, orders,
// devices, sessions) in SQL, one query each, and never write: every change goes through the owning module.

/** The most orders a customer's page lists, newest first. */
const ORDERS_LIMIT = 50;

// Spelled out with table names: inside a subquery drizzle would print bare column names, which bind to orders.
const orderCount = sql<number>`(select count(*)::int from orders where orders.user_id = users.id)`;

/** One page of accounts (live or deleted) whose name, email or phone match the query, newest first; `limit + 1` rows tell "more". */
export async function searchCustomers(
  db: DbOrTx,
  options: { query: string; isDeleted: boolean; offset: number; limit: number },
) {
  const conditions = [
    options.isDeleted ? isNotNull(users.deletedAt) : isNull(users.deletedAt),
    matchesSearch(userSearchDocument(users), options.query),
  ];
  return db
    .select({ user: users, orderCount })
    .from(users)
    .where(and(...conditions))
    .orderBy(options.isDeleted ? desc(users.deletedAt) : desc(users.createdAt), desc(users.id))
    .offset(options.offset)
    .limit(options.limit);
}

export async function findCustomer(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

/** The customer's orders with their plan, newest first. */
export async function listCustomerOrders(db: DbOrTx, userId: string) {
  return db
    .select({
      order: orders,
      plan: planPartsColumns,
      rejectedBy: rejectedByEvent,
    })
    .from(orders)
    .innerJoin(packages, eq(packages.id, orders.packageId))
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ORDERS_LIMIT);
}

export async function listCustomerDevices(db: DbOrTx, userId: string) {
  return db.select().from(devices).where(eq(devices.userId, userId)).orderBy(desc(devices.updatedAt));
}

/** Live sessions, most recently used first. */
export async function listCustomerSessions(db: DbOrTx, userId: string, now: Date) {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      expiresAt: sessions.expiresAt,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastUsedAt));
}
