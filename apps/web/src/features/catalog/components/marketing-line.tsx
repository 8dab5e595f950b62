import { formatNumber } from "@esim/shared/format";
import { formatMoney } from "@esim/shared/money";
import { isolate, useT } from "../../../lib/i18n.ts";
import { useCatalogSummary } from "../api/get-catalog-summary.ts";

/** The footer's one-line pitch, from the catalog summary. */
export function MarketingLine() {
  const t = useT();
  const { data } = useCatalogSummary();
  if (!data) return <p className="text-sm text-slate-600">{t("footer.tagline")}</p>;
  return (
    <p className="text-sm text-slate-600">
      {t("footer.marketing", {
        price: isolate(formatMoney(data.lowestPrice.DZD, "DZD")),
        count: formatNumber(data.destinationCount),
      })}
    </p>
  );
}
