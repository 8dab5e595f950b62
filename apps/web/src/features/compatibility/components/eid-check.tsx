import { checkEid, type EidErrorCode, toAsciiDigits } from "@esim/shared/eid";
import { formatNumber } from "@esim/shared/format";
import { type FormEvent, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { CheckCircleIcon } from "../../../components/ui/icons.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { fieldErrorMessageId } from "../../../lib/error-messages.ts";
import { useT } from "../../../lib/i18n.ts";

type CheckResult = { ok: true; eid: string } | { ok: false; code: EidErrorCode } | null;

/** "8904 9032 …": the EID in groups of four, easier to compare with the phone's screen. */
function groupDigits(eid: string): string {
  return eid.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/**
 * The EID typed or pasted, checked here on the device (32 digits, MOD 97-10 check digits): one message per
 * failure beside the field, or "this phone supports eSIM". Editing the value clears the last answer.
 */
export function EidCheck() {
  const t = useT();
  const [value, setValue] = useState("");
  const [result, setResult] = useState<CheckResult>(null);
  const digitCount = toAsciiDigits(value).replace(/\D/g, "").length;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkEid(value);
    setResult(checked);
    // Back in the field, a screen reader reads the message tied to it.
    if (!checked.ok) event.currentTarget.querySelector("input")?.focus();
  };

  return (
    <form onSubmit={submit} noValidate>
      <TextField
        label={t("compatibility.eid.label")}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setResult(null);
        }}
        inputMode="numeric"
        dir="ltr"
        autoComplete="off"
        autoCorrect="off"
        spellCheck={false}
        maxLength={64}
        placeholder="8904 9032 …"
        error={result && !result.ok ? t(fieldErrorMessageId(result.code)) : null}
        hint={t("compatibility.eid.digitCount", { countText: formatNumber(digitCount) })}
      />
      <Button type="submit" className="mt-3 w-full sm:w-auto">
        {t("compatibility.eid.check")}
      </Button>
      <div role="status" className="empty:hidden">
        {result?.ok ? (
          <div className="mt-4 flex items-start gap-3 rounded-xl bg-emerald-50 px-4 py-3 text-emerald-900 ring-1 ring-emerald-200">
            <CheckCircleIcon className="size-6 shrink-0 text-emerald-700" />
            <div>
              <p className="font-semibold">{t("compatibility.eid.valid")}</p>
              <p className="mt-1 font-mono text-sm">
                <bdi dir="ltr">{groupDigits(result.eid)}</bdi>
              </p>
              <p className="mt-1 text-sm">{t("compatibility.eid.validNext")}</p>
            </div>
          </div>
        ) : null}
      </div>
      <p className="mt-4 text-sm text-slate-600">{t("compatibility.eid.private")}</p>
    </form>
  );
}
