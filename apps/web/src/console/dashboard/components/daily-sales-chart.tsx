import type { DashboardDay } from "@esim/shared/admin/dashboard-contract";
import type { ConsoleFormatters } from "../../lib/format.ts";
import { useT } from "../../lib/i18n.ts";

/**
 * Thirty days of gross sales as CSS bars (the net beside them in each bar's name: a refund can make it negative), oldest first in reading order (so right to left in Arabic, as a timeline
 * reads there). Each bar's figure is in its accessible name, and the same numbers are in a table for screen readers.
 */
export function DailySalesChart({ days, format }: { days: DashboardDay[]; format: ConsoleFormatters }) {
  const t = useT();
  const highest = Math.max(1, ...days.map((day) => day.grossDzdMinor));
  return (
    <figure className="space-y-2">
      <div className="flex h-40 items-end gap-0.5 sm:gap-1" aria-hidden="true">
        {days.map((day) => (
          <div
            key={day.date}
            title={`${format.day(day.date)}: ${format.dzd(day.grossDzdMinor)} · ${t("admin.dashboard.netSales")} ${format.dzd(day.netDzdMinor)} · ${format.number(day.paidOrders)}`}
            className="flex-1 rounded-t bg-brand-600"
            style={{ height: `${Math.max(day.grossDzdMinor > 0 ? 4 : 1, (day.grossDzdMinor / highest) * 100)}%` }}
          />
        ))}
      </div>
      {days.length > 0 ? (
        <div className="flex justify-between text-xs text-slate-600" aria-hidden="true">
          <span>{format.day(days[0]?.date ?? "")}</span>
          <span>{format.day(days[days.length - 1]?.date ?? "")}</span>
        </div>
      ) : null}
      <figcaption className="sr-only">{t("admin.dashboard.chartCaption")}</figcaption>
      <table className="sr-only">
        <thead>
          <tr>
            <th scope="col">{t("admin.dashboard.day")}</th>
            <th scope="col">{t("admin.dashboard.orders")}</th>
            <th scope="col">{t("admin.dashboard.grossSales")}</th>
            <th scope="col">{t("admin.dashboard.refunds")}</th>
            <th scope="col">{t("admin.dashboard.netSales")}</th>
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
    </figure>
  );
}
