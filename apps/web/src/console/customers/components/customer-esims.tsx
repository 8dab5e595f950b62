import type { CustomerEsim } from "@esim/shared/console/customers-contract";
import { ESIM_STATUS_NAME } from "@esim/ui/status-labels";
import { useEffect } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { IccidText } from "../../../components/ui/iccid-text.tsx";
import { consoleFormatters } from "../../lib/format.ts";
import { useLanguage, useT } from "../../lib/i18n.ts";
import { useConsolePlanName } from "../../lib/plan-name.ts";
import { useRefreshCustomerEsims } from "../api/customers.ts";
import { CustomerSection } from "./customer-section.tsx";

const BYTES_PER_MB = 1024 * 1024;

/**
 * The customer's eSIMs as their own eSIM screen shows them: status, data used of the plan's, when the supplier last
 * reported it. Opening the page asks the supplier again (the stored figures lag by hours); so does the button.
 */
export function CustomerEsims({ customerId, esims }: { customerId: string; esims: CustomerEsim[] }) {
  const t = useT();
  const format = consoleFormatters(useLanguage());
  const planName = useConsolePlanName();
  const refresh = useRefreshCustomerEsims(customerId);
  const hasAvailable = esims.some((esim) => esim.isAvailable);
  const { mutate } = refresh;

  // Once per customer opened; the list itself comes from the page's query meanwhile.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the refresh is wanted on opening only, not on each answer.
  useEffect(() => {
    if (hasAvailable) mutate();
  }, [customerId, mutate]);

  const amount = (bytes: number) => {
    const mb = bytes / BYTES_PER_MB;
    return mb >= 1024
      ? t("plan.dataGb", { amount: format.number(Math.round((mb / 1024) * 100) / 100) })
      : t("plan.dataMb", { amount: format.number(Math.round(mb)) });
  };

  return (
    <CustomerSection
      title={t("console.customers.esims.title")}
      action={
        esims.length > 0 ? (
          <Button
            variant="secondary"
            className="min-h-11 px-3 text-sm"
            isLoading={refresh.isPending}
            onClick={() => refresh.mutate()}
          >
            {t("console.customers.esims.refresh")}
          </Button>
        ) : null
      }
    >
      {refresh.isPending ? (
        <p role="status" className="mb-2 text-sm text-slate-600">
          {t("console.customers.esims.refreshing")}
        </p>
      ) : null}
      {refresh.isError ? <Alert tone="info">{t("console.customers.esims.refreshFailed")}</Alert> : null}
      {esims.length === 0 ? <p className="text-slate-600">{t("console.customers.esims.empty")}</p> : null}
      <ul className="space-y-3">
        {esims.map((esim) => {
          const usedRatio =
            esim.dataTotalBytes && esim.dataTotalBytes > 0 ? Math.min(1, esim.dataUsedBytes / esim.dataTotalBytes) : 0;
          return (
            <li key={esim.id} className="rounded-xl bg-slate-50 p-3 text-sm text-slate-700">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <bdi className="font-semibold text-slate-900">{planName(esim.plan)}</bdi>
                <span
                  className={`rounded-md px-2 py-0.5 text-xs font-semibold ${esim.isAvailable ? "bg-emerald-50 text-emerald-800" : "bg-slate-200 text-slate-700"}`}
                >
                  {t(ESIM_STATUS_NAME[esim.status])}
                </span>
              </div>
              <p className="mt-1">
                {t("console.customers.esims.iccid")} <IccidText iccid={esim.iccid} className="break-all" />
                {" · "}
                {t("console.customers.esims.order")}{" "}
                <bdi dir="ltr" className="whitespace-nowrap">
                  {esim.orderNumber}
                </bdi>
              </p>
              <p className="mt-2 font-medium text-slate-900">
                {esim.dataTotalBytes === null
                  ? t("console.customers.esims.usageUnlimited", { used: amount(esim.dataUsedBytes) })
                  : t("console.customers.esims.usage", {
                      used: amount(esim.dataUsedBytes),
                      total: amount(esim.dataTotalBytes),
                    })}
              </p>
              {esim.dataTotalBytes !== null ? (
                <div
                  className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200"
                  role="progressbar"
                  aria-label={t("console.customers.esims.usageBar")}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(usedRatio * 100)}
                >
                  <div className="h-full rounded-full bg-brand-600" style={{ width: `${usedRatio * 100}%` }} />
                </div>
              ) : null}
              <p className="mt-1 text-slate-600">
                {esim.usageUpdatedAt
                  ? t("console.customers.esims.updatedAt", { time: format.dateTime(esim.usageUpdatedAt) })
                  : t("console.customers.esims.notReported")}
                {esim.expiresAt
                  ? ` · ${t("console.customers.esims.expiresAt", { time: format.dateTime(esim.expiresAt) })}`
                  : ""}
              </p>
            </li>
          );
        })}
      </ul>
    </CustomerSection>
  );
}
