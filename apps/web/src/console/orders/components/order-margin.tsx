import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { errorMessageId } from "../../../lib/error-messages.ts";
import { orderMarginQuery } from "../../api/margins.ts";
import { MarginAmount } from "../../components/margin-report.tsx";
import type { ConsoleFormatters } from "../../lib/format.ts";
import { useT } from "../../lib/i18n.ts";

/** One order's margin for the admin: sold and refunded excluding TVA, the upstream cost in DZD, the margin. */
export function OrderMargin({ number, format }: { number: string; format: ConsoleFormatters }) {
  const t = useT();
  const margin = useQuery(orderMarginQuery(number));
  if (margin.error) return <Alert>{t(errorMessageId(margin.error))}</Alert>;
  if (!margin.data) return <p className="text-sm text-slate-600">{t("common.loading")}</p>;
  const figures = margin.data;
  const money = (amount: number) => <bdi dir="ltr">{format.dzd(amount)}</bdi>;
  const rows: Array<[string, ReactNode]> = [
    [t("console.margins.soldHt"), money(figures.soldHtDzdMinor)],
    [t("console.margins.refundsHt"), money(figures.refundedHtDzdMinor)],
    [
      t("console.margins.cost"),
      figures.costDzdMinor === null ? (
        <span key="unknown" className="text-slate-500">
          {t("console.margins.unknown")}
        </span>
      ) : (
        <span key="cost">
          {money(figures.costDzdMinor)}
          {figures.costUsdE4 && figures.dzdPerUsd ? (
            <span className="block text-xs text-slate-600">
              <bdi dir="ltr">
                {t("console.margins.costDetail", { usd: format.usdE4(figures.costUsdE4), rate: figures.dzdPerUsd })}
              </bdi>
            </span>
          ) : null}
          {figures.upstreamCreditUsdE4 > 0 ? (
            <span className="block text-xs text-slate-600">
              {t("console.margins.upstreamCredit", { usd: format.usdE4(figures.upstreamCreditUsdE4) })}
            </span>
          ) : null}
        </span>
      ),
    ],
    [
      t("console.margins.margin"),
      <MarginAmount
        key="margin"
        marginDzdMinor={figures.marginDzdMinor}
        marginBps={figures.marginBps}
        isPending={figures.isPending}
        format={format}
      />,
    ],
  ];
  return (
    <div className="space-y-2">
      <dl className="grid grid-cols-[minmax(7rem,auto)_1fr] gap-x-3 gap-y-1.5 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="min-w-0 break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {figures.isPending ? (
        <p className="text-xs text-slate-600">{t("console.margins.orderPending")}</p>
      ) : figures.costDzdMinor === null ? (
        <p className="text-xs text-slate-600">{t("console.margins.orderUnknownCost")}</p>
      ) : null}
    </div>
  );
}
