import { CODE_RESEND_SECONDS } from "@esim/shared/auth/contracts";
import { emailSchema } from "@esim/shared/fields";
import { type FormEvent, useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { errorMessageId, fieldErrorMessageId } from "../../../lib/error-messages.ts";
import { useT } from "../../../lib/i18n.ts";
import { checkField } from "../../../lib/validation.ts";
import { useRequestCode } from "../api/request-code.ts";

interface EmailStepProps {
  defaultEmail?: string;
  /** A valid email is being sent a code: the next step can be fetched meanwhile. */
  onSubmit?: () => void;
  onCodeSent: (email: string, resendAfterSeconds: number) => void;
}

/** Step 1 of signing in: the email that receives the code. */
export function EmailStep({ defaultEmail = "", onSubmit, onCodeSent }: EmailStepProps) {
  const t = useT();
  const [email, setEmail] = useState(defaultEmail);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const requestCode = useRequestCode();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = checkField(emailSchema, email);
    setFieldError(problem ? t(fieldErrorMessageId(problem)) : null);
    if (problem) return;
    onSubmit?.();
    const normalized = email.trim().toLowerCase();
    requestCode.mutate(
      { email: normalized },
      {
        onSuccess: ({ data }) => onCodeSent(normalized, data.resendAfterSeconds),
        onError: (error) => {
          // A code went out less than a minute ago: it is still good, so go on to typing it.
          if (error instanceof ApiError && error.code === "CODE_RESEND_TOO_SOON") {
            onCodeSent(normalized, error.retryAfterSeconds ?? CODE_RESEND_SECONDS);
          }
          const emailProblem = error instanceof ApiError ? error.fields.email : undefined;
          if (emailProblem) setFieldError(t(fieldErrorMessageId(emailProblem)));
        },
      },
    );
  };

  const apiError =
    requestCode.error && !(requestCode.error instanceof ApiError && requestCode.error.fields.email)
      ? requestCode.error
      : null;

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <div>
        <h2 className="text-2xl font-bold tracking-tight text-slate-900">{t("auth.email.title")}</h2>
        <p className="mt-1 text-slate-600">{t("auth.email.subtitle")}</p>
      </div>
      <TextField
        label={t("auth.email.label")}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        dir="ltr"
        placeholder={t("auth.email.placeholder")}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={fieldError}
      />
      {apiError ? <Alert>{t(errorMessageId(apiError))}</Alert> : null}
      <Button type="submit" fullWidth isLoading={requestCode.isPending}>
        {t("auth.email.submit")}
      </Button>
    </form>
  );
}
