import { REGIONS, type RegionCode } from "@esim/shared/catalog/regions";
import { COUNTRY_CODES } from "@esim/shared/countries";
import type { PackageNetwork } from "../../../modules/catalog/catalog.schema.ts";
import type { UpstreamDestination, UpstreamPackage } from "../esim-port.ts";
import { REGION_MEMBERS } from "../region-members.ts";
import {
  COUNTRY_USD_PER_GB,
  EXCLUDED_COUNTRIES,
  EXPENSIVE_COUNTRIES,
  KNOWN_OPERATORS,
  POPULAR_COUNTRIES,
  REGION_USD_PER_GB,
  ZONE_BY_COUNTRY,
  ZONE_OPERATORS,
  ZONE_USD_PER_GB,
} from "./catalogue-data.ts";
import { hashUnit } from "./hash.ts";

/**
 * The cheapest wholesale price the simulator sells: $0.35, which lands near 64 DA retail after a 30 % markup
 * at about 135 DZD/USD, the "from 64 DA" the marketing lines quote.
 */
export const MIN_COST_USD_E4 = 3500;

interface PlanTemplate {
  key: string;
  /** Null for unlimited plans. */
  dataMb: number | null;
  validityDays: number;
  dataType: 1 | 2 | 4;
  /** For unlimited plans: the daily high-speed allowance that the fair-use policy describes. */
  dailyHighSpeedMb?: number;
  fairUsePolicy?: string;
}

const GB = 1024;

const TEMPLATES = {
  "500MB-1D": { key: "500MB-1D", dataMb: 500, validityDays: 1, dataType: 1 },
  "1GB-7D": { key: "1GB-7D", dataMb: GB, validityDays: 7, dataType: 1 },
  "3GB-15D": { key: "3GB-15D", dataMb: 3 * GB, validityDays: 15, dataType: 1 },
  "3GB-30D": { key: "3GB-30D", dataMb: 3 * GB, validityDays: 30, dataType: 1 },
  "5GB-30D": { key: "5GB-30D", dataMb: 5 * GB, validityDays: 30, dataType: 1 },
  "10GB-30D": { key: "10GB-30D", dataMb: 10 * GB, validityDays: 30, dataType: 1 },
  "10GB-60D": { key: "10GB-60D", dataMb: 10 * GB, validityDays: 60, dataType: 1 },
  "20GB-30D": { key: "20GB-30D", dataMb: 20 * GB, validityDays: 30, dataType: 1 },
  "20GB-90D": { key: "20GB-90D", dataMb: 20 * GB, validityDays: 90, dataType: 1 },
  "50GB-90D": { key: "50GB-90D", dataMb: 50 * GB, validityDays: 90, dataType: 1 },
  "UL-7D": {
    key: "UL-7D",
    dataMb: null,
    validityDays: 7,
    dataType: 2,
    dailyHighSpeedMb: 2 * GB,
    fairUsePolicy: "High speed up to 2 GB/day, then 512 kbps",
  },
  "UL-30D": {
    key: "UL-30D",
    dataMb: null,
    validityDays: 30,
    dataType: 4,
    dailyHighSpeedMb: 3 * GB,
    fairUsePolicy: "High speed up to 3 GB/day, then 1 Mbps",
  },
} as const satisfies Record<string, PlanTemplate>;

type TemplateKey = keyof typeof TEMPLATES;

const CORE_PLANS: TemplateKey[] = ["1GB-7D", "3GB-15D", "5GB-30D", "10GB-30D"];
const OPTIONAL_PLANS: TemplateKey[] = ["500MB-1D", "20GB-30D", "50GB-90D", "UL-7D", "UL-30D"];
const POPULAR_PLANS: TemplateKey[] = [
  "500MB-1D",
  "1GB-7D",
  "3GB-15D",
  "5GB-30D",
  "10GB-30D",
  "20GB-30D",
  "50GB-90D",
  "UL-7D",
];
const EXPENSIVE_PLANS: TemplateKey[] = ["500MB-1D", "1GB-7D", "3GB-15D", "5GB-30D"];
const MAX_PLANS_PER_COUNTRY = 8;
/**
 * Plans whose validity starts at the first connection in the destination (eSIM Access activeType 2); every other
 * one starts at installation (activeType 1, as in all the documented examples). A fixed share, so both kinds can be
 * tried anywhere: Türkiye's 1 GB 7 days starts at installation, its 3 GB 15 days at the first connection.
 */
const FIRST_CONNECTION_PLANS: ReadonlySet<string> = new Set<TemplateKey>([
  "3GB-15D",
  "10GB-30D",
  "10GB-60D",
  "50GB-90D",
]);
/** Below this price per GB a country always gets the 500 MB day pass, so the floor price is really sold. */
const CHEAP_USD_PER_GB = 0.7;
const MAX_BIG_PLAN_USD_PER_GB = 1.8;

