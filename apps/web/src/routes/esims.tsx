import type { EsimSummary } from "@esim/shared/esims/contracts";
import { Link } from "react-router";
import { Alert } from "../components/ui/alert.tsx";
import { buttonClasses } from "../components/ui/button.tsx";
import { SimIcon } from "../components/ui/icons.tsx";
import { Page } from "../components/ui/page.tsx";
import { Spinner } from "../components/ui/spinner.tsx";
import { useEsims } from "../features/esims/api/esims.ts";
import { EsimCard } from "../features/esims/components/esim-card.tsx";
import { errorMessageId } from "../lib/error-messages.ts";
import { useT } from "../lib/i18n.ts";

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

/** /esims: My eSIMs, available then expired; an empty state that leads to the destinations. */
export function EsimsRoute() {
  const t = useT();
  const esims = useEsims();
  const data = esims.data;
  return (
    <Page title={t("screen.esims")}>
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
