import {
  MARGIN_PERIODS,
  type MarginFigures,
  type MarginPeriod,
  type MarginReport as MarginReportData,
} from "@esim/shared/console/margins-contract";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Alert } from "../../components/ui/alert.tsx";
import { errorMessageId } from "../../lib/error-messages.ts";
import { marginReportQuery } from "../api/margins.ts";
import type { ConsoleFormatters } from "../lib/format.ts";
import { useT } from "../lib/i18n.ts";
import { useConsolePlanName } from "../lib/plan-name.ts";

const CARD = "rounded-2xl bg-white p-4 ring-1 ring-slate-200";
const TAB =
  "min-h-11 rounded-full px-4 text-sm font-semibold ring-1 ring-slate-300 focus-visible:outline-3 focus-visible:outline-brand-600";
const CELL = "px-2 py-2 text-end whitespace-nowrap";

/**
 * A margin in DZD with its share of the sale, red when it is a loss; "pending delivery" while what it sold is not
 * delivered (nothing is counted for it yet); "unknown" when no cost is known.
 */
export function MarginAmount({
  marginDzdMinor,
  marginBps,
  isPending = false,
  format,
}: {
  marginDzdMinor: number | null;
  marginBps: number | null;
  isPending?: boolean;
  format: ConsoleFormatters;
}) {
  const t = useT();
  if (marginDzdMinor === null && isPending)
    return <span className="text-slate-600">{t("console.margins.pending")}</span>;
  if (marginDzdMinor === null) return <span className="text-slate-500">{t("console.margins.unknown")}</span>;
  return (
    <span className={marginDzdMinor < 0 ? "font-semibold text-red-700" : "font-semibold text-slate-900"}>
      <bdi dir="ltr">{format.dzd(marginDzdMinor)}</bdi>
      {marginBps !== null ? (
        <span className="block text-xs font-normal">
          <bdi dir="ltr">{format.percent(marginBps / 10_000)}</bdi>
        </span>
      ) : null}
    </span>
  );
}

function FiguresCells({ figures, format }: { figures: MarginFigures; format: ConsoleFormatters }) {
  const t = useT();
  // Every order of the group waits for its delivery: no cost or margin yet, rather than "unknown".
  const isPending = figures.pendingOrders > 0 && figures.pendingOrders + figures.unknownCostOrders === figures.orders;
  return (
    <>
      <td className={CELL}>{format.number(figures.orders)}</td>
      <td className={CELL}>
        <bdi dir="ltr">{format.dzd(figures.netSoldHtDzdMinor)}</bdi>
      </td>
      <td className={CELL}>
        {figures.costDzdMinor === null ? (
          <span className="text-slate-500">{t(isPending ? "console.margins.pending" : "console.margins.unknown")}</span>
        ) : (
          <bdi dir="ltr">{format.dzd(figures.costDzdMinor)}</bdi>
        )}
      </td>
      <td className={CELL}>
        <MarginAmount
          marginDzdMinor={figures.marginDzdMinor}
          marginBps={figures.marginBps}
          isPending={isPending}
          format={format}
        />
      </td>
    </>
  );
}

