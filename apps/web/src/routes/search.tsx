import { useState } from "react";
import { useSearchParams } from "react-router";
import { Page } from "../components/ui/page.tsx";
import type { DestinationType } from "../features/catalog/api/search-destinations.ts";
import { DestinationSearch } from "../features/catalog/components/destination-search.tsx";
import { useT } from "../lib/i18n.ts";
import { useDisplayCurrency } from "./hooks/use-display-currency.ts";

/** /search?q=&type=: every destination matching the search; the address follows what is typed. */
export function SearchRoute() {
  const t = useT();
  const currency = useDisplayCurrency();
  const [params, setParams] = useSearchParams();
  const [query, setQuery] = useState(params.get("q") ?? "");
  const type: DestinationType = params.get("type") === "region" ? "region" : "country";

  const update = (next: { q?: string; type?: DestinationType }) => {
    const q = (next.q ?? query).trim();
    setParams(new URLSearchParams({ ...(q ? { q } : {}), type: next.type ?? type }), { replace: true });
  };

  return (
    <Page title={t("screen.search")} hasBack backTo="/home">
      <DestinationSearch
        query={query}
        onQueryChange={(q) => {
          setQuery(q);
          update({ q });
        }}
        type={type}
        onTypeChange={(nextType) => update({ type: nextType })}
        currency={currency}
      />
    </Page>
  );
}
