import type { EsimStatus } from "@esim/shared/statuses";
import { and, desc, eq, gt, inArray, isNotNull, isNull, lte } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { users } from "../account/account.schema.ts";
import { destinations, packages } from "../catalog/catalog.schema.ts";
import { esimBundles, esims } from "./esims.schema.ts";

export type EsimAlertKind = "usage" | "expiry";

const sentAtColumn = {
  usage: esimBundles.usageAlertSentAt,
  expiry: esimBundles.expiryAlertSentAt,
} as const;

function sentAtValue(kind: EsimAlertKind, value: Date | null) {
  return kind === "usage" ? { usageAlertSentAt: value } : { expiryAlertSentAt: value };
}

/** The bundle applied last (first plan or latest top-up); the one whose alerts count now. */
function latestBundleOf(db: DbOrTx, esimId: string) {
  return db
    .select()
    .from(esimBundles)
    .where(eq(esimBundles.esimId, esimId))
    .orderBy(desc(esimBundles.appliedAt), desc(esimBundles.createdAt), desc(esimBundles.id))
    .limit(1);
}

/**
 * What the alert rules and emails need about one eSIM: the eSIM, its owner (null once unlinked), its plan's
 * destination, whether the plan takes top-ups, and its latest bundle. Undefined for an unknown eSIM.
 */
export type EsimAlertSubject = NonNullable<Awaited<ReturnType<typeof findEsimAlertSubject>>>;

export async function findEsimAlertSubject(db: DbOrTx, esimId: string) {
  const [row] = await db
    .select({ esim: esims, user: users, destination: destinations, supportsTopUp: packages.supportsTopUp })
    .from(esims)
    .innerJoin(packages, eq(packages.id, esims.packageId))
    .innerJoin(destinations, eq(destinations.code, packages.destinationCode))
    .leftJoin(users, eq(users.id, esims.userId))
    .where(eq(esims.id, esimId));
  if (!row) return undefined;
  const [latestBundle] = await latestBundleOf(db, esimId);
  return { ...row, latestBundle };
}

/**
 * eSIMs of a live account with the given statuses, expiring in (after, until], whose latest bundle has had no expiry
 * alert: soonest first, at most `limit`. The eSIM's copy of the bundle's flag keeps the alerted ones out of the index
 * (esims_expiry_alert_due_idx), so a sweep reads the due eSIMs only, and no bundle: each eSIM's transaction checks
 * and claims its latest bundle's flag (queueDueEsimAlerts).
 */
export async function findDueExpiryAlerts(
  db: DbOrTx,
  options: { statuses: readonly EsimStatus[]; after: Date; until: Date; limit: number },
): Promise<{ esimId: string }[]> {
  return db
    .select({ esimId: esims.id })
    .from(esims)
    .innerJoin(users, eq(users.id, esims.userId))
    .where(
      and(
        inArray(esims.status, [...options.statuses]),
        isNull(esims.expiryAlertSentAt),
        gt(esims.expiresAt, options.after),
        lte(esims.expiresAt, options.until),
        isNull(users.deletedAt),
        isNotNull(users.email),
      ),
    )
    .orderBy(esims.expiresAt)
    .limit(options.limit);
}

/**
 * Marks the bundle's alert of this kind as decided (its email queued); false when it already was. An expiry alert is
 * marked on the eSIM too (the bundle claimed is its latest), which takes it out of the sweep's index.
 */
export async function claimEsimAlert(db: DbOrTx, bundleId: string, kind: EsimAlertKind, now: Date): Promise<boolean> {
  const [claimed] = await db
    .update(esimBundles)
    .set(sentAtValue(kind, now))
    .where(and(eq(esimBundles.id, bundleId), isNull(sentAtColumn[kind])))
    .returning({ esimId: esimBundles.esimId });
  if (claimed && kind === "expiry") {
    await db.update(esims).set({ expiryAlertSentAt: now }).where(eq(esims.id, claimed.esimId));
  }
  return claimed !== undefined;
}
