import type { PaymentMethod } from "@esim/shared/checkout/contracts";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { Page } from "../components/ui/page.tsx";
import { Spinner } from "../components/ui/spinner.tsx";
import { useCheckoutOptions } from "../features/checkout/api/get-checkout-options.ts";
import { PaymentMethodPicker } from "../features/checkout/components/payment-method-picker.tsx";
import { CreditLoadForm } from "../features/credit-load/components/credit-load-form.tsx";
import { CreditLoadReceipts } from "../features/credit-load/components/credit-load-receipts.tsx";
import { CreditLoadResult } from "../features/credit-load/components/credit-load-result.tsx";
import { useT } from "../lib/i18n.ts";

/**
 * /account/credit/load: store credit bought before the trip (decision 068). Without `loadId`, the amount and the payment
 * method; with it (the gateway's return), the load's result and the new balance.
 */
export function CreditLoadRoute() {
  const t = useT();
  const [params] = useSearchParams();
  const loadId = params.get("loadId");
  return (
    <Page title={t("creditLoad.title")} hasBack backTo="/profile">
      <div className="mx-auto w-full max-w-xl">
        {loadId ? <CreditLoadResult loadId={loadId} /> : <CreditLoadPurchase />}
      </div>
    </Page>
  );
}

function CreditLoadPurchase() {
  const t = useT();
  const options = useCheckoutOptions();
  const [chosen, setChosen] = useState<PaymentMethod | null>(null);
  if (!options.data) return <Spinner className="mx-auto size-8 text-brand-700" label={t("common.loading")} />;
  const methods = options.data.paymentMethods;
  // The gateway's first method (EDAHABIA) is preselected, as on the summary: one tap fewer for most payers.
  const method = chosen && methods.includes(chosen) ? chosen : (methods[0] ?? null);
  return (
    <div className="space-y-8">
      <CreditLoadForm
        method={method}
        methodPicker={<PaymentMethodPicker methods={methods} value={method} onChange={setChosen} />}
      />
      <CreditLoadReceipts />
    </div>
  );
}
