import { DASHBOARD_TIME_ZONE } from "@esim/shared/console/dashboard-contract";
import type { MarginFigures, MarginPeriod, MarginReport, OrderMargin } from "@esim/shared/console/margins-contract";
import { toConsolePlan } from "@esim/shared/console/plan-view";
import type { PlanMarginView, PricePreview, PriceSettingsChange } from "@esim/shared/console/prices-contract";
import { AppError } from "../../lib/app-error.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { formatDzdPerUsd, parseDzdPerUsdE4, previewPriceChange } from "../catalog/index.ts";
import { addDays, dayOf, midnightOf } from "../dashboard/index.ts";
import { readSellerIdentity, splitTva } from "../invoices/index.ts";
import { getRefundedByOrder } from "../ledger/index.ts";
import { findOrderForMargin, listPaidOrdersForMargin, type MarginOrderRow } from "./margins.repo.ts";

// The owner's margin (decision 065): what an order was sold for excluding TVA, net of its refunds, minus what it cost
// at the upstream in DZD at the rate recorded when it was bought. Integer arithmetic only.

const DAYS_OF_PERIOD: Record<MarginPeriod, number> = { today: 1, "7d": 7, "30d": 30 };

/** An upstream cost (USD × 10 000) in DZD minor units at a rate (DZD per USD × 10 000), to the nearest centime. */
export function costDzdMinorOf(costUsdE4: number, dzdPerUsdE4: number): number {
  // USD × 1e4 × DZD/USD × 1e4 = DZD × 1e8 = centimes × 1e6; half up.
  return Number((BigInt(costUsdE4) * BigInt(dzdPerUsdE4) + 500_000n) / 1_000_000n);
}

/** margin / sold in basis points, to the nearest; null when nothing is sold. */
function marginBpsOf(marginDzdMinor: number, soldDzdMinor: number): number | null {
  return soldDzdMinor > 0 ? Math.round((marginDzdMinor * 10_000) / soldDzdMinor) : null;
}

/**
 * What an order sold excluding TVA, net of its refunds: the one place the margin reads it. Each amount TTC is split at
 * the order's TVA rate as its invoice and credit notes are (splitTva), so a whole refund leaves exactly 0.
 */
export function netSoldHtDzdMinor(input: { chargeDzdMinor: number; refundedTtcDzdMinor: number; tvaRateBps: number }) {
  const soldHtDzdMinor = splitTva(input.chargeDzdMinor, input.tvaRateBps).htDzdMinor;
  const refundedHtDzdMinor = splitTva(input.refundedTtcDzdMinor, input.tvaRateBps).htDzdMinor;
  return { soldHtDzdMinor, refundedHtDzdMinor, netSoldHtDzdMinor: soldHtDzdMinor - refundedHtDzdMinor };
}

/** What was refunded of each order, TTC, by order id. */
/** Each order's sales reversed by refunds owed (sent or not: the sale is undone when the refund is decided). */
async function readRefundedTtc(deps: AppDeps, rows: MarginOrderRow[]): Promise<Map<string, number>> {
  return getRefundedByOrder(
    deps.db,
    rows.map((row) => row.id),
  );
}

/**
 * What the upstream credited back of an order's cost: eSIM Access refunds to our balance the price of a profile it
 * cancels unused, so each eSIM cancelled on an approved request gives back its share of the order (cost / quantity).
 */
export function upstreamCreditUsdE4Of(costUsdE4: number, quantity: number, cancelledEsims: number): number {
  return Math.round((costUsdE4 * Math.min(cancelledEsims, quantity)) / quantity);
}

/**
 * The order's cost net of the upstream's credit: 0 while it is not bought, null (unknown) when bought before costs
 * were recorded.
 */
