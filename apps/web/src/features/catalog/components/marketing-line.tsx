import { formatRoundedCount } from "@esim/shared/catalog/marketing";
import type { Currency } from "@esim/shared/locale";
import { formatMoney } from "@esim/shared/money";
import { isolate, isolateLtr, useT } from "../../../lib/i18n.ts";
import { useCatalogSummary } from "../api/get-catalog-summary.ts";

/** The footer's one-line pitch, from the catalog summary, in the display currency. */
export function MarketingLine({ currency }: { currency: Currency }) {
  const t = useT();
  const { data } = useCatalogSummary();
  if (!data) return <p className="text-sm text-slate-600">{t("footer.tagline")}</p>;
  return (
    <p className="text-sm text-slate-600">
      {t("footer.marketing", {
        price: isolate(formatMoney(data.lowestPrice[currency], currency)),
        count: isolateLtr(formatRoundedCount(data.destinationCount)),
      })}
    </p>
  );
}
