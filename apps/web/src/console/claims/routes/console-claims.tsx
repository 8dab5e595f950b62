import { CLAIM_STATUSES, type ClaimStatus } from "@esim/shared/claims/contracts";
import { isOneOf } from "@esim/shared/statuses";
import { CLAIM_REASON_NAME, CLAIM_STATUS_NAME } from "@esim/ui/status-labels";
import { useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { Alert } from "../../../components/ui/alert.tsx";
import { errorMessageId } from "../../../lib/error-messages.ts";
import { consoleFormatters } from "../../lib/format.ts";
import { useLanguage, useT } from "../../lib/i18n.ts";
import { claimsQuery } from "../api/claims.ts";

/** /admin/claims: travellers' claims, open ones by deadline with the overdue first and marked, filtered by status. */
export function ConsoleClaimsRoute() {
  const t = useT();
  const format = consoleFormatters(useLanguage());
  const [params, setParams] = useSearchParams();
  const chosen = params.get("status");
  const status: ClaimStatus | undefined = isOneOf(CLAIM_STATUSES, chosen) ? chosen : undefined;
  const claims = useQuery(claimsQuery(status));
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold text-slate-900">{t("console.claims.title")}</h1>
      <label className="mb-4 flex items-center gap-2 text-sm font-semibold text-slate-700">
        {t("console.claims.filter")}
        <select
          value={status ?? ""}
          onChange={(event) => setParams(event.target.value ? { status: event.target.value } : {})}
          className="rounded-lg border border-slate-300 bg-white px-2 py-1"
        >
          <option value="">{t("console.claims.all")}</option>
          {CLAIM_STATUSES.map((option) => (
            <option key={option} value={option}>
              {t(CLAIM_STATUS_NAME[option])}
            </option>
          ))}
        </select>
      </label>
      {claims.error ? <Alert>{t(errorMessageId(claims.error))}</Alert> : null}
      {claims.data?.length === 0 ? <p className="text-slate-600">{t("console.claims.empty")}</p> : null}
      <ul className="space-y-2">
        {claims.data?.map((claim) => (
          <li
            key={claim.id}
            className={`rounded-2xl bg-white p-4 ring-1 ${claim.isOverdue ? "ring-2 ring-red-400" : "ring-slate-200"}`}
          >
            <Link to={`/admin/claims/${claim.id}`} className="block space-y-1">
              <p className="flex flex-wrap items-center gap-x-3 font-semibold text-slate-900">
                <bdi className="font-mono">{claim.orderNumber}</bdi>
                <span>{t(CLAIM_STATUS_NAME[claim.status])}</span>
                <span className="text-slate-600">{t(CLAIM_REASON_NAME[claim.reason])}</span>
                {claim.isOverdue ? (
                  <span className="rounded-full bg-red-100 px-2 text-sm text-red-800">
                    {t("console.claims.overdue")}
                  </span>
                ) : null}
              </p>
              <p className="text-sm text-slate-700">
                {t("console.claims.settleBy", { date: format.dateTime(claim.settleBy) })} ·{" "}
                {claim.email ? <bdi dir="ltr">{claim.email}</bdi> : t("console.cancellations.deletedAccount")}
              </p>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