function costOf(row: MarginOrderRow): {
  costUsdE4: number | null;
  upstreamCreditUsdE4: number;
  dzdPerUsd: string | null;
  costDzdMinor: number | null;
} {
  const dzdPerUsdE4 = row.upstreamDzdPerUsd === null ? null : parseDzdPerUsdE4(row.upstreamDzdPerUsd);
  const dzdPerUsd = dzdPerUsdE4 === null ? null : formatDzdPerUsd(dzdPerUsdE4);
  if (!row.isBought) return { costUsdE4: 0, upstreamCreditUsdE4: 0, dzdPerUsd, costDzdMinor: 0 };
  if (row.upstreamCostUsdE4 === null || dzdPerUsdE4 === null) {
    return { costUsdE4: null, upstreamCreditUsdE4: 0, dzdPerUsd: null, costDzdMinor: null };
  }
  const upstreamCreditUsdE4 = upstreamCreditUsdE4Of(row.upstreamCostUsdE4, row.quantity, row.cancelledEsims);
  return {
    costUsdE4: row.upstreamCostUsdE4,
    upstreamCreditUsdE4,
    dzdPerUsd,
    costDzdMinor: costDzdMinorOf(row.upstreamCostUsdE4 - upstreamCreditUsdE4, dzdPerUsdE4),
  };
}

/** Paid, and neither delivered nor being refunded: what it will cost is not known yet, so no margin is counted. */
function isPendingOrder(row: MarginOrderRow): boolean {
  return row.confirmedAt !== null && !["delivered", "refund_due", "refunded"].includes(row.status);
}

function orderMarginOf(row: MarginOrderRow, refundedTtcDzdMinor: number, currentTvaRateBps: number): OrderMargin {
  const tvaRateBps = row.invoiceTvaRateBps ?? currentTvaRateBps;
  // An order never paid sold nothing.
  const sold = netSoldHtDzdMinor({
    chargeDzdMinor: row.confirmedAt ? row.chargeDzdMinor : 0,
    refundedTtcDzdMinor,
    tvaRateBps,
  });
  const cost = costOf(row);
  const isPending = isPendingOrder(row);
  const marginDzdMinor = cost.costDzdMinor === null || isPending ? null : sold.netSoldHtDzdMinor - cost.costDzdMinor;
  return {
    tvaRateBps,
    ...sold,
    ...cost,
    isPending,
    marginDzdMinor,
    marginBps: marginDzdMinor === null ? null : marginBpsOf(marginDzdMinor, sold.netSoldHtDzdMinor),
  };
}

/** One order's margin (sold and refunded HT, upstream cost in DZD, margin); NOT_FOUND for an unknown number. */
export async function getOrderMargin(deps: AppDeps, options: { number: string }): Promise<OrderMargin> {
  const row = await findOrderForMargin(deps.db, options.number);
  if (!row) throw new AppError("NOT_FOUND", { message: "No order has this number." });
  const [refunded, seller] = await Promise.all([
    readRefundedTtc(deps, [row]),
    readSellerIdentity(deps.db, deps.config),
  ]);
  return orderMarginOf(row, refunded.get(row.id) ?? 0, seller.tvaRateBps);
}

/** Sums of a group of orders; cost and margin over the delivered (or refunded) orders whose cost is known. */
class FiguresSum {
  orders = 0;
  netSoldHtDzdMinor = 0;
  unknownCostOrders = 0;
  pendingOrders = 0;
  knownNetSoldHtDzdMinor = 0;
  costDzdMinor = 0;

  add(margin: OrderMargin): void {
    this.orders += 1;
    this.netSoldHtDzdMinor += margin.netSoldHtDzdMinor;
    if (margin.isPending) {
      this.pendingOrders += 1;
      return;
    }
    if (margin.costDzdMinor === null) {
      this.unknownCostOrders += 1;
      return;
    }
    this.knownNetSoldHtDzdMinor += margin.netSoldHtDzdMinor;
    this.costDzdMinor += margin.costDzdMinor;
  }

  figures(): MarginFigures {
    const isKnown = this.orders > this.unknownCostOrders + this.pendingOrders;
    const marginDzdMinor = isKnown ? this.knownNetSoldHtDzdMinor - this.costDzdMinor : null;
    return {
      orders: this.orders,
      netSoldHtDzdMinor: this.netSoldHtDzdMinor,
      unknownCostOrders: this.unknownCostOrders,
      pendingOrders: this.pendingOrders,
      costDzdMinor: isKnown ? this.costDzdMinor : null,
      marginDzdMinor,
      marginBps: marginDzdMinor === null ? null : marginBpsOf(marginDzdMinor, this.knownNetSoldHtDzdMinor),
    };
  }
}

