import { SIGN_IN_CODE_LENGTH } from "@esim/shared/fields";
import { type FormEvent, useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { errorMessageId } from "../../../lib/error-messages.ts";
import { useLanguage, useT } from "../../lib/i18n.ts";
import { useRequestOperatorCode, useVerifyOperatorCode, useVerifyOperatorTotp } from "../api/sign-in.ts";
import { AuthenticatorQr } from "./authenticator-qr.tsx";

type Step =
  | { name: "email" }
  | { name: "code"; email: string }
  | { name: "totp"; email: string; challenge: string; enrolment: { secret: string; otpauthUri: string } | null };

const digitsOnly = (value: string) => value.replace(/\D/g, "").slice(0, SIGN_IN_CODE_LENGTH);

const HEADING = "text-2xl font-bold tracking-tight text-slate-900";

/**
 * The console's sign-in: email, the emailed code, then the authenticator's code. An operator not enrolled yet is
 * shown the QR code and the secret to type first. An expired challenge starts over at the email.
 */
export function OperatorSignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const t = useT();
  const language = useLanguage();
  const [step, setStep] = useState<Step>({ name: "email" });
  const [email, setEmail] = useState("");
  const [code, setCode] = useState("");
  const [totp, setTotp] = useState("");
  const requestCode = useRequestOperatorCode();
  const verifyCode = useVerifyOperatorCode();
  const verifyTotp = useVerifyOperatorTotp();

  const submitEmail = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = email.trim();
    if (trimmed === "") return;
    requestCode.mutate(
      { email: trimmed, language },
      {
        onSuccess: () => {
          setCode("");
          setStep({ name: "code", email: trimmed });
        },
      },
    );
  };

  const submitCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (step.name !== "code" || code.length !== SIGN_IN_CODE_LENGTH) return;
    verifyCode.mutate(
      { email: step.email, code },
      {
        onSuccess: (result) => {
          setTotp("");
          verifyTotp.reset();
          setStep({
            name: "totp",
            email: step.email,
            challenge: result.challenge,
            enrolment: result.step === "enrol" ? { secret: result.secret, otpauthUri: result.otpauthUri } : null,
          });
        },
        onError: () => setCode(""),
      },
    );
  };

  const submitTotp = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (step.name !== "totp" || totp.length !== SIGN_IN_CODE_LENGTH) return;
    verifyTotp.mutate({ challenge: step.challenge, totp }, { onSuccess: onSignedIn, onError: () => setTotp("") });
  };

  const startOver = () => {
    requestCode.reset();
    verifyCode.reset();
    setStep({ name: "email" });
  };

  if (step.name === "email") {
    return (
      <form onSubmit={submitEmail} noValidate className="space-y-5">
        <h2 className={HEADING}>{t("console.signIn.title")}</h2>
        <p className="text-slate-600">{t("console.signIn.emailHint")}</p>
        <TextField
          label={t("console.signIn.email")}
          type="email"
          autoComplete="username"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          required
          autoFocus
        />
        {requestCode.error ? <Alert>{t(errorMessageId(requestCode.error))}</Alert> : null}
        <Button type="submit" fullWidth isLoading={requestCode.isPending} disabled={email.trim() === ""}>
          {t("console.signIn.sendCode")}
        </Button>
      </form>
    );
  }

  if (step.name === "code") {
    return (
      <form onSubmit={submitCode} noValidate className="space-y-5">
        <h2 className={HEADING}>{t("console.signIn.codeTitle")}</h2>
        <p className="text-slate-600">
          {t("console.signIn.codeSentTo")} <bdi className="font-semibold text-slate-900">{step.email}</bdi>
        </p>
        <TextField
          label={t("console.signIn.emailCode")}
          inputMode="numeric"
          autoComplete="one-time-code"
          dir="ltr"
          value={code}
          onChange={(event) => setCode(digitsOnly(event.target.value))}
          autoFocus
        />
        {verifyCode.error ? <Alert>{t(errorMessageId(verifyCode.error))}</Alert> : null}
        <Button type="submit" fullWidth isLoading={verifyCode.isPending} disabled={code.length !== SIGN_IN_CODE_LENGTH}>
          {t("console.signIn.continue")}
        </Button>
        <Button variant="ghost" fullWidth onClick={startOver}>
          {t("console.signIn.startOver")}
        </Button>
      </form>
    );
  }

  const isExpired = verifyTotp.error !== null && errorMessageId(verifyTotp.error) === "error.SIGN_IN_CHALLENGE_EXPIRED";
  return (
    <form onSubmit={submitTotp} noValidate className="space-y-5">
      <h2 className={HEADING}>{t(step.enrolment ? "console.signIn.enrolTitle" : "console.signIn.totpTitle")}</h2>
      {step.enrolment ? (
        <div className="space-y-3">
          <p className="text-slate-600">{t("console.signIn.enrolHint")}</p>
          <AuthenticatorQr otpauthUri={step.enrolment.otpauthUri} />
          <p className="text-sm text-slate-700">{t("console.signIn.secretLabel")}</p>
          <code
            dir="ltr"
            className="block break-all rounded-lg bg-slate-100 px-3 py-2 text-center font-mono text-base tracking-wider text-slate-900 select-all"
          >
            {step.enrolment.secret}
          </code>
        </div>
      ) : (
        <p className="text-slate-600">{t("console.signIn.totpHint")}</p>
      )}
      <TextField
        label={t("console.signIn.totp")}
        inputMode="numeric"
        autoComplete="one-time-code"
        dir="ltr"
        value={totp}
        onChange={(event) => setTotp(digitsOnly(event.target.value))}
        autoFocus={!step.enrolment}
      />
      {verifyTotp.error ? <Alert>{t(errorMessageId(verifyTotp.error))}</Alert> : null}
      {isExpired ? (
        <Button fullWidth onClick={startOver}>
          {t("console.signIn.startOver")}
        </Button>
      ) : (
        <Button type="submit" fullWidth isLoading={verifyTotp.isPending} disabled={totp.length !== SIGN_IN_CODE_LENGTH}>
          {t("console.signIn.signIn")}
        </Button>
      )}
    </form>
  );
}
