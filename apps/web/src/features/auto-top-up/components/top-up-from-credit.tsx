import type { Plan } from "@esim/shared/catalog/contracts";
import { formatMoney } from "@esim/shared/money";
import { WEB_PATHS } from "@esim/shared/web-paths";
import { Money } from "@esim/ui/components";
import { useState } from "react";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button, buttonClasses } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { Modal } from "../../../components/ui/modal.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { errorMessageId } from "../../../lib/error-messages.ts";
import { isolate, useT } from "../../../lib/i18n.ts";
import { usePlanText } from "../../../lib/plan-text.ts";
import { topUpCartHref } from "../../../lib/top-up-cart-href.ts";
import { useCreditQuote, useTopUpFromCredit } from "../api/auto-top-up.ts";

/**
 * "Pay from my credit" (decision 078): when the store credit covers one of the eSIM's top-ups, one tap and one confirm
 * (the plan, the amount, the terms of sale) buy it without the gateway. Credit short: load credit, or ask someone to pay.
 */
export function TopUpFromCredit({
  esimId,
  destinationCode,
  plans,
}: {
  esimId: string;
  destinationCode: string;
  plans: readonly Plan[];
}) {
  const t = useT();
  const { data: planData, validity } = usePlanText();
  const [planId, setPlanId] = useState(plans[0]?.id ?? null);
  const [isConfirming, setIsConfirming] = useState(false);
  const [clientReference, setClientReference] = useState(() => crypto.randomUUID());
  const quote = useCreditQuote(esimId, planId);
  const topUp = useTopUpFromCredit(esimId);
  const plan = plans.find((item) => item.id === planId);
  // Without a price the offer cannot be made: the top-up offers above still lead to the checkout.
  if (!plan || quote.isError) return null;
  const planTitle = t("plan.title", { data: planData(plan), validity: validity(plan.validityDays) });
  const charge = quote.data?.chargeDzdMinor ?? 0;
  const balance = quote.data?.storeCreditBalanceDzdMinor ?? 0;
  const isCovered = quote.data !== undefined && quote.data.cardChargeDzdMinor === 0 && charge > 0;
  const needsCheckout = topUp.error instanceof ApiError && topUp.error.code === "BILLING_PROFILE_INCOMPLETE";

  function confirm() {
    if (!planId) return;
    topUp.mutate({ packageId: planId, clientReference }, { onSettled: () => setIsConfirming(false) });
  }

  return (
    <Card>
      <section aria-labelledby="credit-top-up-title">
        <h2 id="credit-top-up-title" className="text-lg font-semibold text-slate-900">
          {t("autoTopUp.creditTitle")}
        </h2>
        {quote.data ? (
          <p className="mt-1 text-sm text-slate-600">
            {t("autoTopUp.balance", { amount: isolate(formatMoney(balance, "DZD")) })}
          </p>
        ) : null}
        {plans.length > 1 ? (
          <SelectField
            className="mt-3"
            label={t("autoTopUp.plan")}
            value={planId ?? ""}
            onChange={(event) => {
              setPlanId(event.target.value);
              setClientReference(crypto.randomUUID());
              topUp.reset();
            }}
            options={plans.map((item) => ({
              value: item.id,
              label: t("plan.title", { data: planData(item), validity: validity(item.validityDays) }),
            }))}
          />
        ) : null}
        {topUp.data ? (
          <div className="mt-3 space-y-2" role="status">
            <p className="font-medium text-emerald-800">{t("autoTopUp.done")}</p>
            <Link to={WEB_PATHS.orderStatus(topUp.data.orderId)} className={buttonClasses("secondary")}>
              {t("autoTopUp.seeOrder")}
            </Link>
          </div>
        ) : quote.isPending ? null : isCovered ? (
          <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
            <p className="font-semibold text-slate-900">
              {planTitle} · <Money amountMinor={charge} currency="DZD" />
            </p>
            <Button onClick={() => setIsConfirming(true)}>{t("autoTopUp.topUpFromCredit")}</Button>
          </div>
        ) : (
          <div className="mt-3 space-y-3">
            <p className="text-slate-700">
              {t("autoTopUp.creditShort", {
                balance: isolate(formatMoney(balance, "DZD")),
                amount: isolate(formatMoney(charge, "DZD")),
              })}
            </p>
            <div className="flex flex-wrap gap-3">
              <Link to={WEB_PATHS.loadCredit()} className={buttonClasses("primary")}>
                {t("autoTopUp.loadCredit")}
              </Link>
              <Link to={WEB_PATHS.payForMe(esimId)} className={buttonClasses("secondary")}>
                {t("autoTopUp.askSomeoneToPay")}
              </Link>
            </div>
          </div>
        )}
        {topUp.error ? (
          <div className="mt-3 space-y-3">
            <Alert>{t(errorMessageId(topUp.error))}</Alert>
            {needsCheckout ? (
              <Link
                to={topUpCartHref({ planId: plan.id, destinationCode, esimId })}
                className={buttonClasses("primary")}
              >
                {t("autoTopUp.payByCard")}
              </Link>
            ) : null}
          </div>
        ) : null}
      </section>
      <Modal
        open={isConfirming}
        onOpenChange={setIsConfirming}
        type="info"
        title={t("autoTopUp.confirmTitle")}
        message={t("autoTopUp.confirmText", { plan: planTitle, amount: isolate(formatMoney(charge, "DZD")) })}
        primaryAction={{ label: t("common.confirm"), onClick: confirm, isLoading: topUp.isPending }}
        secondaryAction={{ label: t("common.cancel"), onClick: () => setIsConfirming(false), variant: "secondary" }}
      />
    </Card>
  );
}
