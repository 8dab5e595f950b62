import type { Currency } from "@esim/shared/locale";
import { DestinationCard } from "@esim/ui/catalog";
import { DestinationFlag } from "../../../components/flags/destination-flag.tsx";
import { useT } from "../../../lib/i18n.ts";
import { useSearchDestinations } from "../api/search-destinations.ts";

/** The destinations the catalog marks as popular, as tiles. */
export function PopularDestinations({ currency }: { currency: Currency }) {
  const t = useT();
  const { data } = useSearchDestinations("");
  const popular = (data ?? []).filter((destination) => destination.isPopular).slice(0, 8);
  if (popular.length === 0) return null;
  return (
    <section aria-labelledby="popular-destinations" className="mt-8">
      <h2 id="popular-destinations" className="mb-4 text-xl font-semibold text-slate-900">
        {t("catalog.popular")}
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {popular.map((destination) => (
          <li key={destination.code} className="grid">
            <DestinationCard
              destination={destination}
              href={`/packages/${encodeURIComponent(destination.code)}`}
              currency={currency}
              flag={<DestinationFlag destination={destination} size="lg" />}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
