import {
  CATALOG_ENTITY,
  CATALOG_SYNC_ACTION,
  type CatalogSyncRunView,
  PRICE_SETTINGS_ACTION,
  PRICE_SETTINGS_ENTITY,
  type PriceChangeView,
  type PricePreview,
  type PriceSettingsChange,
  type PriceSettingsView,
} from "@esim/shared/console/prices-contract";
import * as z from "zod/mini";
import type { DbOrTx } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { type AuditActor, listAuditLog, recordAudit } from "../operators/index.ts";
import { DEFAULT_PRICE_SETTINGS, formatDzdPerUsd, parseDzdPerUsdE4, repriceStoredPackage } from "./catalog.pricing.ts";
import {
  ensurePriceSettings,
  findDestinationCodes,
  findLastSyncedAt,
  findPriceSettings,
  listDestinationMarkups,
  listPackagePricingInputs,
  listPricedPackagesOnSale,
  lockCatalogWrites,
  notifyCatalogChanged,
  type PriceSettingsRow,
  replaceDestinationMarkups,
  updatePackagePrices,
  updatePriceSettings,
} from "./catalog.repo.ts";

/** The settings as the audit log and the console show them (the rate as canonical decimal text). */
interface SettingsValues {
  dzdPerUsd: string;
  markupBps: number;
  /** Destination code → its own markup in basis points, sorted by code. */
  destinationMarkups: Record<string, number>;
  serviceFeeDzdMinor: number;
}

function sortedRecord(entries: Iterable<[string, number]>): Record<string, number> {
  return Object.fromEntries([...entries].sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0)));
}

function valuesOf(
  row: Pick<PriceSettingsRow, "dzdPerUsd" | "markupBps" | "serviceFeeDzdMinor">,
  markups: Map<string, number>,
): SettingsValues {
  const dzdPerUsdE4 = parseDzdPerUsdE4(row.dzdPerUsd);
  if (dzdPerUsdE4 === null) throw new Error(`price_settings.dzd_per_usd is not a positive number: ${row.dzdPerUsd}`);
  return {
    dzdPerUsd: formatDzdPerUsd(dzdPerUsdE4),
    markupBps: row.markupBps,
    destinationMarkups: sortedRecord(markups),
    serviceFeeDzdMinor: row.serviceFeeDzdMinor,
  };
}

function applyChange(current: SettingsValues, change: PriceSettingsChange): SettingsValues {
  const rateE4 = change.dzdPerUsd === undefined ? null : parseDzdPerUsdE4(change.dzdPerUsd);
  const markups = new Map(Object.entries(current.destinationMarkups));
  for (const entry of change.destinationMarkups ?? []) {
    if (entry.markupBps === null) markups.delete(entry.destinationCode);
    else markups.set(entry.destinationCode, entry.markupBps);
  }
  return {
    dzdPerUsd: rateE4 === null ? current.dzdPerUsd : formatDzdPerUsd(rateE4),
    markupBps: change.markupBps ?? current.markupBps,
    destinationMarkups: sortedRecord(markups),
    serviceFeeDzdMinor: change.serviceFeeDzdMinor ?? current.serviceFeeDzdMinor,
  };
}

function isSame(a: SettingsValues, b: SettingsValues): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The pricing settings of one destination: its own markup, else the general one. */
function pricingFor(values: SettingsValues, destinationCode: string) {
  return {
    dzdPerUsdE4: parseDzdPerUsdE4(values.dzdPerUsd)!,
    markupBps: values.destinationMarkups[destinationCode] ?? values.markupBps,
  };
}

function viewOf(values: SettingsValues, updatedAt: Date | null): PriceSettingsView {
  return {
    ...values,
    destinationMarkups: Object.entries(values.destinationMarkups).map(([destinationCode, markupBps]) => ({
      destinationCode,
      markupBps,
    })),
    updatedAt: updatedAt?.toISOString() ?? null,
  };
}

