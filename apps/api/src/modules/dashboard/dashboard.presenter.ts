import type { Dashboard } from "@esim/shared/console/dashboard-contract";
import { DASHBOARD_TIME_ZONE } from "@esim/shared/console/dashboard-contract";
import type { DashboardFigures, SalesWindow } from "./dashboard.service.ts";

function presentWindow(window: SalesWindow): Dashboard["sales"]["today"] {
  return { ...window, from: window.from.toISOString() };
}

function presentSince<T extends { since: Date }>(item: T): Omit<T, "since"> & { since: string } {
  return { ...item, since: item.since.toISOString() };
}

/** The dashboard's figures in the shared contract's shape (dashboardSchema): times as ISO 8601 strings. */
export function presentDashboard(figures: DashboardFigures): Dashboard {
  return {
    generatedAt: figures.generatedAt.toISOString(),
    timeZone: DASHBOARD_TIME_ZONE,
    sales: {
      today: presentWindow(figures.sales.today),
      last7Days: presentWindow(figures.sales.last7Days),
      last30Days: presentWindow(figures.sales.last30Days),
    },
    dailySales: figures.dailySales,
    undelivered: { ...figures.undelivered, orders: figures.undelivered.orders.map(presentSince) },
    provisioningFailures: {
      ...figures.provisioningFailures,
      orders: figures.provisioningFailures.orders.map(presentSince),
    },
    pendingCancellations: {
      ...figures.pendingCancellations,
      requests: figures.pendingCancellations.requests.map(presentSince),
    },
    refundsOwed: { ...figures.refundsOwed, orders: figures.refundsOwed.orders.map(presentSince) },
    upstreamBalance: figures.upstreamBalance,
  };
}
