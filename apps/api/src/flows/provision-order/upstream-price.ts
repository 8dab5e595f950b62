import type { AutomaticRefundReason } from "@esim/shared/orders/refunds";
import type { AppDeps } from "../../lib/deps.ts";
import {
  isPackagePriceStale,
  listEquivalentPackages,
  parseDzdPerUsdE4,
  readPriceSettings,
  refreshPackageFromUpstream,
} from "../../modules/catalog/index.ts";
import { getOrderMoney } from "../../modules/ledger/index.ts";
import { type OrderRow, type OrderWithPackage, recordCostBeforeBuying } from "../../modules/orders/index.ts";
import { UpstreamError } from "../../providers/esim/esim-port.ts";

// Buying at the upstream's price of today (decision 083), for a new eSIM and a top-up alike.

/** The upstream's refusals of the price we sent (eSIM Access 200005 "package price", 200006 "amount wrong"). */
const PRICE_REFUSALS = new Set(["200005", "200006"]);
/** eSIM Access 310241: "The packageCode does not exist." */
const PACKAGE_GONE = "310241";

/** Thrown inside a run when the order can no longer be bought as sold: the sale is owed back, nothing is flagged. */
export class RefundOwedInstead extends Error {
  constructor(
    readonly reason: AutomaticRefundReason,
    message: string,
  ) {
    super(message);
  }
}

/** What is bought upstream: the order's package, or the stand-in for it when the upstream withdrew it. */
export interface UpstreamPurchase {
  packageId: string;
  packageCode: string;
  costUsdE4: number;
}

/** Stand-ins tried for a withdrawn package, cheapest first: each costs one `package/list` call. */
const STAND_INS_TRIED = 3;

/**
 * Buys at the upstream's price of today: a stored price older than the catalogue's resync period is refreshed first; a
 * refusal of the price (200005/200006) or of the package (310241) refreshes that package at once. A package the
 * upstream no longer lists is taken off sale and a new eSIM is bought as an equivalent package when one clears the
 * floor (the same destination and kind, at least the data and days sold), else the order is refunded; a cost that rose
 * is bought at by itself while the sale still clears the operator's floor, else refunded. Anything else is the
 * caller's failure.
 */
export async function buyAtUpstreamPrice<T>(
  deps: AppDeps,
  order: OrderRow,
  pkg: OrderWithPackage["package"],
  buy: (purchase: UpstreamPurchase) => Promise<T>,
): Promise<T> {
  let purchase: UpstreamPurchase = { packageId: pkg.id, packageCode: pkg.upstreamCode, costUsdE4: pkg.costUsdE4 };
  if (isPackagePriceStale(pkg, deps.now())) {
    purchase = await purchaseAtTodaysCost(deps, order, pkg, purchase.costUsdE4);
  }
  try {
    await recordCostBeforeBuying(deps, order, { packageId: purchase.packageId, unitCostUsdE4: purchase.costUsdE4 });
    return await buy(purchase);
  } catch (error) {
    const code = error instanceof UpstreamError ? (error.upstreamCode ?? "") : "";
    if (!PRICE_REFUSALS.has(code) && code !== PACKAGE_GONE) throw error;
    const refreshed = await purchaseAtTodaysCost(deps, order, pkg, purchase.costUsdE4);
    // Listed, at the price we sent: the refusal is not about price or withdrawal, so it stays the failure it was.
    if (refreshed.packageId === purchase.packageId && refreshed.costUsdE4 === purchase.costUsdE4) throw error;
    // The refusal bought nothing: the cost of this purchase replaces the one stored before it.
    await recordCostBeforeBuying(
      deps,
      order,
      { packageId: refreshed.packageId, unitCostUsdE4: refreshed.costUsdE4 },
      { replace: true },
    );
    return buy(refreshed);
  }
}

/** The package at the upstream's cost now, or its stand-in when withdrawn; throws RefundOwedInstead when unsellable. */
async function purchaseAtTodaysCost(
  deps: AppDeps,
  order: OrderRow,
  pkg: OrderWithPackage["package"],
  soldAtUsdE4: number,
): Promise<UpstreamPurchase> {
  try {
    const costUsdE4 = await refreshedCost(deps, order, pkg, soldAtUsdE4);
    return { packageId: pkg.id, packageCode: pkg.upstreamCode, costUsdE4 };
  } catch (error) {
    if (!(error instanceof RefundOwedInstead) || error.reason !== "package_withdrawn") throw error;
    const standIn = await findStandIn(deps, order, pkg);
    if (!standIn) throw error;
    return standIn;
  }
}

