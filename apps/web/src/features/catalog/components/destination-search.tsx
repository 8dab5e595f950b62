import { formatNumber } from "@esim/shared/format";
import type { Currency } from "@esim/shared/locale";
import { type FormEvent, type KeyboardEvent, useId, useRef } from "react";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert.tsx";
import { buttonClasses } from "../../../components/ui/button.tsx";
import { SearchIcon } from "../../../components/ui/icons.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { errorMessageId } from "../../../lib/error-messages.ts";
import { isolate, useT } from "../../../lib/i18n.ts";
import { useDebouncedValue } from "../../../lib/use-debounced-value.ts";
import { type DestinationType, useSearchDestinations } from "../api/search-destinations.ts";
import { DestinationRow } from "./destination-row.tsx";
import { RegionOffer, useRegionOffer } from "./region-offer.tsx";

/** Typing pauses this long before the server is asked. */
export const SEARCH_DEBOUNCE_MS = 300;

const TYPES: readonly DestinationType[] = ["country", "region"];

interface DestinationSearchProps {
  query: string;
  onQueryChange: (query: string) => void;
  type: DestinationType;
  onTypeChange: (type: DestinationType) => void;
  currency: Currency;
  /** Shows at most this many results, with a link to the full list. */
  limit?: number;
  /** Enter in the search box (home goes to the full results). */
  onSubmit?: () => void;
}

/**
 * Search by country or by region: two tabs over one search box, results filtered live by the server. On the
 * Countries tab a query naming a region offers that region first.
 */
export function DestinationSearch({
  query,
  onQueryChange,
  type,
  onTypeChange,
  currency,
  limit,
  onSubmit,
}: DestinationSearchProps) {
  const t = useT();
  const id = useId();
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const debouncedQuery = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const results = useSearchDestinations(debouncedQuery, type);
  const offeredRegions = useRegionOffer(debouncedQuery, type === "country");
  const destinations = results.data ?? [];
  const shown = limit === undefined ? destinations : destinations.slice(0, limit);

  // Arrow keys move between the tabs (both ways, so the direction of the script does not matter with two).
  const handleTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) return;
    event.preventDefault();
    const index = TYPES.indexOf(type);
    const next = event.key === "Home" ? 0 : event.key === "End" ? TYPES.length - 1 : (index + 1) % TYPES.length;
    const nextType = TYPES[next] ?? "country";
    onTypeChange(nextType);
    tabs.current[next]?.focus();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit?.();
  };

  const searchParams = new URLSearchParams({ type, ...(query.trim() ? { q: query.trim() } : {}) });
  return (
    <div>
      <search>
        <form onSubmit={submit} className="relative">
          <label htmlFor={`${id}-q`} className="sr-only">
            {type === "country" ? t("catalog.search.countryLabel") : t("catalog.search.regionLabel")}
          </label>
          <SearchIcon className="pointer-events-none absolute start-4 top-1/2 size-5 -translate-y-1/2 text-slate-500" />
          <input
            id={`${id}-q`}
            type="search"
            value={query}
            onChange={(event) => onQueryChange(event.target.value)}
            placeholder={
              type === "country" ? t("catalog.search.countryPlaceholder") : t("catalog.search.regionPlaceholder")
            }
            autoComplete="off"
            enterKeyHint="search"
            maxLength={100}
            className="block min-h-12 w-full rounded-xl border border-slate-300 bg-white ps-12 pe-4 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-3 focus:outline-brand-600/25"
          />
        </form>
      </search>
      <div role="tablist" aria-label={t("catalog.search.tabs")} className="mt-4 flex gap-2">
        {TYPES.map((tabType, index) => (
          <button
            key={tabType}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tabType}`}
            aria-selected={type === tabType}
            aria-controls={`${id}-panel`}
            tabIndex={type === tabType ? 0 : -1}
            onClick={() => onTypeChange(tabType)}
            onKeyDown={handleTabKeyDown}
            className="min-h-11 flex-1 rounded-xl px-4 text-sm font-semibold ring-1 ring-slate-300 focus-visible:outline-3 focus-visible:outline-brand-600 aria-selected:bg-brand-700 aria-selected:text-white aria-selected:ring-brand-700 sm:flex-none"
          >
            {tabType === "country" ? t("catalog.tab.countries") : t("catalog.tab.regions")}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${type}`} className="mt-4">
        {results.isPending ? (
          <div className="grid place-items-center py-8 text-brand-700">
            <Spinner label={t("common.loading")} />
          </div>
        ) : results.isError && !results.data ? (
          <Alert>{t(errorMessageId(results.error))}</Alert>
        ) : (
          <>
            <RegionOffer regions={offeredRegions} currency={currency} />
            <p role="status" className={debouncedQuery ? "mb-3 text-sm text-slate-600" : "sr-only"}>
              {destinations.length === 0
                ? offeredRegions.length > 0
                  ? t("catalog.search.noCountryButRegion", { query: isolate(debouncedQuery) })
                  : t("catalog.search.none", { query: isolate(debouncedQuery) })
                : t("catalog.search.count", {
                    count: destinations.length,
                    countText: formatNumber(destinations.length),
                  })}
            </p>
            <ul className="grid gap-2" aria-busy={results.isFetching || undefined}>
              {shown.map((destination) => (
                <li key={destination.code}>
                  <DestinationRow destination={destination} currency={currency} />
                </li>
              ))}
            </ul>
            {limit !== undefined && destinations.length > limit ? (
              <Link to={`/search?${searchParams}`} className={buttonClasses("secondary", "mt-4 w-full")}>
                {t("catalog.search.seeAll", {
                  count: destinations.length,
                  countText: formatNumber(destinations.length),
                })}
              </Link>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}
