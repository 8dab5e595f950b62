import { formatNumber } from "@esim/shared/format";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { Alert } from "../components/ui/alert.tsx";
import { Button, buttonClasses } from "../components/ui/button.tsx";
import { Card } from "../components/ui/card.tsx";
import { CodeInput } from "../components/ui/code-input.tsx";
import { CheckCircleIcon } from "../components/ui/icons.tsx";
import { useCountdown } from "../features/auth/hooks/use-countdown.ts";
import { useRequestPinReset, useResetPin } from "../features/esims/api/esims.ts";
import { NewPinFlow } from "../features/esims/components/new-pin-flow.tsx";
import { ApiError } from "../lib/api-client.ts";
import { errorMessageId } from "../lib/error-messages.ts";
import { useT } from "../lib/i18n.ts";

const RESET_CODE_LENGTH = 6;
/** Errors that mean the code itself is wrong: back to the code step. */
const CODE_ERRORS = new Set(["CODE_INVALID", "CODE_EXPIRED", "CODE_BURNT", "VALIDATION_FAILED"]);

type Step = "request" | "code" | "pin" | "done";

/** /reset-password: an emailed code, then a new PIN entered twice (POST /profile/pin/reset; unblocks the PIN). */
export function ResetPasswordRoute() {
  const t = useT();
  const [step, setStep] = useState<Step>("request");
  const [code, setCode] = useState("");
  const [resendDeadlineMs, setResendDeadlineMs] = useState<number | null>(null);
  const requestCode = useRequestPinReset();
  const resetPin = useResetPin();
  const secondsLeft = useCountdown(resendDeadlineMs);

  const sendCode = () => {
    requestCode.mutate(undefined, {
      onSuccess: (data) => {
        setResendDeadlineMs(Date.now() + data.resendAfterSeconds * 1000);
        setStep("code");
      },
    });
  };

  const submitCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (code.length !== RESET_CODE_LENGTH) return;
    resetPin.reset();
    setStep("pin");
  };

  const submitPin = (pin: string) => {
    resetPin.mutate(
      { code, pin },
      {
        onSuccess: () => setStep("done"),
        onError: (error) => {
          if (error instanceof ApiError && CODE_ERRORS.has(error.code)) {
            setCode("");
            setStep("code");
          }
        },
      },
    );
  };

  return (
    <div className="mx-auto w-full max-w-xl px-4 py-10">
      <h1 className="mb-6 text-2xl font-bold tracking-tight text-slate-900">{t("screen.resetPassword")}</h1>
      <Card>
        {step === "request" ? (
          <div className="space-y-4">
            <p className="text-slate-700">{t("resetPin.intro")}</p>
            {requestCode.error ? <Alert>{t(errorMessageId(requestCode.error))}</Alert> : null}
            <Button onClick={sendCode} isLoading={requestCode.isPending} fullWidth>
              {t("resetPin.sendCode")}
            </Button>
          </div>
        ) : step === "code" ? (
          <form onSubmit={submitCode} className="space-y-5" noValidate>
            <p className="text-slate-700">{t("resetPin.codeSent", { length: RESET_CODE_LENGTH })}</p>
            {resetPin.error ? <Alert>{t(errorMessageId(resetPin.error))}</Alert> : null}
            {requestCode.error ? <Alert>{t(errorMessageId(requestCode.error))}</Alert> : null}
            <CodeInput
              length={RESET_CODE_LENGTH}
              value={code}
              onChange={setCode}
              label={t("resetPin.codeLabel")}
              isInvalid={resetPin.isError}
              autoFocus
            />
            <Button type="submit" disabled={code.length !== RESET_CODE_LENGTH} fullWidth>
              {t("pin.continue")}
            </Button>
            <div className="text-center">
              {secondsLeft > 0 ? (
                <p className="text-sm text-slate-600">
                  {t("auth.code.resendIn", { seconds: secondsLeft, secondsText: formatNumber(secondsLeft) })}
                </p>
              ) : (
                <Button variant="ghost" onClick={sendCode} isLoading={requestCode.isPending}>
                  {t("auth.code.resend")}
                </Button>
              )}
            </div>
          </form>
        ) : step === "pin" ? (
          <div className="space-y-4">
            {resetPin.error ? <Alert>{t(errorMessageId(resetPin.error))}</Alert> : null}
            <NewPinFlow isLoading={resetPin.isPending} onComplete={submitPin} onClose={() => setStep("code")} />
          </div>
        ) : (
          <div className="grid justify-items-center gap-4 text-center">
            <CheckCircleIcon className="size-12 text-green-700" />
            <p role="status" className="text-lg font-semibold text-slate-900">
              {t("resetPin.done")}
            </p>
            <Link to="/esims" className={buttonClasses("primary")}>
              {t("resetPin.toEsims")}
            </Link>
          </div>
        )}
      </Card>
    </div>
  );
}
