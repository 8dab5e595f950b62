import type { ReferralSettings } from "@esim/shared/referrals/contracts";
import { type FormEvent, useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { errorMessageId } from "../../../lib/error-messages.ts";
import { useT } from "../../lib/i18n.ts";
import { useUpdateReferralSettings } from "../api/referrals.ts";

const WHOLE = /^\d{1,9}$/;

/**
 * The referral settings (admins): on or off, the friend's discount, the inviter's reward, the monthly cap, the shop's
 * monthly budgets and whether the friend's discount may sell below cost (decision 087).
 */
export function ReferralSettingsForm({ settings }: { settings: ReferralSettings }) {
  const t = useT();
  const update = useUpdateReferralSettings();
  const [isEnabled, setIsEnabled] = useState(settings.isEnabled);
  const [allowsBelowCost, setAllowsBelowCost] = useState(settings.allowsBelowCost);
  const [fields, setFields] = useState({
    friendDiscountDzd: String(settings.friendDiscountDzd),
    rewardDzd: String(settings.rewardDzd),
    monthlyRewardCap: String(settings.monthlyRewardCap),
    friendDiscountMonthlyBudgetDzd: String(settings.friendDiscountMonthlyBudgetDzd),
    rewardMonthlyBudgetDzd: String(settings.rewardMonthlyBudgetDzd),
  });
  const invalid = Object.fromEntries(Object.entries(fields).map(([name, text]) => [name, !WHOLE.test(text.trim())]));
  const [isChecked, setIsChecked] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setIsChecked(true);
    if (Object.values(invalid).some(Boolean)) return;
    update.mutate({
      isEnabled,
      friendDiscountDzd: Number(fields.friendDiscountDzd),
      rewardDzd: Number(fields.rewardDzd),
      monthlyRewardCap: Number(fields.monthlyRewardCap),
      allowsBelowCost,
      friendDiscountMonthlyBudgetDzd: Number(fields.friendDiscountMonthlyBudgetDzd),
      rewardMonthlyBudgetDzd: Number(fields.rewardMonthlyBudgetDzd),
    });
  };

  const field = (name: keyof typeof fields, label: string) => (
    <TextField
      label={label}
      inputMode="numeric"
      dir="ltr"
      value={fields[name]}
      error={isChecked && invalid[name] ? t("error.VALIDATION_FAILED") : undefined}
      onChange={(event) => setFields({ ...fields, [name]: event.target.value })}
    />
  );

  return (
    <form onSubmit={submit} noValidate className="max-w-md space-y-4">
      <h2 className="text-lg font-semibold text-slate-900">{t("console.referrals.settings")}</h2>
      <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <input type="checkbox" checked={isEnabled} onChange={(event) => setIsEnabled(event.target.checked)} />
        {t("console.referrals.enabled")}
      </label>
      {field("friendDiscountDzd", t("console.referrals.friendDiscount"))}
      {field("rewardDzd", t("console.referrals.reward"))}
      {field("monthlyRewardCap", t("console.referrals.monthlyCap"))}
      {field("friendDiscountMonthlyBudgetDzd", t("console.referrals.friendBudget"))}
      {field("rewardMonthlyBudgetDzd", t("console.referrals.rewardBudget"))}
      <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          checked={allowsBelowCost}
          onChange={(event) => setAllowsBelowCost(event.target.checked)}
        />
        {t("console.referrals.allowsBelowCost")}
      </label>
      {update.error ? <Alert>{t(errorMessageId(update.error))}</Alert> : null}
      {update.isSuccess ? (
        <p role="status" className="text-sm text-emerald-700">
          {t("console.referrals.saved")}
        </p>
      ) : null}
      <Button type="submit" isLoading={update.isPending}>
        {t("console.referrals.save")}
      </Button>
    </form>
  );
}
