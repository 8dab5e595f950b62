import { SIGN_IN_CODE_LENGTH } from "@esim/shared/fields";
import { formatNumber } from "@esim/shared/format";
import { type FormEvent, useId, useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { CodeInput } from "../../../components/ui/code-input.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { errorMessageId } from "../../../lib/error-messages.ts";
import { useT } from "../../../lib/i18n.ts";
import { useRequestCode } from "../api/request-code.ts";
import { useVerifyCode } from "../api/verify-code.ts";
import { useCountdown } from "../hooks/use-countdown.ts";

interface CodeStepProps {
  email: string;
  resendDeadlineMs: number | null;
  /** The wait before another code may be asked for; `isNewCode` when a new code went out (it lives from now). */
  onResendWindow: (resendAfterSeconds: number, isNewCode: boolean) => void;
  onVerified: (result: { isProfileComplete: boolean }) => void;
  onChangeEmail: () => void;
}

/** Step 2: the six-digit code from the email, with a visible resend countdown. */
export function CodeStep({ email, resendDeadlineMs, onResendWindow, onVerified, onChangeEmail }: CodeStepProps) {
  const t = useT();
  const hintId = useId();
  const [code, setCode] = useState("");
  const verify = useVerifyCode();
  const resend = useRequestCode();
  const secondsLeft = useCountdown(resendDeadlineMs);
  const [hasResent, setHasResent] = useState(false);

  const submitCode = (value: string) => {
    if (value.length !== SIGN_IN_CODE_LENGTH || verify.isPending) return;
    verify.mutate(
      { email, code: value },
      {
        onSuccess: (result) => onVerified(result),
        // A wrong or dead code is cleared so the next one can be typed straight away.
        onError: () => setCode(""),
      },
    );
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitCode(code);
  };

  const askForNewCode = () => {
    setHasResent(false);
    resend.mutate(
      { email },
      {
        onSuccess: ({ data }) => {
          setHasResent(true);
          verify.reset();
          onResendWindow(data.resendAfterSeconds, true);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.retryAfterSeconds !== null)
            onResendWindow(error.retryAfterSeconds, false);
        },
      },
    );
  };

  const error = verify.error ?? resend.error;
  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <div>
        <h2 className="text-2xl font-bold tracking-tight text-slate-900">{t("auth.code.title")}</h2>
        <p id={hintId} className="mt-1 text-slate-600">
          {t("auth.code.sentTo", { length: formatNumber(SIGN_IN_CODE_LENGTH) })}{" "}
          <bdi className="font-semibold text-slate-900">{email}</bdi>
        </p>
      </div>
      <CodeInput
        length={SIGN_IN_CODE_LENGTH}
        value={code}
        onChange={setCode}
        onComplete={submitCode}
        label={t("auth.code.label")}
        describedBy={hintId}
        isInvalid={verify.isError}
        disabled={verify.isPending}
        autoFocus
      />
      {error ? <Alert>{t(errorMessageId(error))}</Alert> : null}
      {hasResent && !error ? <Alert tone="info">{t("auth.code.resent")}</Alert> : null}
      <Button type="submit" fullWidth isLoading={verify.isPending} disabled={code.length !== SIGN_IN_CODE_LENGTH}>
        {t("auth.code.submit")}
      </Button>
      <div className="flex flex-col items-center gap-2 text-sm sm:flex-row sm:justify-between">
        {secondsLeft > 0 ? (
          <p className="text-slate-600" aria-live="polite">
            {t("auth.code.resendIn", { seconds: secondsLeft, secondsText: formatNumber(secondsLeft) })}
          </p>
        ) : (
          <Button variant="ghost" className="min-h-11 px-3" onClick={askForNewCode} isLoading={resend.isPending}>
            {t("auth.code.resend")}
          </Button>
        )}
        <Button variant="ghost" className="min-h-11 px-3" onClick={onChangeEmail}>
          {t("auth.code.changeEmail")}
        </Button>
      </div>
    </form>
  );
}
