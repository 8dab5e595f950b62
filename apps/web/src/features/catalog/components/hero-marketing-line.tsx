import { formatRoundedCount } from "@esim/shared/catalog/marketing";
import type { Currency } from "@esim/shared/locale";
import { formatMoney } from "@esim/shared/money";
import { isolate, isolateLtr, useT } from "../../../lib/i18n.ts";
import { useCatalogSummary } from "../api/get-catalog-summary.ts";

/** The home hero's marketing line ("Data plans from 64 DA · 170+ destinations"), in the display currency. */
export function HeroMarketingLine({ currency }: { currency: Currency }) {
  const t = useT();
  const { data } = useCatalogSummary();
  if (!data) return null;
  return (
    <p className="mt-4 text-sm font-medium text-brand-100">
      {t("marketing.fromPrice", { price: isolate(formatMoney(data.lowestPrice[currency], currency)) })}
      {" · "}
      {t("marketing.destinations", { count: isolateLtr(formatRoundedCount(data.destinationCount)) })}
    </p>
  );
}
