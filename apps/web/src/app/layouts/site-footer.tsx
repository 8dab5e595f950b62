import { SiteFooter as SharedSiteFooter } from "@esim/ui/layout";
import { useCatalogSummary } from "../../features/catalog/api/get-catalog-summary.ts";
import { useDisplayCurrency } from "../../routes/hooks/use-display-currency.ts";

/** The one footer (the public pages' too: packages/ui), fed with the catalog summary in the display currency. */
export function SiteFooter({ className = "" }: { className?: string }) {
  const currency = useDisplayCurrency();
  const { data } = useCatalogSummary();
  return (
    <SharedSiteFooter
      figures={data ?? null}
      currency={currency}
      year={new Date().getFullYear()}
      className={className}
    />
  );
}
