import type { Plan } from "@esim/shared/catalog/contracts";
import { planTitle } from "@esim/shared/catalog/plan-name";
import type { Currency } from "@esim/shared/locale";
import { AppLink, LINK_CLASSES } from "../components/link.tsx";
import { shownPriceText } from "../components/money.tsx";
import { useLanguage, useT } from "../i18n.ts";

export interface RegionalSuggestionView {
  /** The region's name in the reader's language and the address of its plans. */
  regionName: string;
  regionHref: string;
  regionPlan: Plan;
  otherCountryName: string;
  twoCountriesPrice: { DZD: number; USD: number };
}

/**
 * packages/shared's regional suggestion (catalog/plan-value.ts) in words: a region's plan costing less than two
 * country plans. The same box on the public destination page and the app's plans screen.
 */
export function RegionalSuggestion({
  suggestion,
  currency,
}: {
  suggestion: RegionalSuggestionView;
  currency: Currency;
}) {
  const t = useT();
  const language = useLanguage();
  return (
    <aside aria-labelledby="regional" className="mt-6 rounded-2xl border border-brand-200 bg-brand-50 p-4">
      <h2 id="regional" className="font-bold">
        {t("catalog.regional.heading")}
      </h2>
      <p className="mt-1 text-sm text-slate-800">
        {t("catalog.regional.suggestion", {
          region: suggestion.regionName,
          plan: planTitle(suggestion.regionPlan, language),
          regionPrice: shownPriceText(suggestion.regionPlan.price, currency),
          otherCountry: suggestion.otherCountryName,
          twoCountriesPrice: shownPriceText(suggestion.twoCountriesPrice, currency),
        })}
      </p>
      <p className="mt-2 text-sm">
        <AppLink href={suggestion.regionHref} className={LINK_CLASSES}>
          {t("catalog.regional.link", { region: suggestion.regionName })}
        </AppLink>
      </p>
    </aside>
  );
}
