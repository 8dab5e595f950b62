import type { FieldErrorCode } from "@esim/shared/errors";
import { countrySchema, emailSchema, nameSchema } from "@esim/shared/fields";
import { checkPhone } from "@esim/shared/phone";
import { type FormEvent, useState } from "react";
import { EmailField, PhoneField } from "../../../components/forms/contact-fields.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { useCountryOptions } from "../../../lib/countries.ts";
import { errorMessageId, fieldErrorMessageId, hasFieldErrors } from "../../../lib/error-messages.ts";
import { useLanguage, useT } from "../../../lib/i18n.ts";
import { checkField } from "../../../lib/validation.ts";
import { useRegister } from "../api/register.ts";

type RegisterField = "name" | "email" | "country" | "phone";
type RegisterErrors = Partial<Record<RegisterField, FieldErrorCode>>;

interface RegisterFormProps {
  onCodeSent: (email: string, resendAfterSeconds: number) => void;
}

function validate(values: Record<RegisterField, string>): RegisterErrors {
  const errors: RegisterErrors = {};
  const name = checkField(nameSchema, values.name);
  const email = checkField(emailSchema, values.email);
  const country = checkField(countrySchema, values.country);
  if (name) errors.name = name;
  if (email) errors.email = email;
  if (country) errors.country = country;
  // The phone is optional; once typed it must be a phone of the selected country.
  if (values.phone.trim() !== "") {
    const phone = checkPhone(values.phone, values.country || undefined);
    if (!phone.ok) errors.phone = phone.code;
  }
  return errors;
}

/** /register: name, email, country and an optional phone, then the same code step as sign-in. */
export function RegisterForm({ onCodeSent }: RegisterFormProps) {
  const t = useT();
  const language = useLanguage();
  const countries = useCountryOptions();
  const [values, setValues] = useState<Record<RegisterField, string>>({ name: "", email: "", country: "", phone: "" });
  const [errors, setErrors] = useState<RegisterErrors>({});
  const register = useRegister();

  const update = (field: RegisterField) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));
  const message = (field: RegisterField) => {
    const code = errors[field];
    return code ? t(fieldErrorMessageId(code)) : null;
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const email = values.email.trim().toLowerCase();
    register.mutate(
      {
        name: values.name.trim(),
        email,
        country: values.country,
        phone: values.phone.trim() === "" ? null : values.phone.trim(),
        language,
      },
      {
        onSuccess: ({ data }) => onCodeSent(email, data.resendAfterSeconds),
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          if (error.code === "CODE_RESEND_TOO_SOON") onCodeSent(email, error.retryAfterSeconds ?? 60);
          setErrors(error.fields as RegisterErrors);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <div>
        <h2 className="text-2xl font-bold tracking-tight text-slate-900">{t("register.title")}</h2>
        <p className="mt-1 text-slate-600">{t("register.subtitle")}</p>
      </div>
      <TextField
        label={t("form.name")}
        name="name"
        autoComplete="name"
        value={values.name}
        onChange={update("name")}
        error={message("name")}
      />
      <EmailField label={t("form.email")} value={values.email} onChange={update("email")} error={message("email")} />
      <SelectField
        label={t("form.country")}
        name="country"
        autoComplete="country"
        value={values.country}
        onChange={update("country")}
        options={countries}
        placeholder={t("form.countryPlaceholder")}
        error={message("country")}
      />
      <PhoneField
        label={t("form.phoneOptional")}
        country={values.country}
        value={values.phone}
        onChange={update("phone")}
        error={message("phone")}
      />
      {register.error && !hasFieldErrors(register.error) ? <Alert>{t(errorMessageId(register.error))}</Alert> : null}
      <Button type="submit" fullWidth isLoading={register.isPending}>
        {t("register.submit")}
      </Button>
    </form>
  );
}
