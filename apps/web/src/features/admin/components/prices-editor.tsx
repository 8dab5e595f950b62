import type { PricePreview, PriceSettingsChange, PriceSettingsView } from "@esim/shared/admin/prices-contract";
import { MAX_MARKUP_BPS, MAX_SERVICE_FEE_DZD_MINOR } from "@esim/shared/admin/prices-contract";
import { type FormEvent, useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { errorMessageId } from "../../../lib/error-messages.ts";
import { useLanguage, useT } from "../../../lib/i18n.ts";
import { useApplyPrices, usePreviewPrices } from "../api/prices.ts";
import { consoleFormatters } from "../format.ts";
import { PricesPreviewTable } from "./prices-preview-table.tsx";

interface PriceForm {
  dzdPerUsd: string;
  /** Percent with at most 2 decimals ("30", "32.5"). */
  markupPercent: string;
  /** Whole dinars. */
  serviceFeeDinars: string;
}

type FieldErrors = Partial<Record<keyof PriceForm, boolean>>;

function formOf(settings: PriceSettingsView): PriceForm {
  return {
    dzdPerUsd: settings.dzdPerUsd,
    markupPercent: String(settings.markupBps / 100),
    serviceFeeDinars: String(settings.serviceFeeDzdMinor / 100),
  };
}

/** The form as the API's change, or the fields that are wrong. */
function changeOf(form: PriceForm): { change: PriceSettingsChange } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  // A decimal comma as the French write it is a decimal point.
  const rate = form.dzdPerUsd.trim().replace(",", ".");
  if (!/^\d{1,8}(\.\d{1,4})?$/.test(rate) || Number(rate) <= 0) errors.dzdPerUsd = true;
  const markup = form.markupPercent.trim().replace(",", ".");
  const markupBps = Math.round(Number(markup) * 100);
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(markup) || markupBps > MAX_MARKUP_BPS) errors.markupPercent = true;
  const fee = form.serviceFeeDinars.trim();
  const serviceFeeDzdMinor = Number(fee) * 100;
  if (!/^\d{1,5}$/.test(fee) || serviceFeeDzdMinor > MAX_SERVICE_FEE_DZD_MINOR) errors.serviceFeeDinars = true;
  if (Object.keys(errors).length > 0) return { errors };
  return { change: { dzdPerUsd: rate, markupBps, serviceFeeDzdMinor } };
}

/**
 * The price settings: edit, preview every plan price that would move (computed on the server by the same function as
 * applying), then apply exactly what was previewed. Editing after a preview asks for a new one.
 */
export function PricesEditor({ settings }: { settings: PriceSettingsView }) {
  const t = useT();
  const format = consoleFormatters(useLanguage());
  const [form, setForm] = useState<PriceForm>(() => formOf(settings));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [previewed, setPreviewed] = useState<{ change: PriceSettingsChange; preview: PricePreview } | null>(null);
  const preview = usePreviewPrices();
  const apply = useApplyPrices();

  const field = (name: keyof PriceForm) => ({
    value: form[name],
    error: errors[name] ? t(`admin.prices.invalid.${name}`) : null,
    onChange: (event: { target: { value: string } }) => {
      setForm((current) => ({ ...current, [name]: event.target.value }));
      setPreviewed(null);
      apply.reset();
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = changeOf(form);
    if ("errors" in parsed) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    apply.reset();
    preview.mutate(parsed.change, { onSuccess: (result) => setPreviewed({ change: parsed.change, preview: result }) });
  };

  const feeChanged =
    previewed && previewed.preview.current.serviceFeeDzdMinor !== previewed.preview.proposed.serviceFeeDzdMinor;
  const isNoChange =
    previewed !== null &&
    previewed.preview.changes.length === 0 &&
    !feeChanged &&
    previewed.preview.current.dzdPerUsd === previewed.preview.proposed.dzdPerUsd &&
    previewed.preview.current.markupBps === previewed.preview.proposed.markupBps;

  return (
    <div className="space-y-4">
      <form
        onSubmit={submit}
        noValidate
        aria-label={t("admin.prices.formLabel")}
        className="space-y-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200"
      >
        <div className="grid gap-3 sm:grid-cols-3">
          <TextField
            label={t("admin.prices.rate")}
            inputMode="decimal"
            dir="ltr"
            hint={t("admin.prices.rateHint")}
            {...field("dzdPerUsd")}
          />
          <TextField
            label={t("admin.prices.markup")}
            inputMode="decimal"
            dir="ltr"
            hint={t("admin.prices.markupHint")}
            {...field("markupPercent")}
          />
          <TextField
            label={t("admin.prices.serviceFee")}
            inputMode="numeric"
            dir="ltr"
            hint={t("admin.prices.serviceFeeHint")}
            {...field("serviceFeeDinars")}
          />
        </div>
        <p className="text-sm text-slate-600">{t("admin.prices.rounding")}</p>
        <Button type="submit" isLoading={preview.isPending}>
          {t("admin.prices.preview")}
        </Button>
      </form>

      {preview.error ? <Alert>{t(errorMessageId(preview.error))}</Alert> : null}

      {previewed ? (
        <section
          aria-labelledby="price-preview-title"
          className="space-y-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200"
        >
          <h2 id="price-preview-title" className="text-lg font-bold text-slate-900">
            {t("admin.prices.previewTitle")}
          </h2>
          <p className="text-slate-700">
            {t("admin.prices.previewSummary", {
              count: previewed.preview.changes.length,
              countText: format.number(previewed.preview.changes.length),
              totalText: format.number(previewed.preview.planCount),
              upText: format.number(previewed.preview.increasedCount),
              downText: format.number(previewed.preview.decreasedCount),
            })}
          </p>
          {feeChanged ? (
            <p className="text-slate-700">
              {t("admin.prices.feeChange", {
                before: format.dzd(previewed.preview.current.serviceFeeDzdMinor),
                after: format.dzd(previewed.preview.proposed.serviceFeeDzdMinor),
              })}
            </p>
          ) : null}
          {apply.data ? (
            <Alert tone="info">
              {apply.data.isChanged
                ? t("admin.prices.applied", {
                    count: apply.data.repricedCount,
                    countText: format.number(apply.data.repricedCount),
                  })
                : t("admin.prices.nothingToApply")}
            </Alert>
          ) : isNoChange ? (
            <p className="text-slate-700">{t("admin.prices.nothingToApply")}</p>
          ) : (
            <Button isLoading={apply.isPending} onClick={() => apply.mutate(previewed.change)}>
              {t("admin.prices.apply")}
            </Button>
          )}
          {apply.error ? <Alert>{t(errorMessageId(apply.error))}</Alert> : null}
          {previewed.preview.changes.length > 0 ? <PricesPreviewTable changes={previewed.preview.changes} /> : null}
        </section>
      ) : null}
    </div>
  );
}
