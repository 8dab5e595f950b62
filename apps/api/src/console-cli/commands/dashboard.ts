import { DASHBOARD_TIME_ZONE } from "@esim/shared/console/dashboard-contract";
import { formatDateTime } from "@esim/shared/format";
import { formatMoney } from "@esim/shared/money";
import {
  type DashboardFigures,
  getDashboard,
  REFUND_PROMISE_DAYS,
  type SalesWindow,
  type UpstreamBalanceFigure,
} from "../../modules/dashboard/index.ts";
import type { ConsoleCommand } from "../console-command.ts";
import { CliError } from "../console-command.ts";

export const description =
  "The shop's figures now: sales, conversion, orders waiting for an eSIM or a refund, cancellations, upstream balance";
export const usage = "dashboard";

/** USD × 10 000 (the upstream's unit) as dollars and cents. */
function formatUsdE4(usdE4: number): string {
  return formatMoney(Math.floor(usdE4 / 100), "USD");
}

/** "3 d 4 h", "2 h 5 min", "12 min": how long something has waited, to the operator's eye. */
function formatAge(minutes: number): string {
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${minutes % 60} min`;
  return `${minutes} min`;
}

function formatConversion(window: SalesWindow): string {
  if (window.conversionRate === null) return "no checkout";
  return `${(window.conversionRate * 100).toFixed(1)} % (${window.checkoutsPaid}/${window.checkoutsStarted})`;
}

function balanceLine(balance: UpstreamBalanceFigure): string {
  const threshold = formatUsdE4(balance.lowThresholdUsdE4);
  if (balance.state === "unavailable") return `Upstream balance: unavailable (${balance.reason})`;
  const amount = formatUsdE4(balance.balanceUsdE4);
  return balance.isLow
    ? `Upstream balance: ${amount}  LOW: under ${threshold}, top the account up before orders are refused`
    : `Upstream balance: ${amount}  (warning under ${threshold})`;
}

/** The figures as lines of text, in the order an operator reads them: money first, then what waits for them. */
export function formatDashboard(figures: DashboardFigures): string[] {
  const lines = [`Dashboard at ${formatDateTime(figures.generatedAt)} (${DASHBOARD_TIME_ZONE})`, "", "Sales:"];
  const windows = [
    ["today", figures.sales.today],
    ["last 7 days", figures.sales.last7Days],
    ["last 30 days", figures.sales.last30Days],
  ] as const;
  for (const [label, window] of windows) {
    lines.push(
      `  ${label.padEnd(13)} ${String(window.paidOrders).padStart(5)} paid  gross ${formatMoney(window.grossDzdMinor, "DZD").padStart(14)}  refunds ${formatMoney(window.refundsDzdMinor, "DZD").padStart(12)}  net ${formatMoney(window.netDzdMinor, "DZD").padStart(14)}  conversion ${formatConversion(window)}`,
    );
  }
  lines.push("", `Daily sales, last ${figures.dailySales.length} days:`);
  for (const day of figures.dailySales) {
    lines.push(
      `  ${day.date}  ${String(day.paidOrders).padStart(4)}  gross ${formatMoney(day.grossDzdMinor, "DZD")}  net ${formatMoney(day.netDzdMinor, "DZD")}`,
    );
  }

  const { undelivered, provisioningFailures, pendingCancellations, refundsOwed } = figures;
  lines.push(
    "",
    undelivered.count === 0 ? "Paid, not delivered: none." : `Paid, not delivered (${undelivered.count}):`,
  );
  for (const order of undelivered.orders) {
    lines.push(
      `  ${order.number}  paid ${formatDateTime(order.since)}  waiting ${formatAge(order.ageMinutes)}  attempts ${order.provisioningAttempts}${order.attentionKind ? `  ${order.attentionKind}` : ""}`,
    );
  }
  lines.push(
    provisioningFailures.count === 0
      ? "Provisioning failures: none."
      : `Provisioning failures (${provisioningFailures.count}):  → order:retry <number>`,
  );
  for (const order of provisioningFailures.orders) {
    lines.push(`  ${order.number}  since ${formatDateTime(order.since)}  ${order.reason ?? ""}`.trimEnd());
  }
  lines.push(
    pendingCancellations.count === 0
      ? "Cancellation requests waiting: none."
      : `Cancellation requests waiting (${pendingCancellations.count}, ${formatMoney(pendingCancellations.refundDzdMinor, "DZD")} to refund):  → cancellation:list`,
  );
  for (const request of pendingCancellations.requests) {
    lines.push(
      `  ${request.id}  order ${request.orderNumber}  waiting ${formatAge(request.ageMinutes)}  ${formatMoney(request.refundDzdMinor, "DZD")}`,
    );
  }
  lines.push(
    refundsOwed.count === 0
      ? "Refunds owed: none."
      : `Refunds owed (${refundsOwed.count}, ${formatMoney(refundsOwed.totalDzdMinor, "DZD")}; ${refundsOwed.overdueCount} past the ${REFUND_PROMISE_DAYS} days promised):  → refund:record`,
  );
  for (const order of refundsOwed.orders) {
    lines.push(
      `  ${order.number}  ${formatMoney(order.amountDzdMinor, "DZD")}  owed ${formatAge(order.ageMinutes)}${order.isOverdue ? "  OVERDUE" : ""}`,
    );
  }
  lines.push("", balanceLine(figures.upstreamBalance));
  return lines;
}

export const run: ConsoleCommand["run"] = async ({ deps, args, print }) => {
  if (args.length > 0) throw new CliError(`Usage: ${usage}`);
  for (const line of formatDashboard(await getDashboard(deps))) print(line);
};