/** The settings as stored (with the defaults before the first sync) and when they last changed. */
async function readValues(db: DbOrTx): Promise<{ values: SettingsValues; updatedAt: Date | null }> {
  const [row, markups] = await Promise.all([findPriceSettings(db), listDestinationMarkups(db)]);
  return row
    ? { values: valuesOf(row, markups), updatedAt: row.updatedAt }
    : { values: valuesOf(DEFAULT_PRICE_SETTINGS, markups), updatedAt: null };
}

async function refuseUnknownDestinations(db: DbOrTx, change: PriceSettingsChange): Promise<void> {
  const codes = [...new Set((change.destinationMarkups ?? []).map((entry) => entry.destinationCode))];
  const known = await findDestinationCodes(db, codes);
  const unknown = codes.find((code) => !known.has(code));
  if (unknown !== undefined) {
    throw new AppError("DESTINATION_NOT_FOUND", { message: `No destination ${unknown} in the catalogue.` });
  }
}

/** The stored settings, or the defaults the first sync will store (updatedAt null). */
export async function readPriceSettings(deps: Pick<AppDeps, "db">): Promise<PriceSettingsView> {
  const { values, updatedAt } = await readValues(deps.db);
  return viewOf(values, updatedAt);
}

/** The preview as the catalogue computes it: the prices; the margins module adds what each leaves (decision 065). */
export type PricePreviewPrices = Omit<PricePreview, "changes" | "tvaRateBps"> & { changes: PriceChangeView[] };

/**
 * Every plan on sale whose DZD price the change would move, with the same function applying it uses
 * (repriceStoredPackage); reads only, so a preview never changes a price.
 */
export async function previewPriceChange(
  deps: Pick<AppDeps, "db">,
  input: { change: PriceSettingsChange },
): Promise<PricePreviewPrices> {
  await refuseUnknownDestinations(deps.db, input.change);
  const { values: current, updatedAt } = await readValues(deps.db);
  const proposed = applyChange(current, input.change);
  const rows = await listPricedPackagesOnSale(deps.db);
  const changes = rows.flatMap((row) => {
    const after = repriceStoredPackage({
      costUsdE4: row.costUsdE4,
      compareAtUsdMinor: row.compareAtUsdMinor,
      settings: pricingFor(proposed, row.destinationCode),
    });
    if (after.retailDzdMinor === row.retailDzdMinor) return [];
    return [
      {
        packageId: row.id,
        destinationCode: row.destinationCode,
        name: row.name,
        validityDays: row.validityDays,
        dataMb: row.dataMb,
        isTopUp: row.isTopUp,
        beforeDzdMinor: row.retailDzdMinor,
        afterDzdMinor: after.retailDzdMinor,
        differenceDzdMinor: after.retailDzdMinor - row.retailDzdMinor,
        afterUsdMinor: after.retailUsdMinor,
        costUsdE4: row.costUsdE4,
      },
    ];
  });
  return {
    current: viewOf(current, updatedAt),
    proposed: viewOf(proposed, updatedAt),
    changes,
    planCount: rows.length,
    increasedCount: changes.filter((change) => change.differenceDzdMinor > 0).length,
    decreasedCount: changes.filter((change) => change.differenceDzdMinor < 0).length,
  };
}

/**
 * Stores the new settings, re-prices every package from its cost and writes the audit entry (before, after) in one
 * transaction serialised with syncs, then every instance refreshes its catalogue. The same values again change
 * nothing and write no entry (a double click applies once).
 */
