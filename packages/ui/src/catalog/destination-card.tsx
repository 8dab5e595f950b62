import type { DestinationSummary } from "@esim/shared/catalog/contracts";
import { formatNumber } from "@esim/shared/format";
import type { Currency } from "@esim/shared/locale";
import type { ReactNode } from "react";
import { AppLink } from "../components/link.tsx";
import { ShownPrice } from "../components/money.tsx";
import { useLanguage, useT } from "../i18n.ts";

/** A destination as a tile: (the app's flag), name, how many countries a region covers, "from <price>". */
export function DestinationCard({
  destination,
  href,
  currency,
  flag,
}: {
  destination: Pick<DestinationSummary, "names" | "type" | "memberCountries" | "fromPrice">;
  href: string;
  currency: Currency;
  flag?: ReactNode;
}) {
  const t = useT();
  const language = useLanguage();
  const count = destination.memberCountries.length;
  return (
    <AppLink
      href={href}
      className="flex h-full flex-col gap-1 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 hover:ring-brand-300 focus-visible:outline-3 focus-visible:outline-brand-600"
    >
      {flag ? <span className="mb-2">{flag}</span> : null}
      <span className="font-semibold text-slate-900">{destination.names[language]}</span>
      {destination.type === "country" ? null : (
        <span className="text-sm text-slate-600">
          {t("catalog.countryCount", { count, countText: formatNumber(count) })}
        </span>
      )}
      <span className="text-sm text-slate-600">
        {t("catalog.from")}{" "}
        <ShownPrice amount={destination.fromPrice} currency={currency} className="font-semibold text-brand-800" />
      </span>
    </AppLink>
  );
}
