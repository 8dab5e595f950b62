import type { DestinationSearchResult } from "@esim/shared/catalog/contracts";
import { formatNumber } from "@esim/shared/format";
import type { Currency } from "@esim/shared/locale";
import { Money } from "@esim/ui/components";
import { Link } from "react-router";
import { DestinationFlag } from "../../../components/flags/destination-flag.tsx";
import { ChevronEndIcon } from "../../../components/ui/icons.tsx";
import { isolate, useLanguage, useT } from "../../../lib/i18n.ts";

/**
 * One destination in a result list: flag, name in the UI language ("Istanbul → Turquie" when the search found the
 * country through a city or an airport), what it covers, the lowest price.
 */
export function DestinationRow({
  destination,
  currency,
}: {
  destination: DestinationSearchResult;
  currency: Currency;
}) {
  const t = useT();
  const language = useLanguage();
  const isZone = destination.type !== "country";
  const place = destination.matchedPlace;
  const name = destination.names[language];
  return (
    <Link
      to={`/packages/${encodeURIComponent(destination.code)}`}
      className="flex min-h-16 items-center gap-3 rounded-xl bg-white px-4 py-3 ring-1 ring-slate-200 hover:bg-slate-50 hover:ring-brand-300 focus-visible:outline-3 focus-visible:outline-brand-600"
    >
      <DestinationFlag destination={destination} />
      <span className="min-w-0 flex-1">
        <span className="block font-semibold text-slate-900">
          {place === undefined
            ? name
            : place.airport === null
              ? t("catalog.search.placeInCountry", { place: place.names[language], country: name })
              : t("catalog.search.airportInCountry", {
                  place: place.names[language],
                  airport: isolate(place.airport),
                  country: name,
                })}
        </span>
        <span className="block text-sm text-slate-600">
          {isZone
            ? `${t("catalog.countryCount", {
                count: destination.memberCountries.length,
                countText: formatNumber(destination.memberCountries.length),
              })} · `
            : null}
          {t("catalog.from")}{" "}
          <Money
            amountMinor={destination.fromPrice[currency]}
            currency={currency}
            className="font-semibold text-slate-900"
          />
        </span>
      </span>
      <ChevronEndIcon className="size-5 shrink-0 text-slate-400 rtl:-scale-x-100" />
    </Link>
  );
}