/**
 * The margin of the orders paid in the period (from an Africa/Algiers midnight until now): totals, one row per plan
 * (largest margin first, unknown last) and one per day (oldest first, days without sales included). Reads only.
 */
export async function getMarginReport(deps: AppDeps, options: { period: MarginPeriod }): Promise<MarginReport> {
  const now = deps.now();
  const dayCount = DAYS_OF_PERIOD[options.period];
  const firstDay = addDays(dayOf(now), -(dayCount - 1));
  const from = midnightOf(firstDay);
  const [rows, seller] = await Promise.all([
    listPaidOrdersForMargin(deps.db, { from, to: now }),
    readSellerIdentity(deps.db, deps.config),
  ]);
  const refunded = await readRefundedTtc(deps, rows);

  const totals = new FiguresSum();
  const plans = new Map<string, { row: MarginOrderRow; sum: FiguresSum }>();
  const days = new Map(Array.from({ length: dayCount }, (_, index) => [addDays(firstDay, index), new FiguresSum()]));
  for (const row of rows) {
    const margin = orderMarginOf(row, refunded.get(row.id) ?? 0, seller.tvaRateBps);
    totals.add(margin);
    const plan = plans.get(row.packageId) ?? { row, sum: new FiguresSum() };
    plan.sum.add(margin);
    plans.set(row.packageId, plan);
    days.get(dayOf(row.confirmedAt!))?.add(margin);
  }

  const planRows = [...plans.values()].map(({ row, sum }) => ({
    packageId: row.packageId,
    plan: toConsolePlan(row.plan),
    destinationCode: row.destinationCode,
    isTopUp: row.isTopUp,
    ...sum.figures(),
  }));
  planRows.sort(
    (left, right) =>
      (right.marginDzdMinor ?? Number.NEGATIVE_INFINITY) - (left.marginDzdMinor ?? Number.NEGATIVE_INFINITY) ||
      left.packageId.localeCompare(right.packageId),
  );
  return {
    period: options.period,
    timeZone: DASHBOARD_TIME_ZONE,
    from: from.toISOString(),
    to: now.toISOString(),
    totals: totals.figures(),
    plans: planRows,
    days: [...days.entries()].map(([date, sum]) => ({ date, ...sum.figures() })),
  };
}

/** A plan's margin excluding TVA at a price TTC and a rate. */
function planMarginOf(input: {
  priceDzdMinor: number;
  costUsdE4: number;
  dzdPerUsdE4: number;
  tvaRateBps: number;
}): PlanMarginView {
  const { netSoldHtDzdMinor: soldHt } = netSoldHtDzdMinor({
    chargeDzdMinor: input.priceDzdMinor,
    refundedTtcDzdMinor: 0,
    tvaRateBps: input.tvaRateBps,
  });
  const marginDzdMinor = soldHt - costDzdMinorOf(input.costUsdE4, input.dzdPerUsdE4);
  return { marginDzdMinor, marginBps: marginBpsOf(marginDzdMinor, soldHt) };
}

/**
 * The catalogue's preview of a change of the price settings, each moved plan with the margin it leaves before (today's
 * price and rate) and after (the proposed ones), excluding the current seller identity's TVA. Changes nothing.
 */
export async function previewPriceChangeWithMargins(
  deps: AppDeps,
  input: { change: PriceSettingsChange },
): Promise<PricePreview> {
  const [preview, seller] = await Promise.all([
    previewPriceChange(deps, input),
    readSellerIdentity(deps.db, deps.config),
  ]);
  const rateBefore = parseDzdPerUsdE4(preview.current.dzdPerUsd)!;
  const rateAfter = parseDzdPerUsdE4(preview.proposed.dzdPerUsd)!;
  const tvaRateBps = seller.tvaRateBps;
  return {
    ...preview,
    tvaRateBps,
    changes: preview.changes.map((change) => ({
      ...change,
      marginBefore: planMarginOf({
        priceDzdMinor: change.beforeDzdMinor,
        costUsdE4: change.costUsdE4,
        dzdPerUsdE4: rateBefore,
        tvaRateBps,
      }),
      marginAfter: planMarginOf({
        priceDzdMinor: change.afterDzdMinor,
        costUsdE4: change.costUsdE4,
        dzdPerUsdE4: rateAfter,
        tvaRateBps,
      }),
    })),
  };
}
