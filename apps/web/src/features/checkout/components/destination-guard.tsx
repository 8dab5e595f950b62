import type { DestinationSummary } from "@esim/shared/catalog/contracts";
import { DestinationFlag } from "../../../components/flags/destination-flag.tsx";
import { WarningIcon } from "../../../components/ui/icons.tsx";
import { sortedCountryNames } from "../../../lib/countries.ts";
import { useLanguage, useT } from "../../../lib/i18n.ts";

/** Whether the plan is for the country the buyer lives in (an eSIM for travel there is most likely a mistake). */
export function isResidenceDestination(
  destination: Pick<DestinationSummary, "type" | "code">,
  residenceCountries: ReadonlyArray<string | null | undefined>,
): boolean {
  return destination.type === "country" && residenceCountries.some((country) => country === destination.code);
}

/**
 * The wrong-destination guard: where this plan works, in large type, with every covered country for a region,
 * and a warning when that is the buyer's residence country.
 */
export function DestinationGuard({
  destination,
  isResidence,
}: {
  destination: DestinationSummary;
  isResidence: boolean;
}) {
  const t = useT();
  const language = useLanguage();
  const name = destination.names[language];
  return (
    <section
      aria-labelledby="destination-guard"
      className="rounded-2xl bg-white p-4 shadow-sm ring-2 ring-brand-600 sm:p-5"
    >
      <p className="text-sm font-medium text-brand-800">{t("summary.worksIn")}</p>
      <div className="mt-2 flex items-center gap-4">
        <DestinationFlag destination={destination} size="lg" />
        <h2 id="destination-guard" className="text-2xl font-bold text-slate-900">
          {name}
        </h2>
      </div>
      {destination.type !== "country" ? (
        <p className="mt-3 text-sm text-slate-700">
          <span className="font-medium">{t("summary.coveredCountries")}</span>{" "}
          {sortedCountryNames(destination.memberCountries, language).join(t("common.listSeparator"))}
        </p>
      ) : null}
      {isResidence ? (
        <div
          role="alert"
          className="mt-4 flex items-start gap-3 rounded-xl bg-amber-50 px-4 py-3 text-amber-900 ring-1 ring-amber-200"
        >
          <WarningIcon className="size-5 shrink-0" />
          <p>{t("summary.residenceWarning", { destination: name })}</p>
        </div>
      ) : null}
    </section>
  );
}
