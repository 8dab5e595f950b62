import type { CatalogSyncRunView } from "@esim/shared/console/prices-contract";
import { AppError } from "../../lib/app-error.ts";
import type { AppDeps } from "../../lib/deps.ts";
import type { UpstreamPackage } from "../../providers/esim/esim-port.ts";
import type { AuditActor } from "../operators/index.ts";
import {
  type DestinationType,
  destinationNames,
  destinationSearchText,
  POPULAR_COUNTRIES,
  popularRank,
} from "./catalog.destinations.ts";
import {
  computeRetailPrices,
  DEFAULT_PRICE_SETTINGS,
  formatDzdPerUsd,
  type PricingSettings,
  parseDzdPerUsdE4,
} from "./catalog.pricing.ts";
import {
  type DestinationUpsert,
  deactivateDestinationsExcept,
  deactivatePackagesExcept,
  ensurePriceSettings,
  findLastSyncedAt,
  listDestinationMarkups,
  listSamplePackages,
  lockCatalogWrites,
  notifyCatalogChanged,
  type PackageUpsert,
  type PriceSettingsRow,
  upsertDestinations,
  upsertPackages,
} from "./catalog.repo.ts";
import { changePriceSettings, readCatalogSyncStatus, recordSyncRun } from "./catalog.settings.ts";

type SyncDeps = Pick<AppDeps, "db" | "esim" | "now">;

export interface CatalogSyncResult {
  /** Destinations with at least one package in this sync. */
  destinations: number;
  /** Base plans for sale after the sync. */
  plans: number;
  topUps: number;
  /** Packages the upstream no longer lists, now off sale. */
  deactivated: number;
  /** Upstream packages refused as malformed (validity outside 1–90 days, no cost…). */
  skipped: number;
}

const COUNTRY_CODE = /^[A-Z]{2}$/;

/** Whether we can sell a package as the upstream describes it; anything else is skipped, not half-imported. */
function isSellable(pkg: UpstreamPackage): boolean {
  return (
    pkg.code.length > 0 &&
    Number.isSafeInteger(pkg.costUsdE4) &&
    pkg.costUsdE4 > 0 &&
    Number.isInteger(pkg.validityDays) &&
    pkg.validityDays >= 1 &&
    pkg.validityDays <= 90 &&
    (pkg.destination.type !== "country" || COUNTRY_CODE.test(pkg.destination.code)) &&
    pkg.destination.code.length > 0
  );
}

export function toPricingSettings(row: PriceSettingsRow): PricingSettings {
  const dzdPerUsdE4 = parseDzdPerUsdE4(row.dzdPerUsd);
  if (dzdPerUsdE4 === null) throw new Error(`price_settings.dzd_per_usd is not a positive number: ${row.dzdPerUsd}`);
  return { dzdPerUsdE4, markupBps: row.markupBps };
}

function buildDestinationRows(sellable: UpstreamPackage[]): DestinationUpsert[] {
  const byCode = new Map<string, { type: DestinationType; members: Set<string> }>();
  for (const pkg of sellable) {
    const { code, type } = pkg.destination;
    const entry = byCode.get(code) ?? { type, members: new Set<string>() };
    if (type === "country") entry.members.add(code);
    else for (const member of pkg.coverage) entry.members.add(member);
    byCode.set(code, entry);
  }
  return [...byCode].map(([code, { type, members }]) => {
    const names = destinationNames(code, type);
    const rank = type === "country" ? popularRank(code) : null;
    return {
      code,
      type,
      nameFr: names.fr,
      nameEn: names.en,
      nameAr: names.ar,
      memberCountries: [...members].sort(),
      searchText: destinationSearchText(code, names),
      isPopular: rank !== null,
      popularRank: rank,
    };
  });
}

function buildPackageRow(
  pkg: UpstreamPackage,
  provider: string,
  settingsOf: (destinationCode: string) => PricingSettings,
): PackageUpsert {
  const settings = settingsOf(pkg.destination.code);
  const prices = computeRetailPrices({
    costUsdE4: pkg.costUsdE4,
    suggestedRetailUsdE4: pkg.suggestedRetailUsdE4 ?? null,
    settings,
  });
  return {
    upstreamCode: pkg.code,
    provider,
    destinationCode: pkg.destination.code,
    name: pkg.name,
    dataMb: pkg.isUnlimited ? null : pkg.dataMb,
    isUnlimited: pkg.isUnlimited,
    dataType: pkg.dataType,
    validityDays: pkg.validityDays,
    validityStart: pkg.validityStart,
    coverage: pkg.coverage,
    networks: pkg.networks,
    isTopUp: pkg.isTopUp,
    supportsTopUp: pkg.supportsTopUp,
    isHotspotAllowed: pkg.isHotspotAllowed,
    fairUsePolicy: pkg.fairUsePolicy,
    speed: pkg.speed,
    costUsdE4: pkg.costUsdE4,
    ...prices,
  };
}

/**
 * Imports the upstream's packages: destinations and packages upserted, packages no longer listed deactivated,
 * prices computed from the stored settings, all in one transaction that NOTIFYs every instance on commit.
 * Idempotent; two runs at once wait for each other (advisory lock). An empty upstream list changes nothing.
 */
