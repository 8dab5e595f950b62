import type { EsimSummary } from "@esim/shared/esims/contracts";
import { formatDateTime, formatTimeOfDay } from "@esim/shared/format";
import { MAIN_CONTENT_ID } from "@esim/ui/layout";
import { useEffect } from "react";
import { Link } from "react-router";
import { Alert } from "../components/ui/alert.tsx";
import { buttonClasses } from "../components/ui/button.tsx";
import { SimIcon } from "../components/ui/icons.tsx";
import { Page } from "../components/ui/page.tsx";
import { Spinner } from "../components/ui/spinner.tsx";
import { useEsims } from "../features/esims/api/esims.ts";
import { EsimCard } from "../features/esims/components/esim-card.tsx";
import { errorMessageId } from "../lib/error-messages.ts";
import { useLanguage, useT } from "../lib/i18n.ts";
import { LAST_VIEW_NOTE_ATTRIBUTE, saveLastEsimsView } from "../lib/last-esims-view.ts";
import { getPlatform } from "../lib/platform.ts";

/** "14:05" the same day (Algiers time, as the app's other times), else the date too. */
function updatedAt(at: number): string {
  return formatDateTime(new Date(at)).slice(0, 10) === formatDateTime(new Date()).slice(0, 10)
    ? formatTimeOfDay(new Date(at))
    : formatDateTime(new Date(at));
}

function EsimSection({ id, title, esims }: { id: string; title: string; esims: EsimSummary[] }) {
  if (esims.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <ul className="grid gap-3">
        {esims.map((esim) => (
          <li key={esim.id}>
            <EsimCard esim={esim} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * /esims: My eSIMs, available then expired; an empty state that leads to the destinations. The list of the last
 * visit shows at once, saying when it was fetched, while it is refreshed; each fetched list is kept for the next
 * visit, drawn as it is, for the server-painted page to show before the app's code arrives (decision 092).
 */
export function EsimsRoute() {
  const t = useT();
  const language = useLanguage();
  const esims = useEsims();
  const data = esims.data;
  // Not fetched yet (the last visit's), or the refresh failed (offline): the note says how old the list is.
  const isLastVisitList = data !== undefined && (!esims.isFetched || esims.isError);
  const isFreshList = data !== undefined && esims.isFetched && !esims.isError;
  const { dataUpdatedAt } = esims;
  useEffect(() => {
    if (!data || !isFreshList || getPlatform() !== "web") return;
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    saveLastEsimsView({
      language,
      savedAt: dataUpdatedAt,
      data,
      main,
      note: t("esims.lastViewRefreshing", { time: updatedAt(dataUpdatedAt) }),
    });
  }, [data, dataUpdatedAt, isFreshList, language, t]);
  return (
    <Page title={t("screen.esims")}>
      {/* Filled in on the list of the last visit (and in the copy kept for the next one): when it was fetched. */}
      <p
        {...{ [LAST_VIEW_NOTE_ATTRIBUTE]: "" }}
        role="status"
        hidden={!isLastVisitList}
        className="mb-4 text-sm text-slate-600"
      >
        {isLastVisitList
          ? t(esims.isFetching ? "esims.lastViewRefreshing" : "esims.lastViewAt", { time: updatedAt(dataUpdatedAt) })
          : null}
      </p>
      {esims.isPending ? (
        <div className="grid place-items-center py-16 text-brand-700">
          <Spinner label={t("common.loading")} />
        </div>
      ) : !data ? (
        <Alert>{t(errorMessageId(esims.error))}</Alert>
      ) : data.available.length === 0 && data.expired.length === 0 ? (
        <div className="grid justify-items-center gap-4 rounded-2xl bg-white px-6 py-12 text-center ring-1 ring-slate-200/80">
          <SimIcon className="size-12 text-brand-700" />
          <h2 className="text-xl font-semibold text-slate-900">{t("esims.emptyTitle")}</h2>
          <p className="max-w-sm text-slate-700">{t("esims.emptyMessage")}</p>
          <Link to="/home" className={buttonClasses("primary")}>
            {t("esims.emptyAction")}
          </Link>
        </div>
      ) : (
        <div className="space-y-8">
          <EsimSection id="esims-available" title={t("esims.available")} esims={data.available} />
          <EsimSection id="esims-expired" title={t("esims.expired")} esims={data.expired} />
        </div>
      )}
    </Page>
  );
}