/**
 * An equivalent package on sale for a withdrawn one (catalog's listEquivalentPackages), at the upstream's cost now and
 * clearing the operator's floor on this sale; none for a top-up (its compatibility is the upstream's to say).
 */
async function findStandIn(
  deps: AppDeps,
  order: OrderRow,
  withdrawn: OrderWithPackage["package"],
): Promise<UpstreamPurchase | undefined> {
  const candidates = (await listEquivalentPackages(deps.db, withdrawn)).slice(0, STAND_INS_TRIED);
  for (const candidate of candidates) {
    const refreshed = await refreshPackageFromUpstream(deps, candidate);
    if (!refreshed.exists) continue;
    const margin = await marginAtCost(deps, order, refreshed.costUsdE4);
    if (margin.marginDzdMinor < deps.config.UPSTREAM_REPRICE_MIN_MARGIN_DZD * 100) continue;
    return { packageId: candidate.id, packageCode: candidate.upstreamCode, costUsdE4: refreshed.costUsdE4 };
  }
  return undefined;
}

/** The package's cost as the upstream says now (stored in the catalogue); throws RefundOwedInstead when unsellable. */
async function refreshedCost(
  deps: AppDeps,
  order: OrderRow,
  pkg: OrderWithPackage["package"],
  soldAtUsdE4: number,
): Promise<number> {
  const refreshed = await refreshPackageFromUpstream(deps, pkg);
  if (!refreshed.exists) {
    throw new RefundOwedInstead(
      "package_withdrawn",
      `the package ${pkg.upstreamCode} was withdrawn by the upstream and is off sale, with no equivalent to buy`,
    );
  }
  // A cost that fell (or stayed) was already accepted when the order was sold; only a rise is held to the floor.
  if (refreshed.costUsdE4 > soldAtUsdE4) {
    const margin = await marginAtCost(deps, order, refreshed.costUsdE4);
    const floorDzdMinor = deps.config.UPSTREAM_REPRICE_MIN_MARGIN_DZD * 100;
    if (margin.marginDzdMinor < floorDzdMinor) {
      throw new RefundOwedInstead(
        "upstream_price_loss",
        `the upstream's price of ${pkg.upstreamCode} rose to ${refreshed.costUsdE4 / 10_000} USD: ` +
          `${margin.costDzdMinor / 100} DA for a sale of ${margin.netDzdMinor / 100} DA net, under the floor`,
      );
    }
  }
  return refreshed.costUsdE4;
}

/**
 * What the order would earn at this upstream cost: the sale net of the merchant's share of the gateway fee, minus
 * the cost (× quantity) in dinars at today's rate, rounded up against us.
 */
async function marginAtCost(deps: AppDeps, order: OrderRow, unitCostUsdE4: number) {
  const money = await getOrderMoney(deps.db, order.id);
  const soldDzdMinor = money.soldDzdMinor - money.refundedDzdMinor;
  const merchantSharePercent =
    deps.config.PAYMENT_FEES_PAID_BY === "merchant"
      ? deps.config.PAYMENT_FEE_PERCENT
      : deps.config.PAYMENT_FEES_PAID_BY === "split"
        ? deps.config.PAYMENT_FEE_PERCENT / 2
        : 0;
  const netDzdMinor = Math.floor(soldDzdMinor * (1 - merchantSharePercent / 100));
  const rateE4 = parseDzdPerUsdE4((await readPriceSettings(deps)).dzdPerUsd) ?? 0;
  // USD × 1e4 × (DZD/USD × 1e4) → DZD minor: ÷ 1e4 ÷ 1e4 × 100.
  const costDzdMinor = Math.ceil((unitCostUsdE4 * order.quantity * rateE4) / 1_000_000);
  return { netDzdMinor, costDzdMinor, marginDzdMinor: netDzdMinor - costDzdMinor };
}