const REGION_PLANS: Record<RegionCode, TemplateKey[]> = {
  europe: ["1GB-7D", "3GB-15D", "5GB-30D", "10GB-30D", "20GB-30D", "50GB-90D", "UL-7D"],
  "middle-east-north-africa": ["1GB-7D", "3GB-15D", "5GB-30D", "10GB-30D", "20GB-30D", "UL-7D"],
  asia: ["1GB-7D", "3GB-15D", "5GB-30D", "10GB-30D", "20GB-30D"],
  africa: ["1GB-7D", "3GB-15D", "5GB-30D", "10GB-30D"],
  americas: ["1GB-7D", "3GB-15D", "5GB-30D", "10GB-30D", "20GB-30D"],
  global: ["1GB-7D", "3GB-30D", "5GB-30D", "10GB-60D", "20GB-90D"],
};

const englishNames = new Intl.DisplayNames(["en"], { type: "region" });

function countryName(code: string): string {
  return englishNames.of(code) ?? code;
}

/** Countries the simulator sells, in ISO order. */
export function listSimulatorCountries(): string[] {
  return COUNTRY_CODES.filter((code, index) => COUNTRY_CODES.indexOf(code) === index).filter(
    (code) => !EXCLUDED_COUNTRIES.has(code) && ZONE_BY_COUNTRY.has(code),
  );
}

function countryUsdPerGb(code: string): number {
  const known = COUNTRY_USD_PER_GB[code];
  if (known !== undefined) return known;
  const zone = ZONE_BY_COUNTRY.get(code) ?? "africa";
  const base = ZONE_USD_PER_GB[zone] * (EXPENSIVE_COUNTRIES.has(code) ? 2.5 : 1);
  // ±15 % so that neighbours do not all cost the same.
  return base * (0.85 + 0.3 * hashUnit(`${code}:price`));
}

function countryNetworks(code: string): PackageNetwork[] {
  const known = KNOWN_OPERATORS[code];
  if (known) return known.map(([operator, networkType]) => ({ country: code, operator, networkType }));
  const zone = ZONE_BY_COUNTRY.get(code) ?? "africa";
  const pool = ZONE_OPERATORS[zone];
  const count = EXPENSIVE_COUNTRIES.has(code) ? 1 : 1 + Math.floor(hashUnit(`${code}:operators`) * 3);
  const start = Math.floor(hashUnit(`${code}:operator-start`) * pool.length);
  const hasFiveG = zone === "europe" && hashUnit(`${code}:5g`) < 0.6;
  return Array.from({ length: count }, (_, index) => ({
    country: code,
    operator: pool[(start + index * 3) % pool.length]!,
    networkType: hasFiveG && index === 0 ? "5G" : "4G",
  }));
}

function countryPlanKeys(code: string, usdPerGb: number): TemplateKey[] {
  if (POPULAR_COUNTRIES.includes(code)) return POPULAR_PLANS;
  if (EXPENSIVE_COUNTRIES.has(code)) {
    return hashUnit(`${code}:10gb`) < 0.5 ? [...EXPENSIVE_PLANS, "10GB-30D"] : EXPENSIVE_PLANS;
  }
  const optional = OPTIONAL_PLANS.filter((key) => {
    if (key === "500MB-1D" && usdPerGb < CHEAP_USD_PER_GB) return true;
    // Unlimited and very large plans only where roaming data is cheap enough for an operator to offer them.
    const isBig = TEMPLATES[key].dataMb === null || key === "50GB-90D";
    if (isBig && usdPerGb > MAX_BIG_PLAN_USD_PER_GB) return false;
    return hashUnit(`${code}:${key}`) < 0.5;
  });
  return [
    ...optional.filter((key) => key === "500MB-1D"),
    ...CORE_PLANS,
    ...optional.filter((key) => key !== "500MB-1D"),
  ].slice(0, MAX_PLANS_PER_COUNTRY);
}

/**
 * Wholesale price: a volume discount (price grows with data^0.8) and a little more for a longer validity.
 * Unlimited plans cost as if most of their daily allowance were used.
 */
function costUsdE4(template: PlanTemplate, usdPerGb: number): number {
  const dataGb =
    template.dataMb === null
      ? ((template.dailyHighSpeedMb ?? GB) / GB) * template.validityDays * 0.5
      : template.dataMb / GB;
  const usd = usdPerGb * dataGb ** 0.8 * (1 + template.validityDays / 300);
  // Whole cents, as upstream price lists are.
  return Math.max(MIN_COST_USD_E4, Math.round(usd * 100) * 100);
}

function describeData(template: PlanTemplate): string {
  if (template.dataMb === null) return "Unlimited";
  return template.dataMb < GB ? `${template.dataMb}MB` : `${template.dataMb / GB}GB`;
}

