import type { CatalogSyncRunView } from "@esim/shared/console/prices-contract";
import { useQuery } from "@tanstack/react-query";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { errorMessageId } from "../../../lib/error-messages.ts";
import { consoleFormatters } from "../../lib/format.ts";
import { useLanguage, useT } from "../../lib/i18n.ts";
import { catalogSyncQuery, useRunCatalogSync } from "../api/prices.ts";

/** Import the upstream's plans now (as `catalog:sync`) and see the last sync's outcome: when, who, counts, error. */
export function CatalogueSync() {
  const t = useT();
  const format = consoleFormatters(useLanguage());
  const status = useQuery(catalogSyncQuery());
  const sync = useRunCatalogSync();
  const lastRun: CatalogSyncRunView | null | undefined = sync.data ?? status.data?.lastRun;

  return (
    <section
      aria-labelledby="catalogue-sync-title"
      className="space-y-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200"
    >
      <h2 id="catalogue-sync-title" className="text-lg font-bold text-slate-900">
        {t("console.catalogue.syncTitle")}
      </h2>
      <p className="text-sm text-slate-600">{t("console.catalogue.syncHint")}</p>
      {status.error ? <Alert>{t(errorMessageId(status.error))}</Alert> : null}
      {status.data?.lastSyncedAt ? (
        <p className="text-slate-700">
          {t("console.catalogue.lastSyncedAt", { when: format.dateTime(status.data.lastSyncedAt) })}
        </p>
      ) : null}
      {lastRun ? (
        <div className="space-y-1 rounded-xl bg-slate-50 p-3 text-sm">
          <p className="font-semibold text-slate-900">
            {lastRun.isSuccess ? t("console.catalogue.lastRunOk") : t("console.catalogue.lastRunFailed")}
          </p>
          <p className="text-slate-700">
            {format.dateTime(lastRun.finishedAt)} ·{" "}
            {lastRun.operatorEmail ? <bdi>{lastRun.operatorEmail}</bdi> : t("console.audit.commandLine")}
          </p>
          {lastRun.isSuccess ? (
            <p className="text-slate-700">
              {t("console.catalogue.counts", {
                destinations: format.number(lastRun.destinations ?? 0),
                plans: format.number(lastRun.plans ?? 0),
                topUps: format.number(lastRun.topUps ?? 0),
                deactivated: format.number(lastRun.deactivated ?? 0),
                skipped: format.number(lastRun.skipped ?? 0),
              })}
            </p>
          ) : (
            <p className="text-red-800">
              <bdi dir="ltr">{lastRun.error}</bdi>
            </p>
          )}
        </div>
      ) : status.data ? (
        <p className="text-slate-600">{t("console.catalogue.noRun")}</p>
      ) : null}
      {sync.error ? <Alert>{t(errorMessageId(sync.error))}</Alert> : null}
      <Button isLoading={sync.isPending} onClick={() => sync.mutate()}>
        {t("console.catalogue.syncNow")}
      </Button>
    </section>
  );
}
