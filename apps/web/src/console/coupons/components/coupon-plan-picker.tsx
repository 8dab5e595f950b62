import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { errorMessageId } from "../../../lib/error-messages.ts";
import { consoleFormatters } from "../../lib/format.ts";
import { useLanguage, useT } from "../../lib/i18n.ts";
import { couponPlanChoicesQuery } from "../api/coupons.ts";

/**
 * The plans a coupon is limited to (none chosen: every plan), picked destination by destination from the catalogue;
 * choices from several destinations add up.
 */
export function CouponPlanPicker({
  selected,
  onChange,
  error,
}: {
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  error: string | null;
}) {
  const t = useT();
  const format = consoleFormatters(useLanguage());
  const [draft, setDraft] = useState("");
  const [destination, setDestination] = useState("");
  const choices = useQuery(couponPlanChoicesQuery(destination));

  const toggle = (id: string, isChecked: boolean) => {
    const next = new Set(selected);
    if (isChecked) next.add(id);
    else next.delete(id);
    onChange(next);
  };

  return (
    <fieldset className="space-y-3 rounded-xl p-3 ring-1 ring-slate-200 sm:col-span-2 lg:col-span-3">
      <legend className="px-1 text-sm font-medium text-slate-800">{t("console.coupons.plans")}</legend>
      <p className="text-sm text-slate-600">
        {selected.size === 0
          ? t("console.coupons.plansNone")
          : t("console.coupons.plansSelected", { count: format.number(selected.size) })}
        {selected.size > 0 ? (
          <Button variant="ghost" className="ms-2 min-h-11 px-3 text-sm" onClick={() => onChange(new Set())}>
            {t("console.coupons.plansClear")}
          </Button>
        ) : null}
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <TextField
          label={t("console.coupons.plansDestination")}
          dir="ltr"
          autoComplete="off"
          className="min-w-32 flex-1 [&_input]:uppercase"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              setDestination(draft.trim().toUpperCase());
            }
          }}
        />
        <Button variant="secondary" onClick={() => setDestination(draft.trim().toUpperCase())}>
          {t("console.coupons.plansShow")}
        </Button>
      </div>
      <p className="text-sm text-slate-600">{t("console.coupons.plansHint")}</p>
      {choices.error ? (
        <Alert>
          {choices.error instanceof ApiError && choices.error.status === 404
            ? t("console.coupons.plansNotFound")
            : t(errorMessageId(choices.error))}
        </Alert>
      ) : null}
      {choices.data ? (
        <ul className="max-h-72 space-y-1 overflow-y-auto">
          {choices.data.plans.map((plan) => (
            <li key={plan.id}>
              <label className="flex min-h-11 items-center gap-3 rounded-lg px-2 hover:bg-slate-50">
                <input
                  type="checkbox"
                  className="size-5 shrink-0 accent-brand-700"
                  checked={selected.has(plan.id)}
                  onChange={(event) => toggle(plan.id, event.target.checked)}
                />
                <span className="text-sm text-slate-800">
                  <bdi>{plan.name}</bdi> · <bdi>{format.dzd(plan.price.DZD)}</bdi>
                </span>
              </label>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? <p className="text-sm font-medium text-red-700">{error}</p> : null}
    </fieldset>
  );
}
