import type { Currency } from "@esim/shared/locale";
import { HeroMarketingLine as SharedHeroMarketingLine } from "@esim/ui/layout";
import { useCatalogSummary } from "../api/get-catalog-summary.ts";

/** The home hero's line of figures: the shared line (the landing page's too), fed by the catalog summary. */
export function HeroMarketingLine({ currency }: { currency: Currency }) {
  const { data } = useCatalogSummary();
  return (
    <SharedHeroMarketingLine
      figures={data ?? null}
      currency={currency}
      className="mt-4 text-sm font-medium text-brand-100"
    />
  );
}
