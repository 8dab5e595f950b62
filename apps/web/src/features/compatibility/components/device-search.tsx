import { formatNumber } from "@esim/shared/format";
import { useId, useMemo } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { SearchIcon } from "../../../components/ui/icons.tsx";
import { isolate, useT } from "../../../lib/i18n.ts";
import { ESIM_BRANDS } from "../data/esim-devices.ts";
import { searchDevices } from "../search-devices.ts";
import { BrandDevices } from "./brand-devices.tsx";

interface DeviceSearchProps {
  query: string;
  onQueryChange: (query: string) => void;
  /** Takes the user to the EID check: the empty state's way on for a phone that is not in the list. */
  onCheckEid: () => void;
}

/** The eSIM phones of our list, searched by brand or model as the user types; brands fold until searched. */
export function DeviceSearch({ query, onQueryChange, onCheckEid }: DeviceSearchProps) {
  const t = useT();
  const id = useId();
  const trimmed = query.trim();
  const matches = useMemo(() => searchDevices(ESIM_BRANDS, trimmed), [trimmed]);
  const count = matches.reduce((total, match) => total + match.devices.length, 0);
  const countValues = { count, countText: formatNumber(count) };

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {t("compatibility.search.title")}
      </h2>
      <search className="mt-3 block">
        <form onSubmit={(event) => event.preventDefault()} className="relative">
          <label htmlFor={`${id}-q`} className="sr-only">
            {t("compatibility.search.label")}
          </label>
          <SearchIcon className="pointer-events-none absolute start-4 top-1/2 size-5 -translate-y-1/2 text-slate-500" />
          <input
            id={`${id}-q`}
            type="search"
            value={query}
            onChange={(event) => onQueryChange(event.target.value)}
            placeholder={t("compatibility.search.placeholder")}
            autoComplete="off"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="search"
            maxLength={60}
            className="block min-h-12 w-full rounded-xl border border-slate-300 bg-white ps-12 pe-4 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-3 focus:outline-brand-600/25"
          />
        </form>
      </search>
      <p role="status" className="mt-3 text-sm text-slate-600">
        {trimmed === ""
          ? t("compatibility.search.total", countValues)
          : count === 0
            ? t("compatibility.empty.title", { query: isolate(trimmed) })
            : t("compatibility.search.count", countValues)}
      </p>
      {count === 0 ? (
        <Card className="mt-3">
          <p className="text-slate-700">{t("compatibility.empty.message")}</p>
          <Button variant="secondary" className="mt-4 w-full sm:w-auto" onClick={onCheckEid}>
            {t("compatibility.empty.checkEid")}
          </Button>
        </Card>
      ) : (
        <div className="mt-3 grid gap-3">
          {matches.map((match) => (
            <BrandDevices key={match.brand.id} match={match} isOpen={trimmed !== ""} />
          ))}
        </div>
      )}
    </section>
  );
}
