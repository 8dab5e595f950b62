import { useT } from "../../../lib/i18n.ts";
import { usePlanText } from "../../../lib/plan-text.ts";

/** Chips for every duration on sale, plus "all"; the choice lives in the address (?days=). */
export function DurationFilter({
  availableDays,
  selectedDays,
  onChange,
}: {
  availableDays: readonly number[];
  selectedDays: number | undefined;
  onChange: (days: number | undefined) => void;
}) {
  const t = useT();
  const { validity } = usePlanText();
  const chip =
    "min-h-11 shrink-0 rounded-full px-4 text-sm font-semibold ring-1 ring-slate-300 bg-white text-slate-800 hover:bg-slate-50 focus-visible:outline-3 focus-visible:outline-brand-600 aria-pressed:bg-brand-700 aria-pressed:text-white aria-pressed:ring-brand-700";
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 text-sm font-medium text-slate-800">{t("catalog.duration")}</legend>
      <div className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0">
        <button
          type="button"
          className={chip}
          aria-pressed={selectedDays === undefined}
          onClick={() => onChange(undefined)}
        >
          {t("catalog.allDurations")}
        </button>
        {[...availableDays]
          .sort((a, b) => a - b)
          .map((days) => (
            <button
              key={days}
              type="button"
              className={chip}
              aria-pressed={selectedDays === days}
              onClick={() => onChange(days)}
            >
              {validity(days)}
            </button>
          ))}
      </div>
    </fieldset>
  );
}
