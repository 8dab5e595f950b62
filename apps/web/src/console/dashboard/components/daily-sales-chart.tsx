import type { DashboardDay } from "@esim/shared/console/dashboard-contract";
import type { ConsoleFormatters } from "../../lib/format.ts";
import { useT } from "../../lib/i18n.ts";

/**
 * Thirty days of gross sales as CSS bars, oldest first in reading order (so right to left in Arabic, as a timeline
 * reads there). The figures are never behind a hover: the best day's amount is written over its bar, a sentence
 * sums the 30 days, and every day's gross, refunds and net are in a table one click away (for everyone, not only
 * screen readers).
 */
export function DailySalesChart({ days, format }: { days: DashboardDay[]; format: ConsoleFormatters }) {
  const t = useT();
  const highest = Math.max(1, ...days.map((day) => day.grossDzdMinor));
  // The best day, among days that sold something (none in a month without a sale).
  const best = days.reduce<DashboardDay | undefined>(
    (found, day) => (day.grossDzdMinor > (found?.grossDzdMinor ?? 0) ? day : found),
    undefined,
  );
  const sum = (pick: (day: DashboardDay) => number) => days.reduce((total, day) => total + pick(day), 0);
  return (
    <figure className="space-y-2">
      {days.length > 0 ? (
        <p className="text-sm text-slate-700">
          {best
            ? t("console.dashboard.chartSummary", {
                gross: format.dzd(sum((day) => day.grossDzdMinor)),
                orders: format.number(sum((day) => day.paidOrders)),
                day: format.day(best.date),
                best: format.dzd(best.grossDzdMinor),
              })
            : t("console.dashboard.chartSummaryNoSale", {
                gross: format.dzd(sum((day) => day.grossDzdMinor)),
                orders: format.number(sum((day) => day.paidOrders)),
              })}
        </p>
      ) : null}
      <div className="flex h-40 items-end gap-0.5 pt-5 sm:gap-1" aria-hidden="true">
        {days.map((day) => (
          <div
            key={day.date}
            className="relative flex-1 rounded-t bg-brand-600"
            style={{ height: `${Math.max(day.grossDzdMinor > 0 ? 4 : 1, (day.grossDzdMinor / highest) * 100)}%` }}
          >
            {day === best ? (
              <span className="absolute -top-5 start-1/2 -translate-x-1/2 whitespace-nowrap text-xs font-semibold text-slate-900 rtl:translate-x-1/2">
                {format.dzd(day.grossDzdMinor)}
              </span>
            ) : null}
          </div>
        ))}
      </div>
      {days.length > 0 ? (
        <div className="flex justify-between text-xs text-slate-600" aria-hidden="true">
          <span>{format.day(days[0]?.date ?? "")}</span>
          <span>{format.day(days[days.length - 1]?.date ?? "")}</span>
        </div>
      ) : null}
      <figcaption className="sr-only">{t("console.dashboard.chartCaption")}</figcaption>
      <details className="text-sm">
        <summary className="min-h-11 cursor-pointer py-2 font-semibold text-brand-800">
          {t("console.dashboard.chartTable")}
        </summary>
        <div className="max-h-80 overflow-auto">
          <table className="w-full text-start">
            <thead>
              <tr>
                <th scope="col">{t("console.dashboard.day")}</th>
                <th scope="col">{t("console.dashboard.orders")}</th>
                <th scope="col">{t("console.dashboard.grossSales")}</th>
                <th scope="col">{t("console.dashboard.refunds")}</th>
                <th scope="col">{t("console.dashboard.netSales")}</th>
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.date}>
                  <td>{format.day(day.date)}</td>
                  <td>{format.number(day.paidOrders)}</td>
                  <td>{format.dzd(day.grossDzdMinor)}</td>
                  <td>{format.dzd(day.refundsDzdMinor)}</td>
                  <td>{format.dzd(day.netDzdMinor)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
