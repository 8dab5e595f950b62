import type { PricePreview, PriceSettingsChange, PriceSettingsView } from "@esim/shared/console/prices-contract";
import { MAX_MARKUP_BPS, MAX_SERVICE_FEE_DZD_MINOR } from "@esim/shared/console/prices-contract";
import { type FormEvent, useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { errorMessageId } from "../../../lib/error-messages.ts";
import { consoleFormatters } from "../../lib/format.ts";
import { useLanguage, useT } from "../../lib/i18n.ts";
import { useApplyPrices, usePreviewPrices } from "../api/prices.ts";
import { PricesPreviewTable } from "./prices-preview-table.tsx";

interface PriceForm {
  dzdPerUsd: string;
  /** Percent with at most 2 decimals ("30", "32.5"). */
  markupPercent: string;
  /** Whole dinars. */
  serviceFeeDinars: string;
}

/** A destination priced with its own markup, as typed. */
interface DestinationMarkupRow {
  key: number;
  code: string;
  percent: string;
}

type FieldErrors = Partial<Record<keyof PriceForm | "destinationMarkups", boolean>>;

function formOf(settings: PriceSettingsView): PriceForm {
  return {
    dzdPerUsd: settings.dzdPerUsd,
    markupPercent: String(settings.markupBps / 100),
    serviceFeeDinars: String(settings.serviceFeeDzdMinor / 100),
  };
}

const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;

/** Basis points from a typed percent ("32,5" too), or null when it is not one. */
function bpsOf(text: string): number | null {
  const percent = text.trim().replace(",", ".");
  const bps = Math.round(Number(percent) * 100);
  return PERCENT.test(percent) && bps <= MAX_MARKUP_BPS ? bps : null;
}

/** The rows as the change's list: each row set, and each stored markup no longer in the rows removed (null). */
function destinationMarkupsOf(rows: DestinationMarkupRow[], settings: PriceSettingsView) {
  const entries: { destinationCode: string; markupBps: number | null }[] = [];
  for (const row of rows) {
    const code = row.code.trim();
    const markupBps = bpsOf(row.percent);
    if (!/^[A-Za-z0-9-]{2,60}$/.test(code) || markupBps === null) return null;
    entries.push({ destinationCode: code.length === 2 ? code.toUpperCase() : code.toLowerCase(), markupBps });
  }
  for (const stored of settings.destinationMarkups) {
    if (!entries.some((entry) => entry.destinationCode === stored.destinationCode)) {
      entries.push({ destinationCode: stored.destinationCode, markupBps: null });
    }
  }
  return entries;
}

/** The form as the API's change, or the fields that are wrong. */
function changeOf(
  form: PriceForm,
  rows: DestinationMarkupRow[],
  settings: PriceSettingsView,
): { change: PriceSettingsChange } | { errors: FieldErrors } {
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
  const destinationMarkups = destinationMarkupsOf(rows, settings);
  if (destinationMarkups === null) errors.destinationMarkups = true;
  if (Object.keys(errors).length > 0 || destinationMarkups === null) return { errors };
  return { change: { dzdPerUsd: rate, markupBps, destinationMarkups, serviceFeeDzdMinor } };
}

/**
 * The price settings: edit, preview every plan price that would move (computed on the server by the same function as
 * applying), then apply exactly what was previewed. Editing after a preview asks for a new one.
 */
export function PricesEditor({ settings }: { settings: PriceSettingsView }) {
  const t = useT();
  const format = consoleFormatters(useLanguage());
  const [form, setForm] = useState<PriceForm>(() => formOf(settings));
  const [rows, setRows] = useState<DestinationMarkupRow[]>(() =>
    settings.destinationMarkups.map((entry, index) => ({
      key: index,
      code: entry.destinationCode,
      percent: String(entry.markupBps / 100),
    })),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [previewed, setPreviewed] = useState<{ change: PriceSettingsChange; preview: PricePreview } | null>(null);
  const preview = usePreviewPrices();
  const apply = useApplyPrices();

  const field = (name: keyof PriceForm) => ({
    value: form[name],
    error: errors[name] ? t(`console.prices.invalid.${name}`) : null,
    onChange: (event: { target: { value: string } }) => {
      setForm((current) => ({ ...current, [name]: event.target.value }));
      setPreviewed(null);
      apply.reset();
    },
  });

  const editRows = (next: (current: DestinationMarkupRow[]) => DestinationMarkupRow[]) => {
    setRows(next);
    setPreviewed(null);
    apply.reset();
  };
  const editRow = (key: number, values: Partial<DestinationMarkupRow>) =>
    editRows((current) => current.map((row) => (row.key === key ? { ...row, ...values } : row)));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = changeOf(form, rows, settings);
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
        aria-label={t("console.prices.formLabel")}
        className="space-y-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200"
      >
        <div className="grid gap-3 sm:grid-cols-3">
          <TextField
            label={t("console.prices.rate")}
            inputMode="decimal"
            dir="ltr"
            hint={t("console.prices.rateHint")}
            {...field("dzdPerUsd")}
          />
          <TextField
            label={t("console.prices.markup")}
            inputMode="decimal"
            dir="ltr"
            hint={t("console.prices.markupHint")}
            {...field("markupPercent")}
          />
          <TextField
            label={t("console.prices.serviceFee")}
            inputMode="numeric"
            dir="ltr"
            hint={t("console.prices.serviceFeeHint")}
            {...field("serviceFeeDinars")}
          />
        </div>
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold text-slate-800">{t("console.prices.destinationMarkups")}</legend>
          <p className="text-sm text-slate-600">{t("console.prices.destinationMarkupsHint")}</p>
          {rows.map((row, index) => (
            <div key={row.key} className="flex flex-wrap items-end gap-2">
              <TextField
                className="w-32"
                label={t("console.prices.destinationCode", { number: String(index + 1) })}
                dir="ltr"
                value={row.code}
                onChange={(event) => editRow(row.key, { code: event.target.value })}
              />
              <TextField
                className="w-32"
                label={t("console.prices.destinationMarkup", { number: String(index + 1) })}
                inputMode="decimal"
                dir="ltr"
                value={row.percent}
                onChange={(event) => editRow(row.key, { percent: event.target.value })}
              />
              <Button
                variant="ghost"
                className="min-h-12 px-3 text-sm"
                onClick={() => editRows((current) => current.filter((candidate) => candidate.key !== row.key))}
              >
                {t("console.prices.removeDestinationMarkup", { number: String(index + 1) })}
              </Button>
            </div>
          ))}
          {errors.destinationMarkups ? (
            <p className="text-sm font-medium text-red-700">{t("console.prices.invalid.destinationMarkups")}</p>
          ) : null}
          <Button
            variant="secondary"
            className="min-h-11 px-3 text-sm"
            onClick={() =>
              editRows((current) => [
                ...current,
                { key: Math.max(0, ...current.map((row) => row.key)) + 1, code: "", percent: form.markupPercent },
              ])
            }
          >
            {t("console.prices.addDestinationMarkup")}
          </Button>
        </fieldset>
        <p className="text-sm text-slate-600">{t("console.prices.rounding")}</p>
        <Button type="submit" isLoading={preview.isPending}>
          {t("console.prices.preview")}
        </Button>
      </form>

      {preview.error ? <Alert>{t(errorMessageId(preview.error))}</Alert> : null}

      {previewed ? (
        <section
          aria-labelledby="price-preview-title"
          className="space-y-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200"
        >
          <h2 id="price-preview-title" className="text-lg font-bold text-slate-900">
            {t("console.prices.previewTitle")}
          </h2>
          <p className="text-slate-700">
            {t("console.prices.previewSummary", {
              count: previewed.preview.changes.length,
              countText: format.number(previewed.preview.changes.length),
              totalText: format.number(previewed.preview.planCount),
              upText: format.number(previewed.preview.increasedCount),
              downText: format.number(previewed.preview.decreasedCount),
            })}
          </p>
          {feeChanged ? (
            <p className="text-slate-700">
              {t("console.prices.feeChange", {
                before: format.dzd(previewed.preview.current.serviceFeeDzdMinor),
                after: format.dzd(previewed.preview.proposed.serviceFeeDzdMinor),
              })}
            </p>
          ) : null}
          {apply.data ? (
            <Alert tone="info">
              {apply.data.isChanged
                ? t("console.prices.applied", {
                    count: apply.data.repricedCount,
                    countText: format.number(apply.data.repricedCount),
                  })
                : t("console.prices.nothingToApply")}
            </Alert>
          ) : isNoChange ? (
            <p className="text-slate-700">{t("console.prices.nothingToApply")}</p>
          ) : (
            <Button isLoading={apply.isPending} onClick={() => apply.mutate(previewed.change)}>
              {t("console.prices.apply")}
            </Button>
          )}
          {apply.error ? <Alert>{t(errorMessageId(apply.error))}</Alert> : null}
          {previewed.preview.changes.length > 0 ? (
            <PricesPreviewTable changes={previewed.preview.changes} tvaRateBps={previewed.preview.tvaRateBps} />
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
