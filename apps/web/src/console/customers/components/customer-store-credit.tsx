import { formatMoney } from "@esim/shared/money";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { StoreCreditHistory } from "../../../components/ui/store-credit-history.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { errorMessageId, fieldOrErrorMessageId, hasFieldErrors } from "../../../lib/error-messages.ts";
import { operatorMeQuery } from "../../api/operator.ts";
import { fromLocalInput } from "../../lib/coupon-dates.ts";
import { isolate, useT } from "../../lib/i18n.ts";
import { customerStoreCreditQuery, useIssueCustomerStoreCredit } from "../api/customers.ts";
import { CustomerSection } from "./customer-section.tsx";

/** Whole dinars from 1 to 100 000, as the API takes them (MAX_ISSUED_CREDIT_DZD). */
function parseAmountDzd(value: string): number | null {
  const amount = Number(value.trim());
  return Number.isInteger(amount) && amount >= 1 && amount <= 100_000 ? amount : null;
}

/** An admin's form: an amount, the reason the customer reads, an optional expiry. */
function GiveCreditForm({ customerId }: { customerId: string }) {
  const t = useT();
  const issue = useIssueCustomerStoreCredit(customerId);
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [expiresAt, setExpiresAt] = useState("");
  const [isAmountInvalid, setIsAmountInvalid] = useState(false);
  const [given, setGiven] = useState<number | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const amountDzd = parseAmountDzd(amount);
    setIsAmountInvalid(amountDzd === null);
    if (amountDzd === null) return;
    issue.mutate(
      { amountDzd, reason, expiresAt: fromLocalInput(expiresAt) },
      {
        onSuccess: () => {
          setGiven(amountDzd);
          setAmount("");
          setReason("");
          setExpiresAt("");
        },
      },
    );
  };
  const fieldError = (field: string) =>
    issue.error && hasFieldErrors(issue.error) ? t(fieldOrErrorMessageId(issue.error, field)) : null;

  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-3 border-t border-slate-100 pt-4">
      <h3 className="font-semibold text-slate-800">{t("console.customers.credit.give")}</h3>
      <TextField
        label={t("console.customers.credit.amount")}
        inputMode="numeric"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        error={isAmountInvalid ? t("console.customers.credit.amountInvalid") : fieldError("amountDzd")}
      />
      <TextField
        label={t("console.customers.credit.reason")}
        value={reason}
        maxLength={500}
        onChange={(event) => setReason(event.target.value)}
        error={fieldError("reason")}
      />
      <TextField
        label={t("console.customers.credit.expiresAt")}
        type="datetime-local"
        value={expiresAt}
        onChange={(event) => setExpiresAt(event.target.value)}
        error={fieldError("expiresAt")}
      />
      {issue.error && !hasFieldErrors(issue.error) ? <Alert>{t(errorMessageId(issue.error))}</Alert> : null}
      {given !== null && issue.isSuccess ? (
        <p role="status" className="text-sm font-medium text-emerald-800">
          {t("console.customers.credit.given", { amount: isolate(formatMoney(given * 100, "DZD")) })}
        </p>
      ) : null}
      <Button type="submit" className="min-h-11 px-3 text-sm" isLoading={issue.isPending}>
        {t("console.customers.credit.give")}
      </Button>
    </form>
  );
}

/**
 * The customer's store credit in the console (decision 064): balance and history for every operator; admins give
 * credit with a reason and an optional expiry (audited). A deleted account is given none.
 */
export function CustomerStoreCredit({ customerId, isDeleted }: { customerId: string; isDeleted: boolean }) {
  const t = useT();
  const credit = useQuery(customerStoreCreditQuery(customerId));
  const me = useQuery(operatorMeQuery());
  return (
    <CustomerSection title={t("console.customers.credit.title")}>
      {credit.data ? (
        <>
          <p className="mb-2 text-lg font-bold text-slate-900">
            {t("console.customers.credit.balance", {
              amount: isolate(formatMoney(credit.data.balanceDzdMinor, "DZD")),
            })}
          </p>
          <StoreCreditHistory entries={credit.data.entries} />
        </>
      ) : credit.error ? (
        <Alert>{t(errorMessageId(credit.error))}</Alert>
      ) : (
        <p className="text-slate-600">{t("common.loading")}</p>
      )}
      {me.data?.role === "admin" && !isDeleted ? <GiveCreditForm customerId={customerId} /> : null}
    </CustomerSection>
  );
}
