import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { coupons, orders, packages } from "../../db/schema.ts";
import { isUuid } from "../../lib/uuid.ts";

/** One of the user's orders by id or number, with what its invoice prints; undefined for anyone else's. */
export async function findUserInvoiceOrder(db: DbOrTx, userId: string, idOrNumber: string) {
  const [row] = await db
    .select({ order: orders, packageName: packages.name, couponCode: coupons.code })
    .from(orders)
    .innerJoin(packages, eq(packages.id, orders.packageId))
    .leftJoin(coupons, eq(coupons.id, orders.couponId))
    .where(
      and(
        eq(orders.userId, userId),
        isUuid(idOrNumber) ? eq(orders.id, idOrNumber) : eq(orders.number, idOrNumber.toUpperCase()),
      ),
    );
  return row;
}
