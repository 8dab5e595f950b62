import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { devices } from "../../db/schema.ts";

export type DeviceRow = typeof devices.$inferSelect;

/**
 * Inserts or updates the record of one device of one user. A push token left out
 * (undefined) keeps the stored one; null clears it.
 */
export async function upsertDevice(
  db: DbOrTx,
  values: Omit<DeviceRow, "id" | "createdAt" | "updatedAt" | "pushToken"> & {
    pushToken: string | null | undefined;
    now: Date;
  },
): Promise<DeviceRow> {
  const { now, pushToken, ...columns } = values;
  const [row] = await db
    .insert(devices)
    .values({ ...columns, pushToken: pushToken ?? null, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [devices.userId, devices.deviceId],
      set: {
        platform: columns.platform,
        model: columns.model,
        osVersion: columns.osVersion,
        deviceType: columns.deviceType,
        deviceLocale: columns.deviceLocale,
        timezone: columns.timezone,
        appVersion: columns.appVersion,
        pushToken: pushToken === undefined ? sql`${devices.pushToken}` : pushToken,
        updatedAt: now,
      },
    })
    .returning();
  return row!;
}

export async function deleteUserDevices(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(devices).where(eq(devices.userId, userId));
}
