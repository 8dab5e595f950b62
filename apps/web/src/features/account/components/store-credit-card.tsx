import { formatMoney } from "@esim/shared/money";
import { useId } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { StoreCreditHistory } from "../../../components/ui/store-credit-history.tsx";
import { errorMessageId } from "../../../lib/error-messages.ts";
import { isolate, useT } from "../../../lib/i18n.ts";
import { useStoreCredit } from "../api/get-store-credit.ts";

/** The customer's store credit (decision 064): "Your credit: 1,000 DA", spent first at checkout, and its history. */
export function StoreCreditCard() {
  const t = useT();
  const credit = useStoreCredit();
  const titleId = useId();
  return (
    <Card>
      <section aria-labelledby={titleId}>
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {t("storeCredit.title")}
        </h2>
        {credit.isPending ? (
          <Spinner className="mx-auto mt-3 size-6 text-brand-700" label={t("common.loading")} />
        ) : credit.error ? (
          <div className="mt-3">
            <Alert>{t(errorMessageId(credit.error))}</Alert>
          </div>
        ) : (
          <>
            <p className="mt-2 text-2xl font-bold text-slate-900">
              {t("storeCredit.balance", { amount: isolate(formatMoney(credit.data.balanceDzdMinor, "DZD")) })}
            </p>
            <p className="mt-1 text-sm text-slate-600">{t("storeCredit.explain")}</p>
            <h3 className="mt-4 mb-1 font-semibold text-slate-800">{t("storeCredit.history")}</h3>
            <StoreCreditHistory entries={credit.data.entries} />
          </>
        )}
      </section>
    </Card>
  );
}
