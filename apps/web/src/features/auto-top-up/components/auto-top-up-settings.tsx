import {
  AUTO_TOP_UP_MONTHLY_CAP_MAX,
  AUTO_TOP_UP_THRESHOLD_CHOICES,
  type AutoTopUpSettings as Settings,
} from "@esim/shared/auto-top-up/contracts";
import type { Plan } from "@esim/shared/catalog/contracts";
import { formatNumber, formatPercent } from "@esim/shared/format";
import { type FormEvent, useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { errorMessageId } from "../../../lib/error-messages.ts";
import { useT } from "../../../lib/i18n.ts";
import { usePlanText } from "../../../lib/plan-text.ts";
import { useSaveAutoTopUp } from "../api/auto-top-up.ts";

function Checkbox({ label, checked, onChange }: { label: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className="flex min-h-11 items-center gap-3">
      <input
        type="checkbox"
        className="size-5 shrink-0 accent-brand-700"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="font-medium text-slate-900">{label}</span>
    </label>
  );
}

/**
 * Auto top-up of one eSIM (decision 078): on or off, the top-up bought, the share of data left that fires it, also
 * when the validity ends within a day, and at most how many a month; saved as one choice.
 */
export function AutoTopUpSettings({
  esimId,
  plans,
  saved,
  boughtThisMonth,
}: {
  esimId: string;
  plans: readonly Plan[];
  saved: Settings;
  boughtThisMonth: number;
}) {
  const t = useT();
  const { data: planData, validity } = usePlanText();
  const [settings, setSettings] = useState<Settings>({ ...saved, packageId: saved.packageId ?? plans[0]?.id ?? null });
  const save = useSaveAutoTopUp(esimId);
  const change = (next: Partial<Settings>) => {
    save.reset();
    setSettings((current) => ({ ...current, ...next }));
  };
  const thresholds = [...new Set([...AUTO_TOP_UP_THRESHOLD_CHOICES, settings.thresholdPercent])].sort((a, b) => a - b);

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(settings);
  }

  return (
    <Card>
      <section aria-labelledby="auto-top-up-title">
        <h2 id="auto-top-up-title" className="text-lg font-semibold text-slate-900">
          {t("autoTopUp.title")}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t("autoTopUp.intro")}</p>
        <form className="mt-3 space-y-3" onSubmit={submit}>
          <Checkbox
            label={t("autoTopUp.enabled")}
            checked={settings.isEnabled}
            onChange={(isEnabled) => change({ isEnabled })}
          />
          <SelectField
            label={t("autoTopUp.plan")}
            value={settings.packageId ?? ""}
            onChange={(event) => change({ packageId: event.target.value })}
            options={plans.map((plan) => ({
              value: plan.id,
              label: t("plan.title", { data: planData(plan), validity: validity(plan.validityDays) }),
            }))}
          />
          <SelectField
            label={t("autoTopUp.threshold")}
            value={String(settings.thresholdPercent)}
            onChange={(event) => change({ thresholdPercent: Number(event.target.value) })}
            options={thresholds.map((percent) => ({
              value: String(percent),
              label: t("autoTopUp.thresholdOption", { percent: formatPercent(percent / 100) }),
            }))}
          />
          <Checkbox
            label={t("autoTopUp.validity")}
            checked={settings.isOnValidityEnding}
            onChange={(isOnValidityEnding) => change({ isOnValidityEnding })}
          />
          <SelectField
            label={t("autoTopUp.monthlyCap")}
            value={String(settings.monthlyCap)}
            onChange={(event) => change({ monthlyCap: Number(event.target.value) })}
            options={Array.from({ length: AUTO_TOP_UP_MONTHLY_CAP_MAX }, (_, index) => ({
              value: String(index + 1),
              label: formatNumber(index + 1),
            }))}
          />
          <p className="text-sm text-slate-600">
            {t("autoTopUp.boughtThisMonth", {
              count: formatNumber(boughtThisMonth),
              cap: formatNumber(saved.monthlyCap),
            })}
          </p>
          {save.error ? <Alert>{t(errorMessageId(save.error))}</Alert> : null}
          {save.isSuccess ? (
            <p role="status" className="font-medium text-emerald-800">
              {t("autoTopUp.saved")}
            </p>
          ) : null}
          <Button type="submit" isLoading={save.isPending}>
            {t("common.save")}
          </Button>
        </form>
      </section>
    </Card>
  );
}
