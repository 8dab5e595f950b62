import type { DestinationSummary } from "@esim/shared/catalog/contracts";
import { formatNumber } from "@esim/shared/format";
import { DestinationFlag } from "../../../components/flags/destination-flag.tsx";
import { sortedCountryNames } from "../../../lib/countries.ts";
import { useLanguage, useT } from "../../../lib/i18n.ts";

/** The destination the plans are for: flag, name and, for a region, every country it covers. */
export function DestinationHeader({ destination }: { destination: DestinationSummary }) {
  const t = useT();
  const language = useLanguage();
  const isZone = destination.type !== "country";
  return (
    <header className="flex items-start gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <DestinationFlag destination={destination} size="lg" />
      <div className="min-w-0">
        <h2 className="text-xl font-bold text-slate-900">{destination.names[language]}</h2>
        {isZone ? (
          <details className="mt-1 text-sm text-slate-600">
            <summary className="cursor-pointer font-medium text-brand-800">
              {t("catalog.covers", {
                count: destination.memberCountries.length,
                countText: formatNumber(destination.memberCountries.length),
              })}
            </summary>
            <p className="mt-2">
              {sortedCountryNames(destination.memberCountries, language).join(t("common.listSeparator"))}
            </p>
          </details>
        ) : (
          <p className="mt-1 text-sm text-slate-600">{t("footer.dataOnly")}</p>
        )}
      </div>
    </header>
  );
}
