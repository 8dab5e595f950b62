import type { EsimSummary } from "@esim/shared/esims/contracts";
import { formatDateTime } from "@esim/shared/format";
import { useT } from "../../../lib/i18n.ts";
import { useDataAmount } from "../lib/data-amount.ts";

/** Data left as a bar (unlimited plans: data used only), always with "usage updated at" since upstream lags. */
export function DataUsage({
  esim,
}: {
  esim: Pick<EsimSummary, "dataTotalBytes" | "dataUsedBytes" | "dataRemainingBytes" | "usageUpdatedAt">;
}) {
  const t = useT();
  const amount = useDataAmount();
  const total = esim.dataTotalBytes;
  const remaining = esim.dataRemainingBytes ?? (total === null ? null : Math.max(0, total - esim.dataUsedBytes));
  const percentLeft = total && remaining !== null ? Math.min(100, Math.max(0, (remaining / total) * 100)) : null;
  return (
    <div>
      {total !== null && remaining !== null && percentLeft !== null ? (
        <>
          <p className="flex flex-wrap justify-between gap-x-4 text-sm text-slate-700">
            <span>{t("esims.dataLeft", { left: amount(remaining), total: amount(total) })}</span>
            <span>{t("esims.dataUsed", { used: amount(esim.dataUsedBytes) })}</span>
          </p>
          {/* The figures above say it in words; the bar is for the eye. */}
          <div aria-hidden="true" className="mt-2 h-2.5 overflow-hidden rounded-full bg-slate-200">
            <div
              className={`h-full rounded-full ${percentLeft < 20 ? "bg-amber-500" : "bg-brand-600"}`}
              style={{ inlineSize: `${percentLeft}%` }}
            />
          </div>
        </>
      ) : (
        <p className="text-sm text-slate-700">{t("esims.dataUsedUnlimited", { used: amount(esim.dataUsedBytes) })}</p>
      )}
      <p className="mt-1 text-xs text-slate-600">
        {esim.usageUpdatedAt
          ? t("esims.usageUpdatedAt", { date: formatDateTime(esim.usageUpdatedAt) })
          : t("esims.usageNotYet")}
      </p>
    </div>
  );
}
