import { isolateLtr } from "@esim/shared/bidi";
import type { CustomerDetail } from "@esim/shared/console/customers-contract";
import { paymentMethodName } from "@esim/ui/status-labels";
import { gatewayLabel } from "../../components/order-labels.ts";
import { consoleFormatters } from "../../lib/format.ts";
import { useLanguage, useT } from "../../lib/i18n.ts";
import { CustomerSection } from "./customer-section.tsx";

/** The customer's store credit loads, newest first: amount, state, dates, receipt and the gateway's checkout id. */
export function CustomerCreditLoads({ loads }: { loads: NonNullable<CustomerDetail["creditLoads"]> }) {
  const t = useT();
  const format = consoleFormatters(useLanguage());

  return (
    <CustomerSection title={t("console.customers.creditLoads.title")}>
      {loads.length === 0 ? <p className="text-slate-600">{t("console.customers.creditLoads.empty")}</p> : null}
      <ul className="space-y-2">
        {loads.map((load) => (
          <li key={load.id} className="rounded-xl bg-slate-50 p-3 text-sm text-slate-700">
            <p className="font-semibold text-slate-900">
              <bdi dir="ltr">{format.dzd(load.amountDzdMinor)}</bdi> ·{" "}
              {t(`console.customers.creditLoads.status.${load.status}`)}
            </p>
            <p>
              {t("console.customers.creditLoads.startedAt", { time: format.dateTime(load.createdAt) })}
              {load.paidAt
                ? ` · ${t("console.customers.creditLoads.paidAt", { time: format.dateTime(load.paidAt) })}`
                : null}
              {load.endedAt
                ? ` · ${t("console.customers.creditLoads.endedAt", { time: format.dateTime(load.endedAt) })}`
                : null}
            </p>
            <p className="text-slate-600">
              {load.receiptNumber
                ? `${t("console.customers.creditLoads.receipt", { number: isolateLtr(load.receiptNumber) })} · `
                : null}
              {load.provider
                ? t("console.customers.creditLoads.reference", {
                    gateway: `${t(gatewayLabel(load.provider))} · ${paymentMethodName(t, load.paymentMethod)}`,
                    reference: isolateLtr(load.providerReference ?? "—"),
                  })
                : paymentMethodName(t, load.paymentMethod)}
            </p>
          </li>
        ))}
      </ul>
    </CustomerSection>
  );
}
