import type { FieldErrorCode } from "@esim/shared/errors";
import { emailSchema, nameSchema } from "@esim/shared/fields";
import { checkPhone } from "@esim/shared/phone";
import { useMemo } from "react";
import { EmailField, PhoneField } from "../../../components/forms/contact-fields.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { countryName } from "../../../lib/countries.ts";
import { fieldErrorMessageId } from "../../../lib/error-messages.ts";
import { useLanguage, useT } from "../../../lib/i18n.ts";
import { checkField } from "../../../lib/validation.ts";

export type BillingField = "email" | "name" | "country" | "phone";
export type BillingValues = Record<BillingField, string>;
export type BillingErrors = Partial<Record<BillingField, FieldErrorCode>>;

/** The email rule alone: a valid address, and the account's own ("the one used for the purchase"). */
export function checkBillingEmail(email: string, accountEmail: string): FieldErrorCode | null {
  const problem = checkField(emailSchema, email);
  if (problem) return problem;
  return email.trim().toLowerCase() === accountEmail.trim().toLowerCase() ? null : "BILLING_EMAIL_MISMATCH";
}

/** Every billing rule; the phone comes back in E.164 when it is valid for the country. */
export function validateBilling(
  values: BillingValues,
  accountEmail: string,
): { errors: BillingErrors; phoneE164: string | null } {
  const errors: BillingErrors = {};
  const email = checkBillingEmail(values.email, accountEmail);
  if (email) errors.email = email;
  const name = checkField(nameSchema, values.name);
  if (name) errors.name = name;
  if (!values.country) errors.country = "COUNTRY_REQUIRED";
  const phone = checkPhone(values.phone, values.country || undefined);
  if (!phone.ok) errors.phone = phone.code;
  return { errors, phoneE164: phone.ok ? phone.e164 : null };
}

interface BillingFieldsProps {
  values: BillingValues;
  onChange: (field: BillingField, value: string) => void;
  onEmailBlur: () => void;
  errors: BillingErrors;
  countries: readonly string[];
}

/** Email, name, residence country (named in the UI language) and a phone valid for that country. */
export function BillingFields({ values, onChange, onEmailBlur, errors, countries }: BillingFieldsProps) {
  const t = useT();
  const language = useLanguage();
  const countryOptions = useMemo(
    () => countries.map((code) => ({ value: code, label: countryName(code, language) })),
    [countries, language],
  );
  const message = (field: BillingField) => {
    const code = errors[field];
    return code ? t(fieldErrorMessageId(code)) : null;
  };
  return (
    <fieldset className="space-y-5">
      <legend className="mb-4 text-lg font-semibold text-slate-900">{t("summary.billing")}</legend>
      <EmailField
        label={t("form.email")}
        value={values.email}
        onChange={(event) => onChange("email", event.target.value)}
        onBlur={onEmailBlur}
        error={message("email")}
        hint={t("summary.emailHint")}
      />
      <TextField
        label={t("form.name")}
        name="name"
        autoComplete="name"
        value={values.name}
        onChange={(event) => onChange("name", event.target.value)}
        error={message("name")}
      />
      <SelectField
        label={t("summary.residenceCountry")}
        name="country"
        autoComplete="country"
        value={values.country}
        onChange={(event) => onChange("country", event.target.value)}
        options={countryOptions}
        placeholder={t("form.countryPlaceholder")}
        error={message("country")}
      />
      <PhoneField
        label={t("form.phone")}
        country={values.country}
        value={values.phone}
        onChange={(event) => onChange("phone", event.target.value)}
        error={message("phone")}
      />
    </fieldset>
  );
}
