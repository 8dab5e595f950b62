import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { coupons, destinations, orders, packages } from "../../db/schema.ts";
import { isUuid } from "../../lib/uuid.ts";

/** One of the user's orders by id or number, with what its invoice prints; undefined for anyone else's. */
export async function findUserInvoiceOrder(db: DbOrTx, userId: string, idOrNumber: string) {
  const [row] = await db
    .select({
      order: orders,
      plan: {
        dataMb: packages.dataMb,
        isUnlimited: packages.isUnlimited,
        dataType: packages.dataType,
        validityDays: packages.validityDays,
      },
      destination: { nameFr: destinations.nameFr, nameEn: destinations.nameEn, nameAr: destinations.nameAr },
      couponCode: coupons.code,
    })
    .from(orders)
    .innerJoin(packages, eq(packages.id, orders.packageId))
    .innerJoin(destinations, eq(destinations.code, packages.destinationCode))
    .leftJoin(coupons, eq(coupons.id, orders.couponId))
    .where(
      and(
        eq(orders.userId, userId),
        isUuid(idOrNumber) ? eq(orders.id, idOrNumber) : eq(orders.number, idOrNumber.toUpperCase()),
      ),
    );
  return row;
}
