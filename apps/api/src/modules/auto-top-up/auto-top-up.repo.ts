import type { AutoTopUpOutcome, AutoTopUpTriggerKind } from "@esim/shared/auto-top-up/contracts";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { packages } from "../catalog/catalog.schema.ts";
import { autoTopUpSettings, autoTopUpTriggers } from "./auto-top-up.schema.ts";

export type AutoTopUpSettingsRow = typeof autoTopUpSettings.$inferSelect;
export type AutoTopUpTriggerRow = typeof autoTopUpTriggers.$inferSelect;

/** The eSIM's auto top-up settings; undefined when never set. */
export async function findAutoTopUpSettings(db: DbOrTx, esimId: string): Promise<AutoTopUpSettingsRow | undefined> {
  const [row] = await db.select().from(autoTopUpSettings).where(eq(autoTopUpSettings.esimId, esimId));
  return row;
}

/** The same, its row locked until commit: one eSIM's triggers are decided one after the other. */
export async function lockAutoTopUpSettings(db: DbOrTx, esimId: string): Promise<AutoTopUpSettingsRow | undefined> {
  const [row] = await db.select().from(autoTopUpSettings).where(eq(autoTopUpSettings.esimId, esimId)).for("update");
  return row;
}

export async function upsertAutoTopUpSettings(
  db: DbOrTx,
  values: Omit<AutoTopUpSettingsRow, "createdAt" | "updatedAt"> & { now: Date },
): Promise<AutoTopUpSettingsRow> {
  const { now, ...settings } = values;
  const [row] = await db
    .insert(autoTopUpSettings)
    .values({ ...settings, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: autoTopUpSettings.esimId,
      set: {
        isEnabled: settings.isEnabled,
        packageId: settings.packageId,
        thresholdPercent: settings.thresholdPercent,
        isOnValidityEnding: settings.isOnValidityEnding,
        monthlyCap: settings.monthlyCap,
        updatedAt: now,
      },
    })
    .returning();
  return row!;
}

/** The eSIMs whose auto top-up is on (the sweep's), at most `limit`. */
export async function listEnabledAutoTopUps(db: DbOrTx, limit: number): Promise<{ esimId: string }[]> {
  return db
    .select({ esimId: autoTopUpSettings.esimId })
    .from(autoTopUpSettings)
    .where(eq(autoTopUpSettings.isEnabled, true))
    .orderBy(autoTopUpSettings.esimId)
    .limit(limit);
}

/** The trigger, new; undefined when its key was already taken (decided before: nothing to do). */
export async function insertAutoTopUpTrigger(
  db: DbOrTx,
  values: {
    triggerKey: string;
    esimId: string;
    userId: string;
    bundleId: string;
    kind: AutoTopUpTriggerKind;
    packageId: string;
    outcome: AutoTopUpOutcome;
    month: string;
    now: Date;
  },
): Promise<AutoTopUpTriggerRow | undefined> {
  const { now, ...trigger } = values;
  const [row] = await db
    .insert(autoTopUpTriggers)
    .values({ ...trigger, createdAt: now, decidedAt: trigger.outcome === "ordering" ? null : now })
    .onConflictDoNothing({ target: autoTopUpTriggers.triggerKey })
    .returning();
  return row;
}

export async function findAutoTopUpTrigger(db: DbOrTx, id: string): Promise<AutoTopUpTriggerRow | undefined> {
  const [row] = await db.select().from(autoTopUpTriggers).where(eq(autoTopUpTriggers.id, id));
  return row;
}

/** Auto top-ups bought or being bought for the eSIM in the month: what the cap counts. */
export async function countAutoTopUpsOfMonth(db: DbOrTx, esimId: string, month: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(autoTopUpTriggers)
    .where(
      and(
        eq(autoTopUpTriggers.esimId, esimId),
        eq(autoTopUpTriggers.month, month),
        inArray(autoTopUpTriggers.outcome, ["ordering", "ordered"]),
      ),
    );
  return row?.count ?? 0;
}

/** Settles a trigger still being ordered; false when it already was (a replayed job). */
export async function settleAutoTopUpTrigger(
  db: DbOrTx,
  options: { id: string; outcome: Exclude<AutoTopUpOutcome, "ordering">; orderId: string | null; now: Date },
): Promise<boolean> {
  const settled = await db
    .update(autoTopUpTriggers)
    .set({ outcome: options.outcome, orderId: options.orderId, decidedAt: options.now })
    .where(and(eq(autoTopUpTriggers.id, options.id), eq(autoTopUpTriggers.outcome, "ordering")))
    .returning({ id: autoTopUpTriggers.id });
  return settled.length > 0;
}

/** Whether an order was bought by an auto top-up (a trigger placed it), for the console's "paid by". */
export async function isAutoTopUpOrder(db: DbOrTx, orderId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: autoTopUpTriggers.id })
    .from(autoTopUpTriggers)
    .where(eq(autoTopUpTriggers.orderId, orderId))
    .limit(1);
  return row !== undefined;
}

/**
 * A customer's auto top-up settings, one per eSIM they ever set, for the console: the chosen plan's parts, how many
 * were bought (or are being bought) in `month`, and when the last one was ordered.
 */
export function listAutoTopUpsOfUser(db: DbOrTx, userId: string, month: string) {
  const counted = inArray(autoTopUpTriggers.outcome, ["ordering", "ordered"]);
  return db
    .select({
      settings: autoTopUpSettings,
      plan: {
        destinationCode: packages.destinationCode,
        dataMb: packages.dataMb,
        isUnlimited: packages.isUnlimited,
        dataType: packages.dataType,
        validityDays: packages.validityDays,
        nameOverrides: packages.nameOverrides,
      },
      boughtThisMonth: sql<number>`(select count(*)::int from ${autoTopUpTriggers}
        where ${autoTopUpTriggers.esimId} = ${autoTopUpSettings.esimId} and ${autoTopUpTriggers.month} = ${month}
        and ${counted})`,
      lastOrderedAt: sql<Date | null>`(select max(${autoTopUpTriggers.createdAt}) from ${autoTopUpTriggers}
        where ${autoTopUpTriggers.esimId} = ${autoTopUpSettings.esimId} and ${counted})`.mapWith(
        (value: string | Date | null) => (value === null ? null : new Date(value)),
      ),
    })
    .from(autoTopUpSettings)
    .leftJoin(packages, eq(packages.id, autoTopUpSettings.packageId))
    .where(eq(autoTopUpSettings.userId, userId))
    .orderBy(desc(autoTopUpSettings.updatedAt));
}
