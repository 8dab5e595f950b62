import { useState } from "react";
import { useNavigate } from "react-router";
import { Page } from "../components/ui/page.tsx";
import { useSession } from "../features/auth/hooks/use-session.ts";
import type { DestinationType } from "../features/catalog/api/search-destinations.ts";
import { DestinationSearch } from "../features/catalog/components/destination-search.tsx";
import { HeroMarketingLine } from "../features/catalog/components/hero-marketing-line.tsx";
import { PopularDestinations } from "../features/catalog/components/popular-destinations.tsx";
import { useT } from "../lib/i18n.ts";
import { useDisplayCurrency } from "./hooks/use-display-currency.ts";

/** Home: a greeting, destination search by country or region, popular destinations, the marketing line. */
export function HomeRoute() {
  const t = useT();
  const navigate = useNavigate();
  const { user } = useSession();
  const currency = useDisplayCurrency();
  const [query, setQuery] = useState("");
  const [type, setType] = useState<DestinationType>("country");
  const firstName = user?.name?.trim().split(/\s+/)[0];
  return (
    <Page title={t("nav.home")}>
      <section className="rounded-3xl bg-gradient-to-br from-brand-700 to-brand-900 p-6 text-white sm:p-8">
        <p className="text-2xl font-bold sm:text-3xl">
          {firstName ? t("home.greetingNamed", { name: firstName }) : t("home.greeting")}
        </p>
        <p className="mt-2 max-w-prose text-brand-50">{t("home.intro")}</p>
        <HeroMarketingLine currency={currency} />
      </section>
      <section
        aria-labelledby="destination-search"
        className="mt-6 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
      >
        <h2 id="destination-search" className="mb-4 text-xl font-semibold text-slate-900">
          {t("catalog.searchTitle")}
        </h2>
        <DestinationSearch
          query={query}
          onQueryChange={setQuery}
          type={type}
          onTypeChange={setType}
          currency={currency}
          limit={6}
          onSubmit={() => navigate(`/search?${new URLSearchParams({ q: query.trim(), type })}`)}
        />
      </section>
      <PopularDestinations currency={currency} />
    </Page>
  );
}
