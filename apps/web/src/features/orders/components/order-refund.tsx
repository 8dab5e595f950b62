import { formatDate } from "@esim/shared/format";
import type { RefundMethod } from "@esim/shared/ledger/vocabulary";
import { formatMoney } from "@esim/shared/money";
import { type OrderRefund as OrderRefundState, payoutAccountSchema } from "@esim/shared/orders/refunds";
import { Money } from "@esim/ui/components";
import { type FormEvent, useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { CodeText } from "../../../components/ui/code-text.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { errorMessageId, fieldOrErrorMessageId, hasFieldErrors } from "../../../lib/error-messages.ts";
import { isolateLtr, type MessageId, useT } from "../../../lib/i18n.ts";
import { useChooseOrderRefund } from "../api/choose-order-refund.ts";
import { useOrderRefund } from "../api/get-order-refund.ts";

const METHOD_LABEL: Record<RefundMethod, MessageId> = {
  ccp_transfer: "refund.method.ccp_transfer",
  bank_transfer: "refund.method.bank_transfer",
  gateway: "refund.method.gateway",
  store_credit: "refund.method.store_credit",
};

/**
 * The order's refund (decision 062): "Refund owed: 220 DA" until all of it is sent, each refund sent with its amount,
 * how and when; while nothing is chosen, the choice between store credit at once and a transfer to the customer's
 * RIB/RIP; then what was chosen. Nothing when nothing was ever owed.
 */
export function OrderRefund({ orderId }: { orderId: string }) {
  const t = useT();
  const refund = useOrderRefund(orderId);
  const data = refund.data;
  if (!data || (data.totalOwedDzdMinor === 0 && data.sent.length === 0)) return null;
  return (
    <Card>
      <section aria-labelledby="order-refund-title" className="space-y-3">
        <h2 id="order-refund-title" className="text-lg font-semibold text-slate-900">
          {t("refund.title")}
        </h2>
        {data.owedDzdMinor > 0 ? (
          <p className="font-semibold text-amber-800">
            {t("refund.owed")} <Money amountMinor={data.owedDzdMinor} currency="DZD" />
          </p>
        ) : (
          <p className="font-semibold text-emerald-800">
            {t("refund.settled")} <Money amountMinor={data.totalOwedDzdMinor} currency="DZD" />
          </p>
        )}
        {data.sent.length > 0 ? (
          <ul className="space-y-1 text-sm text-slate-700">
            {data.sent.map((sent) => (
              <li key={`${sent.at}-${sent.amountDzdMinor}`}>
                <Money amountMinor={sent.amountDzdMinor} currency="DZD" className="font-medium" />{" "}
                {t("refund.sentLine", { date: formatDate(sent.at), method: t(METHOD_LABEL[sent.method]) })}
                {sent.reference && sent.method !== "store_credit" ? (
                  <>
                    {" "}
                    {t("refund.reference")} <CodeText>{sent.reference}</CodeText>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
        <RefundChoice orderId={orderId} refund={data} />
      </section>
    </Card>
  );
}

function RefundChoice({ orderId, refund }: { orderId: string; refund: OrderRefundState }) {
  const t = useT();
  if (refund.choice?.kind === "transfer") {
    return (
      <p className="text-sm text-slate-700">
        {t("refund.chosenTransfer")} <CodeText>{refund.choice.accountMasked ?? ""}</CodeText>
      </p>
    );
  }
  if (refund.canChoose) return <RefundChoiceForm orderId={orderId} owedDzdMinor={refund.owedDzdMinor} />;
  if (refund.owedDzdMinor > 0) return <p className="text-sm text-slate-700">{t("refund.comingBack")}</p>;
  return null;
}

function RefundChoiceForm({ orderId, owedDzdMinor }: { orderId: string; owedDzdMinor: number }) {
  const t = useT();
  const choose = useChooseOrderRefund(orderId);
  const [kind, setKind] = useState<"store_credit" | "transfer">("store_credit");
  const [account, setAccount] = useState("");
  const [holderName, setHolderName] = useState("");
  const [accountError, setAccountError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (choose.isPending) return;
    if (kind === "store_credit") {
      choose.mutate({ kind });
      return;
    }
    // The same rule as the server's, so a typo is told at once.
    const checked = payoutAccountSchema.safeParse(account);
    if (!checked.success) {
      setAccountError(t("field.PAYOUT_ACCOUNT_INVALID"));
      return;
    }
    setAccountError(null);
    choose.mutate({ kind, account: checked.data, holderName });
  };

  const apiError = choose.error;
  const fieldError = (field: string) =>
    apiError && hasFieldErrors(apiError) ? t(fieldOrErrorMessageId(apiError, field)) : null;

  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">{t("refund.chooseTitle")}</legend>
        <label className="flex items-start gap-3 rounded-xl p-3 ring-1 ring-slate-200">
          <input
            type="radio"
            name="refund-choice"
            value="store_credit"
            checked={kind === "store_credit"}
            onChange={() => setKind("store_credit")}
            className="mt-1"
          />
          <span>
            <span className="block font-medium text-slate-900">{t("refund.storeCredit")}</span>
            <span className="block text-sm text-slate-600">{t("refund.storeCreditHint")}</span>
          </span>
        </label>
        <label className="flex items-start gap-3 rounded-xl p-3 ring-1 ring-slate-200">
          <input
            type="radio"
            name="refund-choice"
            value="transfer"
            checked={kind === "transfer"}
            onChange={() => setKind("transfer")}
            className="mt-1"
          />
          <span>
            <span className="block font-medium text-slate-900">{t("refund.transfer")}</span>
            <span className="block text-sm text-slate-600">{t("refund.transferHint")}</span>
          </span>
        </label>
      </fieldset>
      {kind === "transfer" ? (
        <div className="space-y-3">
          <TextField
            label={t("refund.account")}
            hint={t("refund.accountHint")}
            inputMode="numeric"
            autoComplete="off"
            dir="ltr"
            value={account}
            error={accountError ?? fieldError("account")}
            onChange={(event) => setAccount(event.target.value)}
          />
          <TextField
            label={t("refund.holderName")}
            autoComplete="name"
            value={holderName}
            maxLength={50}
            error={fieldError("holderName")}
            onChange={(event) => setHolderName(event.target.value)}
          />
        </div>
      ) : null}
      {apiError && !hasFieldErrors(apiError) ? <Alert>{t(errorMessageId(apiError))}</Alert> : null}
      <Button type="submit" isLoading={choose.isPending}>
        {kind === "store_credit"
          ? t("refund.takeCredit", { amount: isolateLtr(formatMoney(owedDzdMinor, "DZD")) })
          : t("refund.askTransfer")}
      </Button>
    </form>
  );
}
