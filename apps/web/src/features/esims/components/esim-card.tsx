import type { EsimSummary } from "@esim/shared/esims/contracts";
import { formatDate } from "@esim/shared/format";
import { Link } from "react-router";
import { DestinationFlag } from "../../../components/flags/destination-flag.tsx";
import { ChevronEndIcon } from "../../../components/ui/icons.tsx";
import { useLanguage, useT } from "../../../lib/i18n.ts";
import { usePlanText } from "../../../lib/plan-text.ts";
import { STATUS_NAME, STATUSES_SHOWN_ON_CARD, statusExplanation } from "../lib/status.ts";
import { DataUsage } from "./data-usage.tsx";

/** One eSIM of My eSIMs: flag, destination, plan, data left and expiry (or, not started, how long and when to install); opens its details. */
export function EsimCard({ esim }: { esim: EsimSummary }) {
  const t = useT();
  const language = useLanguage();
  const { data, validity, advice } = usePlanText();
  // Before its days start an eSIM has no end date: how long it will last, and when to install it (decision 050).
  const words = advice({ ...esim.plan, activateBefore: esim.activateBefore });
  const notStarted = esim.isInstalled ? `${words.lasts} ${words.starts}.` : `${words.lasts} ${words.install}`;
  const name = esim.destination.names[language];
  return (
    <Link
      to={`/details/${encodeURIComponent(esim.id)}`}
      className="block rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200/80 hover:bg-slate-50 focus-visible:outline-3 focus-visible:outline-brand-600"
    >
      <div className="flex items-center gap-4">
        <DestinationFlag destination={esim.destination} size="md" />
        <div className="min-w-0 flex-1">
          <p className="text-lg font-semibold break-words text-slate-900">{name}</p>
          <p className="text-sm text-slate-700">
            {t("plan.title", {
              data: data({ ...esim.plan, dataType: 1 }),
              validity: validity(esim.plan.validityDays),
            })}
          </p>
        </div>
        <ChevronEndIcon className="size-5 shrink-0 text-slate-400 rtl:-scale-x-100" />
      </div>
      {STATUSES_SHOWN_ON_CARD.includes(esim.status) ? (
        <p className="mt-3 text-sm text-slate-800">
          <span className="font-semibold">{t(STATUS_NAME[esim.status])}</span>
          {t("details.statusSeparator")}
          {t(statusExplanation(esim.status, esim.plan.validityStart))}
        </p>
      ) : null}
      <div className="mt-4">
        <DataUsage esim={esim} />
      </div>
      {esim.expiresAt ? (
        <p className="mt-3 text-sm text-slate-700">
          {t(esim.group === "expired" ? "esims.expiredOn" : "esims.expiresOn", { date: formatDate(esim.expiresAt) })}
        </p>
      ) : esim.group === "available" ? (
        <p className="mt-3 text-sm text-slate-700">{notStarted}</p>
      ) : null}
    </Link>
  );
}