export async function syncCatalog(deps: SyncDeps, options: { actor?: AuditActor } = {}): Promise<CatalogSyncResult> {
  const startedAt = deps.now();
  const upstream = await deps.esim.listPackages();
  const provider = deps.esim.name;
  // The last occurrence of a code wins: one row per (provider, code), as the unique index wants.
  const sellable = [...new Map(upstream.filter(isSellable).map((pkg) => [pkg.code, pkg])).values()];
  if (sellable.length === 0) {
    throw new AppError("SERVICE_UNAVAILABLE", {
      message: "The upstream listed no sellable package; the catalog was left as it was.",
    });
  }
  const destinationRows = buildDestinationRows(sellable);
  const now = deps.now();

  return deps.db.transaction(async (tx) => {
    await lockCatalogWrites(tx);
    const settings = toPricingSettings(await ensurePriceSettings(tx, { ...DEFAULT_PRICE_SETTINGS, now }));
    const markups = await listDestinationMarkups(tx);
    // A destination's own markup, else the general one.
    const settingsOf = (code: string) => ({ ...settings, markupBps: markups.get(code) ?? settings.markupBps });
    await upsertDestinations(tx, destinationRows, now);
    await upsertPackages(
      tx,
      sellable.map((pkg) => buildPackageRow(pkg, provider, settingsOf)),
      now,
    );
    // Only what a successful list no longer contains goes off sale: a failed TOPUP list keeps the top-ups we have.
    const deactivated = await deactivatePackagesExcept(
      tx,
      provider,
      sellable.map((pkg) => pkg.code),
      { keepTopUps: upstream.isTopUpListMissing === true },
    );
    await deactivateDestinationsExcept(
      tx,
      destinationRows.map((row) => row.code),
      now,
    );
    await notifyCatalogChanged(tx);
    const topUps = sellable.filter((pkg) => pkg.isTopUp).length;
    const result = {
      destinations: destinationRows.length,
      plans: sellable.length - topUps,
      topUps,
      deactivated,
      skipped: upstream.length - sellable.length,
    };
    if (options.actor) await recordSyncRun(tx, { actor: options.actor, startedAt, now: deps.now(), result });
    return result;
  });
}

/** Syncs only when the last sync is older than `maxAgeMs` (or the catalog is empty); null when it skipped. */
export async function syncCatalogIfStale(deps: SyncDeps, maxAgeMs: number): Promise<CatalogSyncResult | null> {
  const lastSyncedAt = await findLastSyncedAt(deps.db);
  if (lastSyncedAt && deps.now().getTime() - lastSyncedAt.getTime() < maxAgeMs) return null;
  return syncCatalog(deps);
}

export interface RateChange {
  previousDzdPerUsd: string;
  dzdPerUsd: string;
  repricedCount: number;
  /** A few plans of popular destinations with their price before and after. */
  samples: { destinationCode: string; name: string; beforeDzdMinor: number; afterDzdMinor: number; usdMinor: number }[];
}

const SAMPLE_DESTINATIONS = POPULAR_COUNTRIES.slice(0, 4);

/**
 * Sets the DZD-per-USD rate through changePriceSettings (re-priced, audited as the command line, serialised with
 * syncs, every instance refreshed), with a sample of popular plans before and after. Positive rate, ≤ 4 decimals.
 */
export async function setDzdPerUsd(
  deps: Pick<AppDeps, "db" | "now">,
  input: { dzdPerUsdE4: number; actor?: AuditActor },
): Promise<RateChange> {
  if (!Number.isSafeInteger(input.dzdPerUsdE4) || input.dzdPerUsdE4 <= 0) {
    throw new RangeError("the rate must be a positive number");
  }
  const before = new Map(
    (await listSamplePackages(deps.db, SAMPLE_DESTINATIONS)).map((row) => [row.id, row.retailDzdMinor]),
  );
  const change = await changePriceSettings(deps, {
    change: { dzdPerUsd: formatDzdPerUsd(input.dzdPerUsdE4) },
    actor: input.actor ?? { operatorId: null, ip: null },
  });
  const sampleRows = await listSamplePackages(deps.db, SAMPLE_DESTINATIONS);
  const samples = SAMPLE_DESTINATIONS.flatMap((code) => {
    const row = sampleRows.find((candidate) => candidate.destinationCode === code);
    return row
      ? [
          {
            destinationCode: code,
            name: row.name,
            beforeDzdMinor: before.get(row.id) ?? row.retailDzdMinor,
            afterDzdMinor: row.retailDzdMinor,
            usdMinor: row.retailUsdMinor,
          },
        ]
      : [];
  });
  return {
    previousDzdPerUsd: change.before.dzdPerUsd,
    dzdPerUsd: change.settings.dzdPerUsd,
    repricedCount: change.repricedCount,
    samples,
  };
}

/**
 * Runs a catalogue sync for an operator (the same syncCatalog as `catalog:sync`) and answers its outcome: a success
 * is recorded with the sync's own transaction, a failure (the upstream down, an empty list) on its own, so the last
 * result is always on record. Two at once wait for each other (the sync's lock).
 */
export async function runCatalogSyncFor(
  deps: Pick<AppDeps, "db" | "esim" | "now">,
  input: { actor: AuditActor },
): Promise<CatalogSyncRunView> {
  const startedAt = deps.now();
  try {
    await syncCatalog(deps, { actor: input.actor });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await recordSyncRun(deps.db, { actor: input.actor, startedAt, now: deps.now(), result: null, error: message });
  }
  const status = await readCatalogSyncStatus(deps);
  return status.lastRun!;
}
