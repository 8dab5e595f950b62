import type { ValidityStart } from "@esim/shared/catalog/validity-start";
import type { EsimStatus } from "@esim/shared/statuses";
import type { PackageNetwork } from "../../modules/catalog/catalog.schema.ts";

export type { EsimStatus };

/** Where a package belongs in our catalog: one country, or one of our regions, or the global zone. */
export interface UpstreamDestination {
  /** ISO2 for a country; a region slug of `REGIONS` (packages/shared/src/catalog/regions.ts) or "global". */
  code: string;
  type: "country" | "region" | "global";
}

/** A package as the upstream sells it, already reshaped into our units. */
export interface UpstreamPackage {
  /** eSIM Access `packageCode`; what we order with. */
  code: string;
  name: string;
  destination: UpstreamDestination;
  /** ISO2 codes where it works. */
  coverage: string[];
  /** Null when unlimited. */
  dataMb: number | null;
  isUnlimited: boolean;
  /** 1 total, 2 daily then slowed, 3 daily then cut, 4 daily unlimited (eSIM Access `dataType`). */
  dataType: 1 | 2 | 3 | 4;
  validityDays: number;
  /** When validity starts: at installation or at the first connection (eSIM Access `activeType` 1 or 2). */
  validityStart: ValidityStart;
  /** Wholesale price, USD × 10 000. */
  costUsdE4: number;
  /** The upstream's suggested retail price (eSIM Access `retailPrice`), USD × 10 000, when it gives one. */
  suggestedRetailUsdE4?: number | null;
  networks: PackageNetwork[];
  /** A TOPUP package, applied to an existing eSIM. */
  isTopUp: boolean;
  /** Whether an eSIM from this package can be topped up later. */
  supportsTopUp: boolean;
  isHotspotAllowed: boolean;
  fairUsePolicy: string | null;
  speed: string | null;
}

/**
 * What listPackages answers: every package for sale. `isTopUpListMissing` says the upstream refused or failed the
 * separate TOPUP list this time: the base packages are complete, the top-ups unknown (the sync keeps those it has).
 */
export type UpstreamPackageList = UpstreamPackage[] & { isTopUpListMissing?: boolean };

/**
 * A top-up as the caller knows it: `priorCount` is how many top-ups of this package we had applied to the profile
 * before this one (0 when omitted), which lets a provider without per-transaction records recognise it (decision 053).
 */
export interface TopUpInput {
  reference: string;
  packageCode: string;
  transactionId: string;
  priceUsdE4: number;
  priorCount?: number;
}

/** One installed-or-installable eSIM profile upstream. */
export interface UpstreamProfile {
  /** eSIM Access `esimTranNo`: ICCIDs are reused, this is not. */
  reference: string;
  upstreamOrderNo: string;
  /** Null until the upstream gives it: eSIM Access documents it as optional, and new profiles may come without. */
  iccid: string | null;
  smdpAddress: string;
  matchingId: string;
  /** `LPA:1$<SM-DP+>$<matching id>`. */
  activationCode: string;
  qrCodeUrl: string | null;
  apn: string | null;
  status: EsimStatus;
  totalBytes: number | null;
  usedBytes: number;
  usageUpdatedAt: Date | null;
  expiresAt: Date | null;
  activateBefore: Date | null;
}

/** A failure talking to the upstream; `isRetryable` says whether the same call may succeed later. */
export class UpstreamError extends Error {
  readonly isRetryable: boolean;
  readonly upstreamCode: string | undefined;

  constructor(message: string, options: { isRetryable: boolean; upstreamCode?: string; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.name = "UpstreamError";
    this.isRetryable = options.isRetryable;
    this.upstreamCode = options.upstreamCode;
  }
}

/**
 * The eSIM upstream (decision 011): the real eSIM Access client or the local simulator. Every write is
 * idempotent on the caller's `transactionId`, so a retry after a crash never buys twice.
 */
export interface EsimProvider {
  readonly name: "simulator" | "esim-access";
  /** Every package for sale, base and top-up. */
  listPackages(): Promise<UpstreamPackageList>;
  /**
   * One package as the upstream sells it now, or null when it no longer exists; absent, callers search listPackages.
   * Asked when a purchase is refused for its price or package, so the retry uses today's cost (decision 083).
   */
  findPackage?(input: { code: string; isTopUp: boolean }): Promise<UpstreamPackage | null>;
  /** Orders `count` profiles of a package; the same transactionId answers the same order. */
  orderProfiles(input: {
    transactionId: string;
    packageCode: string;
    count: number;
    unitPriceUsdE4: number;
  }): Promise<{ upstreamOrderNo: string }>;
  /** The profiles of an order once allocated; "allocating" while the upstream is still preparing them. */
  queryOrder(
    upstreamOrderNo: string,
  ): Promise<{ state: "allocating" } | { state: "ready"; profiles: UpstreamProfile[] }>;
  /**
   * One profile's current state, or null when the upstream does not know it. A "background" read (a refresh a webhook
   * asked for) takes the upstream's request budget only when buying leaves it spare (decision 086).
   */
  queryProfile(reference: string, options?: { priority?: UpstreamPriority }): Promise<UpstreamProfile | null>;
  /**
   * Applies a top-up package to a profile, once: when the outcome of a call is unknown (timeout, 5xx, unrecognised
   * answer) the profile is read before any retry (decision 053); still unknown, it throws a retryable error.
   */
  topUp(input: TopUpInput): Promise<void>;
  /** Whether this top-up is already on the profile upstream; null when the upstream's answer cannot tell. */
  isTopUpApplied(input: TopUpInput): Promise<boolean | null>;
  /**
   * The upstream codes of the top-up packages that fit this eSIM, or null when the provider cannot say (no ICCID yet,
   * or no such list upstream): the caller then falls back to same-destination top-ups.
   */
  listTopUpPackageCodes(input: { iccid: string | null; baseCode: string }): Promise<string[] | null>;
  /** Cancels an unused profile (refunded upstream). */
  cancel(reference: string): Promise<void>;
  /** What is left on our prepaid account upstream, which every order and top-up draws on. */
  getBalance(): Promise<UpstreamBalance>;
}

/** Our prepaid account upstream (eSIM Access `balance/query`). */
export interface UpstreamBalance {
  /** USD × 10 000, the upstream's own unit (10 000 = $1.00). */
  balanceUsdE4: number;
}

/** Who waits when the upstream's request budget is short: "buying" (the default) goes first, "background" yields. */
export type UpstreamPriority = "buying" | "background";