function buildPackage(options: {
  code: string;
  label: string;
  destination: UpstreamDestination;
  coverage: string[];
  networks: PackageNetwork[];
  template: PlanTemplate;
  usdPerGb: number;
  isTopUp: boolean;
  supportsTopUp: boolean;
}): UpstreamPackage {
  const { template } = options;
  const hasFiveG = options.networks.some((network) => network.networkType === "5G");
  const days = `${template.validityDays} ${template.validityDays === 1 ? "day" : "days"}`;
  return {
    code: options.code,
    name: `${options.label} ${describeData(template)} ${days}${options.isTopUp ? " top-up" : ""}`,
    destination: options.destination,
    coverage: options.coverage,
    dataMb: template.dataMb,
    isUnlimited: template.dataMb === null,
    dataType: template.dataType,
    validityDays: template.validityDays,
    validityStart: FIRST_CONNECTION_PLANS.has(template.key) ? "first_connection" : "installation",
    costUsdE4: costUsdE4(template, options.usdPerGb),
    networks: options.networks,
    isTopUp: options.isTopUp,
    supportsTopUp: options.supportsTopUp,
    // Operators commonly forbid tethering on daily-unlimited plans.
    isHotspotAllowed: template.dataType !== 4,
    fairUsePolicy: template.fairUsePolicy ?? null,
    speed: hasFiveG ? "3G/4G/5G" : "3G/4G",
  };
}

/** A base package and, when it accepts top-ups, the top-up package sold for it. */
function buildPlanPair(options: Omit<Parameters<typeof buildPackage>[0], "isTopUp" | "code"> & { codePrefix: string }) {
  const code = `${options.codePrefix}-${options.template.key}`;
  const base = buildPackage({ ...options, code, isTopUp: false });
  if (!options.supportsTopUp) return [base];
  return [base, buildPackage({ ...options, code: `${code}-TOPUP`, isTopUp: true, supportsTopUp: false })];
}

/** Builds the catalogue from scratch; `getSimulatorCatalogue` keeps one copy. */
export function buildSimulatorCatalogue(): UpstreamPackage[] {
  const countries = listSimulatorCountries();
  const sold = new Set(countries);
  const networksByCountry = new Map(countries.map((code) => [code, countryNetworks(code)]));
  const packages: UpstreamPackage[] = [];

  for (const code of countries) {
    const usdPerGb = countryUsdPerGb(code);
    // A few markets' operators refuse top-ups altogether; day passes are never topped up.
    const acceptsTopUps = POPULAR_COUNTRIES.includes(code) || hashUnit(`${code}:topup`) >= 0.12;
    for (const key of countryPlanKeys(code, usdPerGb)) {
      packages.push(
        ...buildPlanPair({
          codePrefix: `SIM-${code}`,
          label: countryName(code),
          destination: { code, type: "country" },
          coverage: [code],
          networks: networksByCountry.get(code) ?? [],
          template: TEMPLATES[key],
          usdPerGb,
          supportsTopUp: acceptsTopUps && key !== "500MB-1D",
        }),
      );
    }
  }

  const regionCoverage = (region: RegionCode): string[] => {
    if (region !== "global") return REGION_MEMBERS[region].filter((code) => sold.has(code));
    const members = new Set([...Object.values(REGION_MEMBERS).flat(), "AU", "NZ"]);
    return countries.filter((code) => members.has(code));
  };

  for (const region of Object.keys(REGIONS) as RegionCode[]) {
    const coverage = regionCoverage(region);
    const destination: UpstreamDestination =
      region === "global" ? { code: "global", type: "global" } : { code: region, type: "region" };
    const networks = coverage.flatMap((code) => networksByCountry.get(code) ?? []);
    for (const key of REGION_PLANS[region]) {
      packages.push(
        ...buildPlanPair({
          codePrefix: `SIM-${region.toUpperCase()}`,
          label: region === "global" ? "Global" : REGIONS[region].en,
          destination,
          coverage,
          networks,
          template: TEMPLATES[key],
          usdPerGb: REGION_USD_PER_GB[region],
          supportsTopUp: true,
        }),
      );
    }
  }
  return packages;
}

let catalogue: readonly UpstreamPackage[] | undefined;

/** The simulator's whole catalogue, base and top-up packages; built once, identical on every run. */
export function getSimulatorCatalogue(): readonly UpstreamPackage[] {
  catalogue ??= Object.freeze(buildSimulatorCatalogue());
  return catalogue;
}

let catalogueByCode: ReadonlyMap<string, UpstreamPackage> | undefined;

export function findSimulatorPackage(code: string): UpstreamPackage | undefined {
  catalogueByCode ??= new Map(getSimulatorCatalogue().map((pkg) => [pkg.code, pkg]));
  return catalogueByCode.get(code);
}
