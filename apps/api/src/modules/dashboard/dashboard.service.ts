import { DASHBOARD_DAILY_DAYS, DASHBOARD_TIME_ZONE } from "@esim/shared/console/dashboard-contract";
import { REFUND_PROMISE_DAYS } from "@esim/shared/console/refunds-contract";
import type { OrderAttentionKind } from "@esim/shared/statuses";
import type { AppDeps } from "../../lib/deps.ts";
import { UpstreamError } from "../../providers/esim/esim-port.ts";
import { getSalesSummary, listOwedOrders } from "../ledger/index.ts";
import { addDays, dayOf, midnightOf } from "./algiers-days.ts";
import {
  countCheckoutsSince,
  countPaidOrdersByDay,
  countPaidOrdersSince,
  findOrderNumbers,
  listPendingCancellations,
  listProvisioningFailures,
  listUndeliveredOrders,
  sumLedgerSalesByDay,
} from "./dashboard.repo.ts";

/** Items each list shows; its count is always the whole. */
const LIST_LIMIT = 50;

/** Refunds owed read to count and sum them: far more than a shop owes at once. */
/** The shop promises a refund within 7 days when the service fails for technical reasons (storefront texts). */
export { REFUND_PROMISE_DAYS };

const DAY_MS = 86_400_000;
/**
 * Orders owed money read to count and sum them: far above a real backlog (each is a transfer to make by hand), so
 * the count and the amount are all of them.
 */
const OWED_ORDERS_READ = 10_000;

/** What the ledger says was sold over a period, TTC, DZD minor units (decision 061). */
export interface SalesMoney {
  /** Sold: payments captured, held payments accepted, credit spent. */
  grossDzdMinor: number;
  /** Sales reversed by refunds owed (each with its credit note). */
  refundsDzdMinor: number;
  /** gross − refunds. */
  netDzdMinor: number;
}

export interface SalesWindow extends SalesMoney {
  from: Date;
  paidOrders: number;
  checkoutsStarted: number;
  checkoutsPaid: number;
  /** checkoutsPaid / checkoutsStarted; null without any checkout. */
  conversionRate: number | null;
}

export type UpstreamBalanceFigure =
  | { state: "known"; balanceUsdE4: number; lowThresholdUsdE4: number; isLow: boolean }
  | { state: "unavailable"; reason: string; lowThresholdUsdE4: number };

interface Waiting {
  since: Date;
  ageMinutes: number;
}

export interface DashboardFigures {
  generatedAt: Date;
  sales: { today: SalesWindow; last7Days: SalesWindow; last30Days: SalesWindow };
  dailySales: ({ date: string; paidOrders: number } & SalesMoney)[];
  undelivered: {
    count: number;
    orders: (Waiting & { number: string; provisioningAttempts: number; attentionKind: OrderAttentionKind | null })[];
  };
  provisioningFailures: { count: number; orders: (Waiting & { number: string; reason: string | null })[] };
  pendingCancellations: {
    count: number;
    refundDzdMinor: number;
    requests: (Waiting & { id: string; orderNumber: string; refundDzdMinor: number })[];
  };
  refundsOwed: {
    count: number;
    totalDzdMinor: number;
    overdueCount: number;
    orders: (Waiting & { number: string; amountDzdMinor: number; isOverdue: boolean })[];
  };
  upstreamBalance: UpstreamBalanceFigure;
}

function waitingSince(since: Date, now: Date): Waiting {
  return { since, ageMinutes: Math.max(0, Math.floor((now.getTime() - since.getTime()) / 60_000)) };
}

/**
 * The upstream balance against UPSTREAM_LOW_BALANCE_USD. An upstream that does not answer makes the figure
 * "unavailable" instead of failing the dashboard: the shop's own figures matter most when the upstream is in trouble.
 */
export async function readUpstreamBalance(deps: AppDeps): Promise<UpstreamBalanceFigure> {
  const lowThresholdUsdE4 = Math.round(deps.config.UPSTREAM_LOW_BALANCE_USD * 10_000);
  try {
    const { balanceUsdE4 } = await deps.esim.getBalance();
    return { state: "known", balanceUsdE4, lowThresholdUsdE4, isLow: balanceUsdE4 < lowThresholdUsdE4 };
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    return { state: "unavailable", reason: error.message, lowThresholdUsdE4 };
  }
}

/**
 * The operator's figures now, read from the database and the upstream (writes nothing). Windows start at an
 * Africa/Algiers midnight: today, the last 7 and the last 30 days, each with today; the daily series has one point per
 * day of the last 30, zeros included.
 */
