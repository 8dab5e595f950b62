import { planDataText } from "@esim/shared/catalog/plan-name";
import { destinationName as destinationNameIn } from "@esim/shared/catalog/regions";
import type { PriceChangeWithMarginView } from "@esim/shared/console/prices-contract";
import { useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { MarginAmount } from "../../components/margin-report.tsx";
import { consoleFormatters } from "../../lib/format.ts";
import { useLanguage, useT } from "../../lib/i18n.ts";

/** Rows shown before "show all" (a rate change moves hundreds of plans). */
const FIRST_ROWS = 50;

/**
 * Each plan whose price moves: which plan, the price now, the price after, the difference, and the margin excluding
 * TVA it leaves at the proposed price and rate (today's below it).
 */
export function PricesPreviewTable({
  changes,
  tvaRateBps,
}: {
  changes: PriceChangeWithMarginView[];
  /** The seller's TVA rate the margins exclude, basis points. */
  tvaRateBps: number;
}) {
  const t = useT();
  const format = consoleFormatters(useLanguage());
  const language = useLanguage();
  const [isAllShown, setIsAllShown] = useState(false);
  // A destination by its name in the interface language (a region's too), never its bare code.
  const destinationName = (code: string) => destinationNameIn(code, language);
  const rows = isAllShown ? changes : changes.slice(0, FIRST_ROWS);
  const data = (change: PriceChangeWithMarginView) =>
    planDataText({ dataMb: change.dataMb, isUnlimited: change.dataMb === null }, language);

  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">
        {t("console.prices.marginNote", { tva: format.percent(tvaRateBps / 10_000) })}
      </p>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">{t("console.prices.previewTitle")}</caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className="py-2 pe-2 text-start font-semibold">
                {t("console.prices.plan")}
              </th>
              <th scope="col" className="px-2 py-2 text-end font-semibold">
                {t("console.prices.before")}
              </th>
              <th scope="col" className="px-2 py-2 text-end font-semibold">
                {t("console.prices.after")}
              </th>
              <th scope="col" className="px-2 py-2 text-end font-semibold">
                {t("console.prices.difference")}
              </th>
              <th scope="col" className="py-2 ps-2 text-end font-semibold">
                {t("console.prices.margin")}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((change) => (
              <tr key={change.packageId} className="border-b border-slate-100 align-top">
                <td className="py-2 pe-2 text-start">
                  <span className="block font-semibold text-slate-900">{destinationName(change.destinationCode)}</span>
                  <span className="text-slate-700">
                    <bdi dir="ltr" className="whitespace-nowrap">
                      {data(change)}
                    </bdi>{" "}
                    ·{" "}
                    {t("console.prices.days", {
                      count: change.validityDays,
                      countText: format.number(change.validityDays),
                    })}
                    {change.isTopUp ? ` · ${t("console.prices.topUp")}` : ""}
                  </span>
                </td>
                <td className="px-2 py-2 text-end whitespace-nowrap text-slate-700">
                  <bdi dir="ltr">{format.dzd(change.beforeDzdMinor)}</bdi>
                </td>
                <td className="px-2 py-2 text-end font-semibold whitespace-nowrap text-slate-900">
                  <bdi dir="ltr">{format.dzd(change.afterDzdMinor)}</bdi>
                </td>
                <td
                  className={`px-2 py-2 text-end whitespace-nowrap ${change.differenceDzdMinor > 0 ? "text-red-700" : "text-green-700"}`}
                >
                  <bdi dir="ltr">
                    {change.differenceDzdMinor > 0 ? "+" : "−"}
                    {format.dzd(Math.abs(change.differenceDzdMinor))}
                  </bdi>
                </td>
                <td className="py-2 ps-2 text-end whitespace-nowrap">
                  <MarginAmount {...change.marginAfter} format={format} />
                  <span className="block text-xs text-slate-600">
                    {t("console.prices.marginBefore", { margin: format.dzd(change.marginBefore.marginDzdMinor) })}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {!isAllShown && changes.length > FIRST_ROWS ? (
        <Button variant="secondary" onClick={() => setIsAllShown(true)}>
          {t("console.prices.showAll", { count: changes.length, countText: format.number(changes.length) })}
        </Button>
      ) : null}
    </div>
  );
}
