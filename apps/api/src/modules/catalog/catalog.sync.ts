import { AppError } from "../../lib/app-error.ts";
import type { AppDeps } from "../../lib/deps.ts";
import type { UpstreamPackage } from "../../providers/esim/esim-port.ts";
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
  repriceStoredPackage,
} from "./catalog.pricing.ts";
import {
  type DestinationUpsert,
  deactivateDestinationsExcept,
  deactivatePackagesExcept,
  ensurePriceSettings,
  findLastSyncedAt,
  listPackagePricingInputs,
  listSamplePackages,
  lockCatalogWrites,
  notifyCatalogChanged,
  type PackageUpsert,
  type PriceSettingsRow,
  updateDzdPerUsd,
  updatePackagePrices,
  upsertDestinations,
  upsertPackages,
} from "./catalog.repo.ts";

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

function buildPackageRow(pkg: UpstreamPackage, provider: string, settings: PricingSettings): PackageUpsert {
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
export async function syncCatalog(deps: SyncDeps): Promise<CatalogSyncResult> {
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
    await upsertDestinations(tx, destinationRows, now);
    await upsertPackages(
      tx,
      sellable.map((pkg) => buildPackageRow(pkg, provider, settings)),
      now,
    );
    const deactivated = await deactivatePackagesExcept(
      tx,
      provider,
      sellable.map((pkg) => pkg.code),
    );
    await deactivateDestinationsExcept(
      tx,
      destinationRows.map((row) => row.code),
      now,
    );
    await notifyCatalogChanged(tx);
    const topUps = sellable.filter((pkg) => pkg.isTopUp).length;
    return {
      destinations: destinationRows.length,
      plans: sellable.length - topUps,
      topUps,
      deactivated,
      skipped: upstream.length - sellable.length,
    };
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
 * Sets the DZD-per-USD rate and re-prices every package from its stored cost in the same transaction,
 * serialised with syncs, then NOTIFYs every instance. Positive rate with at most 4 decimals.
 */
export async function setDzdPerUsd(deps: Pick<AppDeps, "db" | "now">, input: { dzdPerUsdE4: number }) {
  if (!Number.isSafeInteger(input.dzdPerUsdE4) || input.dzdPerUsdE4 <= 0) {
    throw new RangeError("the rate must be a positive number");
  }
  const now = deps.now();
  return deps.db.transaction(async (tx): Promise<RateChange> => {
    await lockCatalogWrites(tx);
    const current = await ensurePriceSettings(tx, { ...DEFAULT_PRICE_SETTINGS, now });
    const settings = { ...toPricingSettings(current), dzdPerUsdE4: input.dzdPerUsdE4 };
    const dzdPerUsd = formatDzdPerUsd(input.dzdPerUsdE4);
    await updateDzdPerUsd(tx, { dzdPerUsd, now });
    const inputs = await listPackagePricingInputs(tx);
    const before = new Map(inputs.map((row) => [row.id, row.retailDzdMinor]));
    await updatePackagePrices(
      tx,
      inputs.map((row) => ({ id: row.id, ...repriceStoredPackage({ ...row, settings }) })),
    );
    await notifyCatalogChanged(tx);

    const sampleRows = await listSamplePackages(tx, SAMPLE_DESTINATIONS);
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
      previousDzdPerUsd: formatDzdPerUsd(toPricingSettings(current).dzdPerUsdE4),
      dzdPerUsd,
      repricedCount: inputs.length,
      samples,
    };
  });
}
