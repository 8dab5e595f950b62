import { and, eq, inArray, isNotNull, not, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { devices } from "./devices.schema.ts";

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

/** Holds a push token until the transaction ends: two records saved with one token at once take turns. */
export async function lockPushToken(tx: DbOrTx, token: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`push-token:${token}`}, 0))`);
}

/** Clears the token from every device record except this user's device; answers how many lost it. */
export async function releasePushToken(
  db: DbOrTx,
  options: { token: string; userId: string; deviceId: string; now: Date },
): Promise<number> {
  const released = await db
    .update(devices)
    .set({ pushToken: null, updatedAt: options.now })
    .where(
      and(
        eq(devices.pushToken, options.token),
        not(and(eq(devices.userId, options.userId), eq(devices.deviceId, options.deviceId))!),
      ),
    )
    .returning({ id: devices.id });
  return released.length;
}

/** Clears the push token of one device of one user (sign-out); nothing when there is no such record. */
export async function clearDevicePushToken(
  db: DbOrTx,
  options: { userId: string; deviceId: string; now: Date },
): Promise<void> {
  await db
    .update(devices)
    .set({ pushToken: null, updatedAt: options.now })
    .where(
      and(eq(devices.userId, options.userId), eq(devices.deviceId, options.deviceId), isNotNull(devices.pushToken)),
    );
}

/** The user's phones that can receive pushes: an iOS or Android record with a token. */
export async function listPushTargets(
  db: DbOrTx,
  userId: string,
): Promise<{ id: string; deviceType: "ios" | "android"; pushToken: string }[]> {
  const rows = await db
    .select({ id: devices.id, deviceType: devices.deviceType, pushToken: devices.pushToken })
    .from(devices)
    .where(
      and(eq(devices.userId, userId), isNotNull(devices.pushToken), inArray(devices.deviceType, ["ios", "android"])),
    );
  return rows.map((row) => ({ ...row, deviceType: row.deviceType as "ios" | "android", pushToken: row.pushToken! }));
}

/** Forgets a token the push service called invalid, unless the record has a newer one since. */
export async function forgetPushToken(db: DbOrTx, options: { id: string; token: string; now: Date }): Promise<void> {
  await db
    .update(devices)
    .set({ pushToken: null, updatedAt: options.now })
    .where(and(eq(devices.id, options.id), eq(devices.pushToken, options.token)));
}

/** The device ids the user's apps registered (the referrals' same-device limit compares them). */
export async function listUserDeviceIds(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db.select({ deviceId: devices.deviceId }).from(devices).where(eq(devices.userId, userId));
  return rows.map((row) => row.deviceId);
}
