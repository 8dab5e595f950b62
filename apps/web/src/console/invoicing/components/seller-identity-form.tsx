import type { SellerIdentityView } from "@esim/shared/console/invoicing-contract";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { errorMessageId } from "../../../lib/error-messages.ts";
import { useT } from "../../lib/i18n.ts";
import { sellerIdentityQuery, useSetSellerIdentity } from "../api/invoicing.ts";

type TextFieldName = "name" | "address" | "nif" | "nis" | "rc" | "article";

interface FormState extends Record<TextFieldName, string> {
  isExempt: boolean;
  /** Percent as typed: "19" or "9,5". */
  tvaPercent: string;
  tvaExemption: string;
}

function toForm(identity: SellerIdentityView): FormState {
  return {
    name: identity.name,
    address: identity.address,
    nif: identity.nif,
    nis: identity.nis,
    rc: identity.rc,
    article: identity.article,
    isExempt: identity.tvaExemption !== null,
    tvaPercent: identity.tvaExemption === null ? String(identity.tvaRateBps / 100) : "19",
    tvaExemption: identity.tvaExemption ?? "",
  };
}

/** "19" or "9,5" → basis points; NaN when it is not such a number (the server names the field then). */
function percentToBps(text: string): number {
  return /^\d{1,3}([.,]\d{1,2})?$/.test(text.trim()) ? Math.round(Number(text.trim().replace(",", ".")) * 100) : -1;
}

function toIdentity(form: FormState): SellerIdentityView {
  return {
    name: form.name,
    address: form.address,
    nif: form.nif,
    nis: form.nis,
    rc: form.rc,
    article: form.article,
    tvaRateBps: form.isExempt ? 0 : percentToBps(form.tvaPercent),
    tvaExemption: form.isExempt ? form.tvaExemption : null,
  };
}

const TEXT_FIELDS: ReadonlyArray<{ name: TextFieldName; inputMode?: "numeric"; isCode?: boolean }> = [
  { name: "name" },
  { name: "address" },
  { name: "nif", inputMode: "numeric", isCode: true },
  { name: "nis", inputMode: "numeric", isCode: true },
  { name: "rc", isCode: true },
  { name: "article", inputMode: "numeric", isCode: true },
];

function SellerForm({ initial, isFromConfiguration }: { initial: SellerIdentityView; isFromConfiguration: boolean }) {
  const t = useT();
  const save = useSetSellerIdentity();
  const [form, setForm] = useState<FormState>(() => toForm(initial));
  const fields = save.error instanceof ApiError ? save.error.fields : {};
  const fieldError = (name: keyof SellerIdentityView) => (fields[name] ? t(`console.invoicing.problem.${name}`) : null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate(toIdentity(form));
  };

  return (
    <form
      onSubmit={submit}
      aria-label={t("console.invoicing.sellerTitle")}
      className="grid gap-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:grid-cols-2"
    >
      {isFromConfiguration ? (
        <div className="sm:col-span-2">
          <Alert tone="info">{t("console.invoicing.fromConfiguration")}</Alert>
        </div>
      ) : null}
      {TEXT_FIELDS.map(({ name, inputMode, isCode }) => (
        <TextField
          key={name}
          label={t(`console.invoicing.field.${name}`)}
          hint={t(`console.invoicing.hint.${name}`)}
          dir={isCode ? "ltr" : "auto"}
          className={name === "address" || name === "name" ? "sm:col-span-2" : ""}
          inputMode={inputMode}
          value={form[name]}
          onChange={(event) => setForm((current) => ({ ...current, [name]: event.target.value }))}
          error={fieldError(name)}
        />
      ))}
      <fieldset className="space-y-3 sm:col-span-2">
        <legend className="mb-1.5 text-sm font-medium text-slate-800">{t("console.invoicing.tva")}</legend>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input
            type="radio"
            name="tva"
            checked={!form.isExempt}
            onChange={() => setForm((current) => ({ ...current, isExempt: false }))}
          />
          {t("console.invoicing.tvaCharged")}
        </label>
        {form.isExempt ? null : (
          <TextField
            label={t("console.invoicing.field.tvaRate")}
            inputMode="decimal"
            dir="ltr"
            className="max-w-72"
            value={form.tvaPercent}
            onChange={(event) => setForm((current) => ({ ...current, tvaPercent: event.target.value }))}
            error={fieldError("tvaRateBps")}
          />
        )}
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input
            type="radio"
            name="tva"
            checked={form.isExempt}
            onChange={() => setForm((current) => ({ ...current, isExempt: true }))}
          />
          {t("console.invoicing.tvaExempt")}
        </label>
        {form.isExempt ? (
          <TextField
            label={t("console.invoicing.field.tvaExemption")}
            hint={t("console.invoicing.hint.tvaExemption")}
            value={form.tvaExemption}
            onChange={(event) => setForm((current) => ({ ...current, tvaExemption: event.target.value }))}
            error={fieldError("tvaExemption") ?? fieldError("tvaRateBps")}
          />
        ) : null}
      </fieldset>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
        <Button type="submit" isLoading={save.isPending}>
          {t("common.save")}
        </Button>
        {save.isSuccess ? (
          <p role="status" className="text-sm text-slate-700">
            {t("console.invoicing.saved")}
          </p>
        ) : null}
      </div>
      {save.error && Object.keys(fields).length === 0 ? (
        <div className="sm:col-span-2">
          <Alert>{t(errorMessageId(save.error))}</Alert>
        </div>
      ) : null}
    </form>
  );
}

/** The seller's legal identity and TVA, as printed on every invoice issued after a save. */
export function SellerIdentityForm() {
  const t = useT();
  const seller = useQuery(sellerIdentityQuery());
  if (seller.error) return <Alert>{t(errorMessageId(seller.error))}</Alert>;
  if (!seller.data) return <p className="text-slate-600">{t("common.loading")}</p>;
  return <SellerForm initial={seller.data.data} isFromConfiguration={seller.data.isFromConfiguration} />;
}
