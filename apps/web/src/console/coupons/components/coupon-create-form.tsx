import { type FormEvent, useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { errorMessageId, fieldErrorMessageId, hasFieldErrors } from "../../../lib/error-messages.ts";
import { fromLocalInput, numberOrNull } from "../../lib/coupon-dates.ts";
import { useT } from "../../lib/i18n.ts";
import { useCreateCoupon } from "../api/coupons.ts";
import { CouponLimitsFields } from "./coupon-limits-fields.tsx";
import { CouponPlanPicker } from "./coupon-plan-picker.tsx";

interface CouponForm {
  code: string;
  kind: "percent" | "amount";
  value: string;
  startsAt: string;
  endsAt: string;
  maxUses: string;
  maxUsesPerUser: string;
  minOrderDzd: string;
}

const EMPTY_FORM: CouponForm = {
  code: "",
  kind: "percent",
  value: "",
  startsAt: "",
  endsAt: "",
  maxUses: "",
  maxUsesPerUser: "1",
  minOrderDzd: "",
};

/** A new coupon with every rule the checkout enforces; the server checks them all again. */
export function CouponCreateForm({ onCreated, onCancel }: { onCreated: (code: string) => void; onCancel: () => void }) {
  const t = useT();
  const create = useCreateCoupon();
  const [form, setForm] = useState<CouponForm>(EMPTY_FORM);
  const [packageIds, setPackageIds] = useState<Set<string>>(new Set());
  // A giveaway may sell below the upstream cost (decision 087): off unless the admin ticks it.
  const [allowsBelowCost, setAllowsBelowCost] = useState(false);

  const field = (name: keyof CouponForm) => ({
    value: form[name],
    onChange: (event: { target: { value: string } }) =>
      setForm((current) => ({ ...current, [name]: event.target.value })),
  });
  const fieldError = (...names: string[]) => {
    if (!(create.error instanceof ApiError)) return null;
    for (const name of names) {
      const code = create.error.fields[name];
      if (code) return t(fieldErrorMessageId(code));
    }
    return null;
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const value = Number(form.value);
    create.mutate(
      {
        code: form.code,
        discount:
          form.kind === "percent" ? { kind: "percent", percentOff: value } : { kind: "amount", amountOffDzd: value },
        startsAt: fromLocalInput(form.startsAt),
        endsAt: fromLocalInput(form.endsAt),
        maxUses: numberOrNull(form.maxUses),
        maxUsesPerUser: Number(form.maxUsesPerUser),
        minOrderDzd: numberOrNull(form.minOrderDzd),
        packageIds: packageIds.size > 0 ? [...packageIds] : null,
        allowsBelowCost,
      },
      { onSuccess: ({ data }) => onCreated(data.code) },
    );
  };

  return (
    <form
      onSubmit={submit}
      aria-label={t("console.coupons.createTitle")}
      noValidate
      className="space-y-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200"
    >
      <h2 className="text-lg font-semibold text-slate-900">{t("console.coupons.createTitle")}</h2>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <TextField
          label={t("console.coupons.code")}
          hint={t("console.coupons.codeHint")}
          autoCapitalize="characters"
          className="[&_input]:font-mono [&_input]:uppercase"
          autoComplete="off"
          dir="ltr"
          required
          error={fieldError("code")}
          {...field("code")}
        />
        <SelectField
          label={t("console.coupons.discountKind")}
          options={[
            { value: "percent", label: t("console.coupons.kind.percent") },
            { value: "amount", label: t("console.coupons.kind.amount") },
          ]}
          value={form.kind}
          onChange={(event) => setForm((current) => ({ ...current, kind: event.target.value as CouponForm["kind"] }))}
        />
        <TextField
          label={t(form.kind === "percent" ? "console.coupons.percentOff" : "console.coupons.amountOff")}
          type="number"
          inputMode="numeric"
          min={1}
          max={form.kind === "percent" ? 100 : undefined}
          required
          error={fieldError("discount.percentOff", "discount.amountOffDzd", "discount", "percentOff", "amountOffDzd")}
          {...field("value")}
        />
        <CouponLimitsFields field={field} fieldError={fieldError} isNew />
        <TextField
          label={t("console.coupons.minOrder")}
          hint={t("console.coupons.minOrderHint")}
          type="number"
          inputMode="numeric"
          min={0}
          error={fieldError("minOrderDzd")}
          {...field("minOrderDzd")}
        />
        <CouponPlanPicker
          selected={packageIds}
          onChange={setPackageIds}
          error={fieldError("packageIds", ...[...packageIds].map((_, index) => `packageIds.${index}`))}
        />
      </div>
      <div className="flex items-start gap-2 text-sm">
        <input
          id="coupon-allows-below-cost"
          type="checkbox"
          className="mt-1"
          aria-describedby="coupon-allows-below-cost-hint"
          checked={allowsBelowCost}
          onChange={(event) => setAllowsBelowCost(event.target.checked)}
        />
        <div>
          <label htmlFor="coupon-allows-below-cost" className="font-medium text-slate-800">
            {t("console.coupons.allowsBelowCost")}
          </label>
          <p id="coupon-allows-below-cost-hint" className="text-slate-600">
            {t("console.coupons.allowsBelowCostHint")}
          </p>
        </div>
      </div>
      {create.error && !hasFieldErrors(create.error) ? <Alert>{t(errorMessageId(create.error))}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" isLoading={create.isPending}>
          {t("console.coupons.create")}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t("common.cancel")}
        </Button>
      </div>
    </form>
  );
}