export async function changePriceSettings(
  deps: Pick<AppDeps, "db" | "now">,
  input: { change: PriceSettingsChange; actor: AuditActor },
): Promise<{ settings: PriceSettingsView; repricedCount: number; isChanged: boolean; before: SettingsValues }> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    await lockCatalogWrites(tx);
    await refuseUnknownDestinations(tx, input.change);
    const row = await ensurePriceSettings(tx, { ...DEFAULT_PRICE_SETTINGS, now });
    const before = valuesOf(row, await listDestinationMarkups(tx));
    const after = applyChange(before, input.change);
    if (isSame(before, after)) {
      return { settings: viewOf(before, row.updatedAt), repricedCount: 0, isChanged: false, before };
    }
    await updatePriceSettings(tx, {
      dzdPerUsd: after.dzdPerUsd,
      markupBps: after.markupBps,
      serviceFeeDzdMinor: after.serviceFeeDzdMinor,
      now,
    });
    await replaceDestinationMarkups(tx, new Map(Object.entries(after.destinationMarkups)), now);
    const repricedCount = await repriceEveryPackage(tx, after);
    await notifyCatalogChanged(tx);
    await recordAudit(tx, {
      operatorId: input.actor.operatorId,
      action: PRICE_SETTINGS_ACTION,
      entityType: PRICE_SETTINGS_ENTITY,
      entityId: "1",
      before,
      after: { ...after, repricedCount },
      ip: input.actor.ip,
      now,
    });
    return { settings: viewOf(after, now), repricedCount, isChanged: true, before };
  });
}

async function repriceEveryPackage(tx: DbOrTx, values: SettingsValues): Promise<number> {
  const inputs = await listPackagePricingInputs(tx);
  await updatePackagePrices(
    tx,
    inputs.map((row) => ({
      id: row.id,
      ...repriceStoredPackage({ ...row, settings: pricingFor(values, row.destinationCode) }),
    })),
  );
  return inputs.length;
}

interface SyncRunRecord {
  actor: AuditActor;
  startedAt: Date;
  now: Date;
  result: { destinations: number; plans: number; topUps: number; deactivated: number; skipped: number } | null;
  error?: string;
}

/** Writes a catalogue sync's outcome to the audit log (inside the sync's transaction when it succeeded). */
export async function recordSyncRun(tx: DbOrTx, run: SyncRunRecord): Promise<void> {
  await recordAudit(tx, {
    operatorId: run.actor.operatorId,
    action: CATALOG_SYNC_ACTION,
    entityType: CATALOG_ENTITY,
    entityId: null,
    before: null,
    after: { startedAt: run.startedAt.toISOString(), ...(run.result ?? {}), error: run.error ?? null },
    ip: run.actor.ip,
    now: run.now,
  });
}

const runAfterSchema = z.object({
  startedAt: z.string(),
  destinations: z.optional(z.number()),
  plans: z.optional(z.number()),
  topUps: z.optional(z.number()),
  deactivated: z.optional(z.number()),
  skipped: z.optional(z.number()),
  error: z.nullable(z.optional(z.string())),
});

/** The latest recorded catalogue sync (console or command line), and when a sync last wrote a package. */
export async function readCatalogSyncStatus(
  deps: Pick<AppDeps, "db">,
): Promise<{ lastRun: CatalogSyncRunView | null; lastSyncedAt: string | null }> {
  const [entry] = (await listAuditLog(deps, { filter: { action: CATALOG_SYNC_ACTION }, limit: 1 })).data;
  const lastSyncedAt = (await findLastSyncedAt(deps.db))?.toISOString() ?? null;
  if (!entry) return { lastRun: null, lastSyncedAt };
  return { lastRun: presentSyncRun(entry.after, entry.createdAt, entry.operatorEmail), lastSyncedAt };
}

function presentSyncRun(after: unknown, finishedAt: string, operatorEmail: string | null): CatalogSyncRunView {
  const parsed = runAfterSchema.safeParse(after);
  const run = parsed.success ? parsed.data : { startedAt: finishedAt, error: "unreadable entry" };
  const error = run.error ?? null;
  return {
    startedAt: run.startedAt,
    finishedAt,
    operatorEmail,
    isSuccess: error === null,
    destinations: run.destinations ?? null,
    plans: run.plans ?? null,
    topUps: run.topUps ?? null,
    deactivated: run.deactivated ?? null,
    skipped: run.skipped ?? null,
    error,
  };
}