export async function getDashboard(deps: AppDeps): Promise<DashboardFigures> {
  const now = deps.now();
  const today = dayOf(now);
  const firstDay = addDays(today, -(DASHBOARD_DAILY_DAYS - 1));
  const starts = [midnightOf(today), midnightOf(addDays(today, -6)), midnightOf(firstDay)] as const;
  const overdueBefore = new Date(now.getTime() - REFUND_PROMISE_DAYS * DAY_MS);

  // The ledger's periods end before their `to`: one millisecond past now takes what was posted at this instant.
  const end = new Date(now.getTime() + 1);
  const [paid, checkouts, money, paidByDay, moneyByDay, undelivered, failures, cancellations, owed, upstreamBalance] =
    await Promise.all([
      countPaidOrdersSince(deps.db, [...starts], now),
      countCheckoutsSince(deps.db, [...starts], now),
      Promise.all(starts.map((from) => getSalesSummary(deps.db, { from, to: end }))),
      countPaidOrdersByDay(deps.db, { start: starts[2], now, timeZone: DASHBOARD_TIME_ZONE }),
      sumLedgerSalesByDay(deps.db, { start: starts[2], end, timeZone: DASHBOARD_TIME_ZONE }),
      listUndeliveredOrders(deps.db, LIST_LIMIT),
      listProvisioningFailures(deps.db, LIST_LIMIT),
      listPendingCancellations(deps.db, LIST_LIMIT),
      listOwedOrders(deps.db, OWED_ORDERS_READ),
      readUpstreamBalance(deps),
    ]);
  const owedShown = owed.slice(0, LIST_LIMIT);
  const owedNumbers = await findOrderNumbers(
    deps.db,
    owedShown.map((row) => row.orderId),
  );
  const isOverdue = (since: Date) => since.getTime() < overdueBefore.getTime();

  const windowAt = (index: number): SalesWindow => {
    const { checkoutsStarted, checkoutsPaid } = checkouts[index]!;
    return {
      from: starts[index]!,
      paidOrders: paid[index]!,
      ...money[index]!,
      checkoutsStarted,
      checkoutsPaid,
      conversionRate: checkoutsStarted === 0 ? null : checkoutsPaid / checkoutsStarted,
    };
  };
  const paidOrdersByDay = new Map(paidByDay.map((row) => [row.date, row.paidOrders]));
  const salesByDay = new Map(moneyByDay.map((row) => [row.date, row]));

  return {
    generatedAt: now,
    sales: { today: windowAt(0), last7Days: windowAt(1), last30Days: windowAt(2) },
    dailySales: Array.from({ length: DASHBOARD_DAILY_DAYS }, (_, index) => {
      const date = addDays(firstDay, index);
      const grossDzdMinor = salesByDay.get(date)?.grossDzdMinor ?? 0;
      const refundsDzdMinor = salesByDay.get(date)?.refundsDzdMinor ?? 0;
      return {
        date,
        paidOrders: paidOrdersByDay.get(date) ?? 0,
        grossDzdMinor,
        refundsDzdMinor,
        netDzdMinor: grossDzdMinor - refundsDzdMinor,
      };
    }),
    undelivered: {
      count: undelivered[0]?.total ?? 0,
      orders: undelivered.map((row) => ({
        number: row.number,
        // A confirmed order always has its payment time; updatedAt would only be a guess.
        ...waitingSince(row.confirmedAt ?? now, now),
        provisioningAttempts: row.provisioningAttempts,
        attentionKind: row.attentionKind,
      })),
    },
    provisioningFailures: {
      count: failures[0]?.total ?? 0,
      orders: failures.map((row) => ({
        number: row.number,
        ...waitingSince(row.attentionAt ?? now, now),
        reason: row.attentionReason,
      })),
    },
    pendingCancellations: {
      count: cancellations[0]?.total ?? 0,
      refundDzdMinor: Number(cancellations[0]?.totalRefundDzdMinor ?? 0),
      requests: cancellations.map((row) => ({
        id: row.id,
        orderNumber: row.orderNumber,
        ...waitingSince(row.requestedAt, now),
        refundDzdMinor: row.refundDzdMinor,
      })),
    },
    refundsOwed: {
      count: owed.length,
      totalDzdMinor: owed.reduce((sum, row) => sum + row.owedDzdMinor, 0),
      overdueCount: owed.filter((row) => isOverdue(row.since)).length,
      orders: owedShown.map((row) => ({
        number: owedNumbers.get(row.orderId) ?? row.orderId,
        ...waitingSince(row.since, now),
        amountDzdMinor: row.owedDzdMinor,
        isOverdue: isOverdue(row.since),
      })),
    },
    upstreamBalance,
  };
}