function FiguresTable({
  caption,
  firstColumn,
  rows,
  format,
}: {
  caption: string;
  firstColumn: string;
  rows: { key: string; label: ReactNode; figures: MarginFigures }[];
  format: ConsoleFormatters;
}) {
  const t = useT();
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="mb-2 text-start text-base font-bold text-slate-900">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            <th scope="col" className="py-2 pe-2 text-start font-semibold">
              {firstColumn}
            </th>
            <th scope="col" className="px-2 py-2 text-end font-semibold">
              {t("console.margins.orders")}
            </th>
            <th scope="col" className="px-2 py-2 text-end font-semibold">
              {t("console.margins.soldHt")}
            </th>
            <th scope="col" className="px-2 py-2 text-end font-semibold">
              {t("console.margins.cost")}
            </th>
            <th scope="col" className="py-2 ps-2 text-end font-semibold">
              {t("console.margins.margin")}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-b border-slate-100 align-top">
              <th scope="row" className="min-w-32 py-2 pe-2 text-start font-normal text-slate-900">
                {row.label}
              </th>
              <FiguresCells figures={row.figures} format={format} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ReportBody({ report, format }: { report: MarginReportData; format: ConsoleFormatters }) {
  const t = useT();
  const planName = useConsolePlanName();
  const { totals } = report;
  if (totals.orders === 0) return <p className="text-sm text-slate-500">{t("console.margins.none")}</p>;
  const soldDays = report.days.filter((day) => day.orders > 0).reverse();
  return (
    <div className="space-y-4 text-sm">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[
          [t("console.margins.orders"), format.number(totals.orders)],
          [
            t("console.margins.netSoldHt"),
            <bdi key="sold" dir="ltr">
              {format.dzd(totals.netSoldHtDzdMinor)}
            </bdi>,
          ],
          [
            t("console.margins.cost"),
            totals.costDzdMinor === null ? (
              t("console.margins.unknown")
            ) : (
              <bdi key="cost" dir="ltr">
                {format.dzd(totals.costDzdMinor)}
              </bdi>
            ),
          ],
          [
            t("console.margins.margin"),
            <MarginAmount
              key="margin"
              marginDzdMinor={totals.marginDzdMinor}
              marginBps={totals.marginBps}
              format={format}
            />,
          ],
        ].map(([label, value]) => (
          <div key={String(label)} className="rounded-xl bg-slate-50 p-3">
            <dt className="text-slate-600">{label}</dt>
            <dd className="mt-1 text-lg font-bold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {totals.unknownCostOrders > 0 ? (
        <Alert tone="info">
          {t("console.margins.unknownCostOrders", {
            count: totals.unknownCostOrders,
            countText: format.number(totals.unknownCostOrders),
          })}
        </Alert>
      ) : null}
      {totals.pendingOrders > 0 ? (
        <Alert tone="info">
          {t("console.margins.pendingOrders", {
            count: totals.pendingOrders,
            countText: format.number(totals.pendingOrders),
          })}
        </Alert>
      ) : null}
      <FiguresTable
        caption={t("console.margins.byPlan")}
        firstColumn={t("console.margins.plan")}
        format={format}
        rows={report.plans.map((plan) => ({
          key: plan.packageId,
          label: (
            <>
              <bdi className="block font-semibold">{planName(plan.plan)}</bdi>
              {/* A top-up and a new eSIM of the same plan share its name: the kind tells the rows apart. */}
              <span className="block text-xs text-slate-600">
                {t(plan.isTopUp ? "console.margins.kind.topUp" : "console.margins.kind.new")}
              </span>
            </>
          ),
          figures: plan,
        }))}
      />
      <FiguresTable
        caption={t("console.margins.byDay")}
        firstColumn={t("console.margins.day")}
        format={format}
        rows={soldDays.map((day) => ({ key: day.date, label: format.day(day.date), figures: day }))}
      />
    </div>
  );
}

/** The owner's margin over a period (today, 7 or 30 Algiers days): totals, per plan and per day. Admins only. */
export function MarginReport({ format }: { format: ConsoleFormatters }) {
  const t = useT();
  const [period, setPeriod] = useState<MarginPeriod>("7d");
  const report = useQuery(marginReportQuery(period));
  return (
    <section className={CARD} aria-labelledby="margins-title">
      <h2 id="margins-title" className="text-lg font-bold text-slate-900">
        {t("console.margins.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("console.margins.basis")}</p>
      <fieldset className="my-3 flex flex-wrap gap-2">
        <legend className="sr-only">{t("console.margins.period")}</legend>
        {MARGIN_PERIODS.map((each) => (
          <button
            key={each}
            type="button"
            aria-pressed={period === each}
            onClick={() => setPeriod(each)}
            className={`${TAB} ${period === each ? "bg-brand-700 text-white ring-brand-700" : "bg-white text-slate-800 hover:bg-slate-50"}`}
          >
            {t(`console.margins.period.${each}`)}
          </button>
        ))}
      </fieldset>
      {report.error ? <Alert>{t(errorMessageId(report.error))}</Alert> : null}
      {report.data ? (
        <ReportBody report={report.data} format={format} />
      ) : report.isPending ? (
        <p className="text-sm text-slate-600">{t("common.loading")}</p>
      ) : null}
    </section>
  );
}
