import type { RegionCode } from "@esim/shared/catalog/regions";
import { validityStartOfActiveType } from "@esim/shared/catalog/validity-start";
import { COUNTRY_CODES, isCountryCode } from "@esim/shared/countries";
import type { PackageNetwork } from "../../../modules/catalog/catalog.schema.ts";
import type { UpstreamDestination, UpstreamPackage } from "../esim-port.ts";
import { REGION_MEMBERS } from "../region-members.ts";
import type { EsimAccessPackage } from "./esim-access-schemas.ts";

const BYTES_PER_MB = 1024 * 1024;
/** A multi-country package covering more countries than this is sold as global even without a "global" name. */
const GLOBAL_MIN_COUNTRIES = 60;
/** Share of a package's countries that must belong to one of our regions to be sold under it. */
const REGION_MIN_SHARE = 0.6;

type SaleRegion = Exclude<RegionCode, "global">;

/**
 * eSIM Access names regions by code prefix (`EU-42`, `AS-12`, `GL-139`, `NA-3`…) and by name. The MENA test
 * runs before Africa and Asia: "Middle East and North Africa" also says "Africa".
 */
const REGION_BY_NAME: [RegExp, SaleRegion | "global"][] = [
  [/^(GL|GLOBAL)\b|global|world/i, "global"],
  [/^(ME|MENA|GCC)\b|middle[ -]east|mena\b|gulf|north africa/i, "middle-east-north-africa"],
  [/^EU\b|europe/i, "europe"],
  [/^AF\b|africa/i, "africa"],
  [/^(AS|APAC)\b|asia/i, "asia"],
  [/^(NA|SA|LATAM|CB)\b|america|caribbean|latam/i, "americas"],
];

const englishNames = new Intl.DisplayNames(["en"], { type: "region" });
const COUNTRY_BY_ENGLISH_NAME = new Map(
  COUNTRY_CODES.map((code) => [(englishNames.of(code) ?? code).toLowerCase(), code] as const),
);

export function parseCoverage(location: string): string[] {
  const codes = location
    .split(",")
    .map((code) => code.trim().toUpperCase())
    .filter((code) => isCountryCode(code));
  return [...new Set(codes)];
}

/** Where a package belongs in our catalog, or null when it fits none of our destinations. */
export function mapDestination(input: {
  coverage: string[];
  locationCode: string | null | undefined;
  slug: string | null | undefined;
  name: string;
}): UpstreamDestination | null {
  const [only] = input.coverage;
  if (input.coverage.length === 1 && only) return { code: only, type: "country" };
  if (input.coverage.length === 0) return null;
  // eSIM Access marks region and global packages in locationCode with `!RG` and `!GL`.
  if (input.locationCode?.toUpperCase().startsWith("!GL")) return { code: "global", type: "global" };
  for (const label of [input.locationCode, input.slug, input.name]) {
    if (!label || label.startsWith("!")) continue;
    const found = REGION_BY_NAME.find(([pattern]) => pattern.test(label));
    if (found) return found[1] === "global" ? { code: "global", type: "global" } : { code: found[1], type: "region" };
  }
  if (input.coverage.length > GLOBAL_MIN_COUNTRIES) return { code: "global", type: "global" };
  let best: { region: SaleRegion; share: number } | undefined;
  for (const [region, members] of Object.entries(REGION_MEMBERS) as [SaleRegion, readonly string[]][]) {
    const share = input.coverage.filter((code) => members.includes(code)).length / input.coverage.length;
    if (!best || share > best.share) best = { region, share };
  }
  return best && best.share >= REGION_MIN_SHARE ? { code: best.region, type: "region" } : null;
}

/** Validity in days; null when the unit is unknown (the package is then left out rather than mispriced). */
export function toValidityDays(duration: number, unit: string | null | undefined): number | null {
  switch ((unit ?? "DAY").toUpperCase()) {
    case "DAY":
      return duration;
    case "MONTH":
      return duration * 30;
    case "YEAR":
      return duration * 365;
    case "HOUR":
      return Math.ceil(duration / 24);
    default:
      return null;
  }
}

function toNetworks(pkg: EsimAccessPackage, coverage: string[]): PackageNetwork[] {
  const networks: PackageNetwork[] = [];
  for (const location of pkg.locationNetworkList ?? []) {
    const fromCode = location.locationCode?.toUpperCase();
    const country =
      (fromCode && isCountryCode(fromCode) ? fromCode : undefined) ??
      COUNTRY_BY_ENGLISH_NAME.get((location.locationName ?? "").toLowerCase()) ??
      (coverage.length === 1 ? coverage[0] : undefined);
    if (!country) continue;
    for (const operator of location.operatorList ?? []) {
      networks.push({ country, operator: operator.operatorName, networkType: operator.networkType ?? "4G" });
    }
  }
  return networks;
}

/**
 * One eSIM Access package in our units, or null when it cannot be sold as one of our plans (unknown
 * destination, not priced in USD, validity outside 1–90 days, which the catalogue and product refuse, or a daily
 * plan: decision 051). `onLeftOut` hears why.
 */
export function mapEsimAccessPackage(
  pkg: EsimAccessPackage,
  options: { isTopUp: boolean; onLeftOut?: (reason: string) => void },
): UpstreamPackage | null {
  const leaveOut = (reason: string) => {
    options.onLeftOut?.(reason);
    return null;
  };
  if (pkg.currencyCode && pkg.currencyCode.toUpperCase() !== "USD") return leaveOut("not priced in USD");
  // Daily plans (dataType 2, 3, 4) are priced per day and ordered with periodNum: kept out until a day picker exists.
  if (pkg.dataType === 2 || pkg.dataType === 3 || pkg.dataType === 4) return leaveOut("daily plan (decision 051)");
  const coverage = parseCoverage(pkg.location);
  const destination = mapDestination({ coverage, locationCode: pkg.locationCode, slug: pkg.slug, name: pkg.name });
  if (!destination) return leaveOut("fits none of our destinations");
  const validityDays = toValidityDays(pkg.duration, pkg.durationUnit);
  if (validityDays === null || validityDays < 1 || validityDays > 90) return leaveOut("validity outside 1–90 days");

  // Only plans with data in total (dataType 1) reach here; a volume of -1 is eSIM Access's "unlimited".
  const isUnlimited = pkg.volume < 0;
  const volumeMb = pkg.volume > 0 ? Math.round(pkg.volume / BYTES_PER_MB) : null;

  return {
    code: pkg.packageCode,
    name: pkg.name,
    destination,
    coverage,
    dataMb: isUnlimited ? null : volumeMb,
    isUnlimited,
    dataType: 1,
    validityDays,
    validityStart: validityStartOfActiveType(pkg.activeType),
    costUsdE4: pkg.price,
    networks: toNetworks(pkg, coverage),
    isTopUp: options.isTopUp,
    supportsTopUp: pkg.supportTopUpType === 2,
    // eSIM Access publishes no hotspot flag; its plans allow tethering unless the name says otherwise.
    isHotspotAllowed: !/no hotspot|hotspot not/i.test(pkg.name),
    fairUsePolicy: pkg.fupPolicy ?? null,
    speed: pkg.speed ?? null,
  };
}
