import { useQuery } from "@tanstack/react-query";
import { Alert } from "../../../components/ui/alert.tsx";
import { errorMessageId } from "../../../lib/error-messages.ts";
import { operatorMeQuery } from "../../api/operator.ts";
import { MarginReport } from "../../components/margin-report.tsx";
import { consoleFormatters } from "../../lib/format.ts";
import { useLanguage, useT } from "../../lib/i18n.ts";
import { dashboardQuery } from "../api/get-dashboard.ts";
import { DashboardView } from "../components/dashboard-view.tsx";

export function ConsoleDashboardRoute() {
  const t = useT();
  const format = consoleFormatters(useLanguage());
  const dashboard = useQuery(dashboardQuery());
  const me = useQuery(operatorMeQuery());
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold text-slate-900">{t("console.dashboard.title")}</h1>
      {dashboard.error ? <Alert>{t(errorMessageId(dashboard.error))}</Alert> : null}
      {dashboard.data ? (
        <DashboardView dashboard={dashboard.data} format={format} />
      ) : dashboard.isPending ? (
        <p className="text-slate-600">{t("common.loading")}</p>
      ) : null}
      {/* The owner's figures: admins only, as the API (a support agent is refused). */}
      {me.data?.role === "admin" ? (
        <div className="mt-4">
          <MarginReport format={format} />
        </div>
      ) : null}
    </>
  );
}
