import { planValidityText } from "@esim/shared/catalog/plan-name";
import { useId } from "react";
import { AppLink } from "../components/link.tsx";
import { useLanguage, useT } from "../i18n.ts";

export interface FilterOption {
  key: string;
  label: string;
  href: string;
  isCurrent: boolean;
}

/** A choice kept in the address, as a row of links (chips): works without JavaScript and with Back. */
export function FilterLinks({ label, options }: { label: string; options: FilterOption[] }) {
  const labelId = useId();
  return (
    <nav aria-labelledby={labelId} className="min-w-0">
      <p id={labelId} className="mb-2 text-sm font-medium text-slate-800">
        {label}
      </p>
      <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0">
        {options.map((option) => (
          <li key={option.key} className="shrink-0">
            <AppLink
              href={option.href}
              aria-current={option.isCurrent ? "page" : undefined}
              className="inline-flex min-h-11 items-center rounded-full bg-white px-4 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-3 focus-visible:outline-brand-600 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white aria-[current=page]:ring-brand-700"
            >
              {option.label}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Every duration on sale, plus "all", each a link to the same list filtered (`?days=`). */
export function DurationFilter({
  availableDays,
  selectedDays,
  hrefOf,
}: {
  availableDays: readonly number[];
  selectedDays: number | null;
  hrefOf: (days: number | null) => string;
}) {
  const t = useT();
  const language = useLanguage();
  const options: FilterOption[] = [
    { key: "all", label: t("catalog.allDurations"), href: hrefOf(null), isCurrent: selectedDays === null },
    ...[...availableDays]
      .sort((left, right) => left - right)
      .map((days) => ({
        key: String(days),
        label: planValidityText(days, language),
        href: hrefOf(days),
        isCurrent: selectedDays === days,
      })),
  ];
  return <FilterLinks label={t("catalog.duration")} options={options} />;
}
