import { formatNumber } from "@esim/shared/format";
import { formatMoney } from "@esim/shared/money";
import { isolate, useT } from "../../../lib/i18n.ts";
import { useCatalogSummary } from "../api/get-catalog-summary.ts";

/** The home hero's marketing line ("Data plans from 64 DA · 172+ destinations"), from the catalog summary. */
export function HeroMarketingLine() {
  const t = useT();
  const { data } = useCatalogSummary();
  if (!data) return null;
  return (
    <p className="mt-4 text-sm font-medium text-brand-100">
      {t("marketing.fromPrice", { price: isolate(formatMoney(data.lowestPrice.DZD, "DZD")) })}
      {" · "}
      {t("marketing.destinations", { count: formatNumber(data.destinationCount) })}
    </p>
  );
}
