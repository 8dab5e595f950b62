import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { users } from "../account/account.schema.ts";
import { orders } from "./orders.schema.ts";

const queueColumns = { order: orders, email: users.email, language: users.language, deletedAt: users.deletedAt };

/** Paid orders still undelivered and flagged for it (provisioning failed, or overdue), oldest flag first. */
export async function listUndeliveredFlagged(db: DbOrTx, limit: number) {
  return db
    .select(queueColumns)
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(
      and(
        eq(orders.status, "confirmed"),
        isNotNull(orders.attentionKind),
        inArray(orders.attentionKind, ["provisioning_failed", "delivery_overdue"]),
      ),
    )
    .orderBy(asc(orders.attentionAt))
    .limit(limit);
}
