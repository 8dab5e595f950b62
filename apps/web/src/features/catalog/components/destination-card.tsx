import type { DestinationSummary } from "@esim/shared/catalog/contracts";
import type { Currency } from "@esim/shared/locale";
import { Link } from "react-router";
import { DestinationFlag } from "../../../components/flags/destination-flag.tsx";
import { Money } from "../../../components/ui/money.tsx";
import { useLanguage, useT } from "../../../lib/i18n.ts";

/** A popular destination as a tile: flag, name, "from <price>". */
export function DestinationCard({ destination, currency }: { destination: DestinationSummary; currency: Currency }) {
  const t = useT();
  const language = useLanguage();
  return (
    <Link
      to={`/packages/${encodeURIComponent(destination.code)}`}
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 hover:ring-brand-300 focus-visible:outline-3 focus-visible:outline-brand-600"
    >
      <DestinationFlag destination={destination} size="lg" />
      <span className="font-semibold text-slate-900">{destination.names[language]}</span>
      <span className="text-sm text-slate-600">
        {t("catalog.from")}{" "}
        <Money
          amountMinor={destination.fromPrice[currency]}
          currency={currency}
          className="font-semibold text-brand-800"
        />
      </span>
    </Link>
  );
}
