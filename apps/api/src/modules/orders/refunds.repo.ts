import { eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { users } from "../account/account.schema.ts";
import { orders, refundChoices } from "./orders.schema.ts";

export type RefundChoiceRow = typeof refundChoices.$inferSelect;

export async function findRefundChoice(db: DbOrTx, orderId: string): Promise<RefundChoiceRow | undefined> {
  const [row] = await db.select().from(refundChoices).where(eq(refundChoices.orderId, orderId));
  return row;
}

/** Keeps the customer's first choice; a second one writes nothing (undefined). */
export async function insertRefundChoice(
  tx: DbOrTx,
  values: typeof refundChoices.$inferInsert,
): Promise<RefundChoiceRow | undefined> {
  const [row] = await tx.insert(refundChoices).values(values).onConflictDoNothing().returning();
  return row;
}

/** Erases the choice and any account it held (the refund is fully sent). */
export async function deleteRefundChoice(tx: DbOrTx, orderId: string): Promise<void> {
  await tx.delete(refundChoices).where(eq(refundChoices.orderId, orderId));
}

/** These orders with their buyer's live email (null once the account is deleted) and language. */
export async function listOrdersWithBuyer(db: DbOrTx, orderIds: readonly string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({ order: orders, email: users.email, language: users.language, deletedAt: users.deletedAt })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(inArray(orders.id, [...orderIds]));
}
