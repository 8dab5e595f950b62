import type { DestinationSummary } from "@esim/shared/catalog/contracts";
import type { Currency } from "@esim/shared/locale";
import { foldSearchText } from "@esim/shared/search-text";
import { useId } from "react";
import { useT } from "../../../lib/i18n.ts";
import { useSearchDestinations } from "../api/search-destinations.ts";
import { DestinationRow } from "./destination-row.tsx";

/** Shorter queries match too many names ("eu" is in "Europe" and "Réunion"): no offer below this. */
const MIN_QUERY_LENGTH = 3;

/** Whether one of the region's names, in any language, starts with the query or has a word that does. */
function isNamedLike(destination: DestinationSummary, foldedQuery: string): boolean {
  return Object.values(destination.names).some((name) => {
    const folded = foldSearchText(name);
    return folded.startsWith(foldedQuery) || folded.split(" ").some((word) => word.startsWith(foldedQuery));
  });
}

/**
 * The regions a Countries-tab query names ("Europe", "أوروبا"): a traveller who types a region's name is looking for
 * one plan for several countries. Asked only when `isEnabled` and the query is long enough.
 */
export function useRegionOffer(query: string, isEnabled: boolean): DestinationSummary[] {
  const foldedQuery = foldSearchText(query);
  const isAsked = isEnabled && foldedQuery.length >= MIN_QUERY_LENGTH;
  const regions = useSearchDestinations(query, "region", { enabled: isAsked });
  return isAsked ? (regions.data ?? []).filter((region) => isNamedLike(region, foldedQuery)) : [];
}

/** The regions offered above the countries, each leading to its plans. */
export function RegionOffer({ regions, currency }: { regions: readonly DestinationSummary[]; currency: Currency }) {
  const t = useT();
  const id = useId();
  if (regions.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-title`} className="mb-4 rounded-2xl bg-brand-50 p-3 ring-1 ring-brand-200">
      <h3 id={`${id}-title`} className="mb-2 px-1 text-sm font-semibold text-brand-900">
        {t("catalog.search.regionOffer")}
      </h3>
      <ul className="grid gap-2">
        {regions.map((region) => (
          <li key={region.code}>
            <DestinationRow destination={region} currency={currency} />
          </li>
        ))}
      </ul>
    </section>
  );
}
