import { DASHBOARD_DAILY_DAYS, DASHBOARD_TIME_ZONE } from "@esim/shared/admin/dashboard-contract";
import type { OrderAttentionKind } from "@esim/shared/statuses";
import type { AppDeps } from "../../lib/deps.ts";
import { UpstreamError } from "../../providers/esim/esim-port.ts";
import { listRefundsOwed } from "../orders/index.ts";
import { addDays, dayOf, midnightOf } from "./algiers-days.ts";
import {
  countCheckoutsSince,
  listPendingCancellations,
  listProvisioningFailures,
  listUndeliveredOrders,
  sumPaidOrdersByDay,
  sumPaidOrdersSince,
} from "./dashboard.repo.ts";

/** Items each list shows; its count is always the whole. */
const LIST_LIMIT = 50;
/** Refunds owed read to count and sum them: far more than a shop owes at once. */
const REFUNDS_OWED_LIMIT = 10_000;
/** The shop promises a refund within 7 days when the service fails for technical reasons (storefront texts). */
export const REFUND_PROMISE_DAYS = 7;
const DAY_MS = 86_400_000;

export interface SalesWindow {
  from: Date;
  paidOrders: number;
  revenueDzdMinor: number;
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
  dailySales: { date: string; paidOrders: number; revenueDzdMinor: number }[];
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

  const [paid, checkouts, byDay, undelivered, failures, cancellations, refunds, upstreamBalance] = await Promise.all([
    sumPaidOrdersSince(deps.db, [...starts], now),
    countCheckoutsSince(deps.db, [...starts], now),
    sumPaidOrdersByDay(deps.db, { start: starts[2], now, timeZone: DASHBOARD_TIME_ZONE }),
    listUndeliveredOrders(deps.db, LIST_LIMIT),
    listProvisioningFailures(deps.db, LIST_LIMIT),
    listPendingCancellations(deps.db, LIST_LIMIT),
    // What the ledger says is owed (an eSIM cancelled while others remain too), not the orders in refund_due.
    listRefundsOwed(deps, REFUNDS_OWED_LIMIT),
    readUpstreamBalance(deps),
  ]);

  const windowAt = (index: number): SalesWindow => {
    const { checkoutsStarted, checkoutsPaid } = checkouts[index]!;
    return {
      from: starts[index]!,
      ...paid[index]!,
      checkoutsStarted,
      checkoutsPaid,
      conversionRate: checkoutsStarted === 0 ? null : checkoutsPaid / checkoutsStarted,
    };
  };
  const salesByDay = new Map(byDay.map((row) => [row.date, row]));

  return {
    generatedAt: now,
    sales: { today: windowAt(0), last7Days: windowAt(1), last30Days: windowAt(2) },
    dailySales: Array.from({ length: DASHBOARD_DAILY_DAYS }, (_, index) => {
      const date = addDays(firstDay, index);
      const sales = salesByDay.get(date);
      return { date, paidOrders: sales?.paidOrders ?? 0, revenueDzdMinor: sales?.revenueDzdMinor ?? 0 };
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
      count: refunds.length,
      totalDzdMinor: refunds.reduce((sum, row) => sum + row.owedDzdMinor, 0),
      overdueCount: refunds.filter((row) => row.since.getTime() < overdueBefore.getTime()).length,
      orders: refunds.slice(0, LIST_LIMIT).map((row) => ({
        number: row.order.number,
        ...waitingSince(row.since, now),
        amountDzdMinor: row.owedDzdMinor,
        isOverdue: row.since.getTime() < overdueBefore.getTime(),
      })),
    },
    upstreamBalance,
  };
}
