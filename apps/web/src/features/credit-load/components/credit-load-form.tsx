import { isolate } from "@esim/shared/bidi";
import type { PaymentMethod } from "@esim/shared/checkout/contracts";
import { formatMoney, toMinor } from "@esim/shared/money";
import { type ReactNode, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { TermsAcceptance } from "../../../components/forms/terms-acceptance.tsx";
import { useFocusFirstInvalid } from "../../../components/forms/use-focus-first-invalid.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { errorMessageId } from "../../../lib/error-messages.ts";
import { useT } from "../../../lib/i18n.ts";
import { openCheckout } from "../../../lib/open-checkout.ts";
import { useCreateCreditLoad, useCreditLoadQuote } from "../api/credit-loads.ts";
import { type AmountChoice, amountOf, CreditLoadAmountPicker } from "./credit-load-amount-picker.tsx";
import { CREDIT_LOAD_PATH } from "./credit-load-result.tsx";

/**
 * "Recharger mon crédit": an amount, a payment method, then the gateway's page in the checkout's own payment window
 * (the web's popup, the apps' in-app browser: never our web view) while this window shows the load's result page,
 * which asks the server until the load is paid or ended. One `clientReference` per attempt: a retry of the same
 * amount and method answers the same load and checkout, never a second charge.
 */
export function CreditLoadForm({
  methodPicker,
  method,
}: {
  /** The payment methods the gateway offers (the checkout's own picker). */
  methodPicker: ReactNode;
  method: PaymentMethod | null;
}) {
  const t = useT();
  const navigate = useNavigate();
  const create = useCreateCreditLoad();
  const [choice, setChoice] = useState<AmountChoice>({ kind: "preset", amountDzd: 2_000 });
  const [hasTried, setHasTried] = useState(false);
  const [isBlocked, setIsBlocked] = useState(false);
  // Buying credit is a sale too: the terms are accepted by the buyer's own tick (decision 073).
  const [isTermsAccepted, setIsTermsAccepted] = useState(false);
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const attempt = useRef<{ key: string; reference: string } | null>(null);
  const amountDzd = amountOf(choice);
  // What the payer pays: the amount and, when the shop passes it on, their share of the gateway's fee.
  const quote = useCreditLoadQuote(amountDzd);
  const charge =
    quote.data && amountDzd !== null && quote.data.amountDzdMinor === toMinor(amountDzd) ? quote.data : null;

  const referenceFor = (key: string): string => {
    if (attempt.current?.key !== key) attempt.current = { key, reference: crypto.randomUUID() };
    return attempt.current.reference;
  };

  /** Runs in the Pay click: nothing may be awaited before the payment window opens. */
  const submit = () => {
    setHasTried(true);
    if (!isTermsAccepted) focusFirstInvalid();
    if (amountDzd === null || method === null || !isTermsAccepted) return;
    const checkoutWindow = openCheckout();
    setIsBlocked(checkoutWindow === null);
    if (!checkoutWindow) return;
    const clientReference = referenceFor(`${amountDzd}:${method}`);
    create.mutate(
      { clientReference, amountDzd, paymentMethod: method, termsAccepted: true },
      {
        onSuccess: ({ load, checkoutUrl }) => {
          if (checkoutUrl) checkoutWindow.show(checkoutUrl);
          else checkoutWindow.close();
          void navigate(`${CREDIT_LOAD_PATH}?${new URLSearchParams({ loadId: load.id })}`);
        },
        onError: (error) => {
          checkoutWindow.close();
          // The server saw this reference with another amount: the next try is a new attempt.
          if (error instanceof ApiError && error.code === "IDEMPOTENCY_CONFLICT") attempt.current = null;
        },
      },
    );
  };

  return (
    <form
      ref={formRef}
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <p className="text-slate-700">{t("creditLoad.intro")}</p>
      <Card>
        <CreditLoadAmountPicker value={choice} onChange={setChoice} showError={hasTried} />
      </Card>
      <Card>{methodPicker}</Card>
      {hasTried && method === null ? <Alert>{t("creditLoad.methodRequired")}</Alert> : null}
      {isBlocked ? <Alert>{t("payment.popupBlocked")}</Alert> : null}
      {create.isError ? <Alert>{t(errorMessageId(create.error))}</Alert> : null}
      {charge && charge.gatewayFeeDzdMinor > 0 ? (
        <p className="text-sm text-slate-600">
          {t("payment.modal.gatewayFee", { amount: isolate(formatMoney(charge.gatewayFeeDzdMinor, "DZD")) })}
        </p>
      ) : null}
      <p className="text-sm text-slate-600">{t("creditLoad.receiptNotice")}</p>
      <TermsAcceptance
        isAccepted={isTermsAccepted}
        onChange={setIsTermsAccepted}
        error={hasTried && !isTermsAccepted ? "TERMS_NOT_ACCEPTED" : undefined}
      />
      <Button type="submit" fullWidth isLoading={create.isPending || create.isSuccess}>
        {charge
          ? t("creditLoad.payAmount", { amount: isolate(formatMoney(charge.chargeWithFeeDzdMinor, "DZD")) })
          : t("creditLoad.pay")}
      </Button>
    </form>
  );
}
