import { isolate, isolateLtr } from "@esim/shared/bidi";
import type { CustomerDetail } from "@esim/shared/console/customers-contract";
import { consoleFormatters } from "../../lib/format.ts";
import { useLanguage, useT } from "../../lib/i18n.ts";
import { useConsolePlanName } from "../../lib/plan-name.ts";
import { CustomerSection } from "./customer-section.tsx";

/** The customer's auto top-up settings, one per eSIM: on or off, the plan, when it buys, the month's count and cap. */
export function CustomerAutoTopUps({ customer }: { customer: CustomerDetail }) {
  const t = useT();
  const format = consoleFormatters(useLanguage());
  const planName = useConsolePlanName();
  const settings = customer.autoTopUps ?? [];
  // The eSIM named by its ICCID, as on the eSIM cards above; one not listed there is named by nothing more.
  const iccidOf = (esimId: string) => customer.esims.find((esim) => esim.id === esimId)?.iccid ?? null;

  return (
    <CustomerSection title={t("console.customers.autoTopUps.title")}>
      {settings.length === 0 ? <p className="text-slate-600">{t("console.customers.autoTopUps.empty")}</p> : null}
      <ul className="space-y-2">
        {settings.map((setting) => {
          const iccid = iccidOf(setting.esimId);
          return (
            <li key={setting.esimId} className="rounded-xl bg-slate-50 p-3 text-sm text-slate-700">
              <p className="font-semibold text-slate-900">
                {iccid
                  ? t("console.customers.autoTopUps.esim", { iccid: isolateLtr(iccid) })
                  : t("console.customers.autoTopUps.esimUnknown")}{" "}
                · {t(setting.isEnabled ? "console.customers.autoTopUps.on" : "console.customers.autoTopUps.off")}
              </p>
              <p>{setting.plan ? <bdi>{planName(setting.plan)}</bdi> : t("console.customers.autoTopUps.noPlan")}</p>
              <p>
                {t("console.customers.autoTopUps.when", {
                  percent: isolate(format.percent(setting.thresholdPercent / 100)),
                })}
                {setting.isOnValidityEnding ? ` ${t("console.customers.autoTopUps.orValidityEnding")}` : null}
              </p>
              <p>
                {t("console.customers.autoTopUps.month", {
                  count: setting.boughtThisMonth,
                  countText: format.number(setting.boughtThisMonth),
                  capText: format.number(setting.monthlyCap),
                })}
              </p>
              <p className="text-slate-600">
                {setting.lastOrderedAt
                  ? t("console.customers.autoTopUps.lastOrderedAt", { time: format.dateTime(setting.lastOrderedAt) })
                  : t("console.customers.autoTopUps.never")}
                {` · ${t("console.customers.autoTopUps.updatedAt", { time: format.dateTime(setting.updatedAt) })}`}
              </p>
            </li>
          );
        })}
      </ul>
    </CustomerSection>
  );
}
