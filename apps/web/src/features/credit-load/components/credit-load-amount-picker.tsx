import { CREDIT_LOAD_MAX_DZD, CREDIT_LOAD_MIN_DZD, CREDIT_LOAD_PRESETS_DZD } from "@esim/shared/credit-loads/contracts";
import { formatMoney, toMinor } from "@esim/shared/money";
import { Money } from "@esim/ui/components";
import { TextField } from "../../../components/ui/text-field.tsx";
import { useT } from "../../../lib/i18n.ts";

/** The amount chosen: a preset, or what was typed in "another amount" (digits only, whole dinars). */
export type AmountChoice = { kind: "preset"; amountDzd: number } | { kind: "other"; text: string };

/** The whole dinars of a choice; null when the typed amount is not a whole number in the range. */
export function amountOf(choice: AmountChoice): number | null {
  const amountDzd = choice.kind === "preset" ? choice.amountDzd : Number(choice.text.trim());
  const isInRange =
    Number.isSafeInteger(amountDzd) && amountDzd >= CREDIT_LOAD_MIN_DZD && amountDzd <= CREDIT_LOAD_MAX_DZD;
  return isInRange ? amountDzd : null;
}

const OPTION =
  "flex min-h-14 cursor-pointer items-center justify-center rounded-xl bg-white px-4 py-3 text-lg font-semibold text-slate-900 ring-1 ring-slate-300 has-checked:bg-brand-50 has-checked:ring-2 has-checked:ring-brand-600 has-focus-visible:outline-3 has-focus-visible:outline-brand-600";

/** The load's amount: four presets and another whole amount within the shop's range (decision 068). */
export function CreditLoadAmountPicker({
  value,
  onChange,
  showError,
}: {
  value: AmountChoice;
  onChange: (choice: AmountChoice) => void;
  /** Whether to say that the typed amount is out of range (after a try to pay). */
  showError: boolean;
}) {
  const t = useT();
  const isOther = value.kind === "other";
  const range = {
    min: formatMoney(toMinor(CREDIT_LOAD_MIN_DZD), "DZD"),
    max: formatMoney(toMinor(CREDIT_LOAD_MAX_DZD), "DZD"),
  };
  return (
    <fieldset>
      <legend className="mb-3 text-lg font-semibold text-slate-900">{t("creditLoad.amount")}</legend>
      <div className="grid grid-cols-2 gap-3">
        {CREDIT_LOAD_PRESETS_DZD.map((amountDzd) => (
          <label key={amountDzd} className={OPTION}>
            <input
              type="radio"
              name="creditLoadAmount"
              className="sr-only"
              checked={value.kind === "preset" && value.amountDzd === amountDzd}
              onChange={() => onChange({ kind: "preset", amountDzd })}
            />
            <Money amountMinor={toMinor(amountDzd)} currency="DZD" />
          </label>
        ))}
        <label className={`${OPTION} col-span-2 text-base`}>
          <input
            type="radio"
            name="creditLoadAmount"
            className="sr-only"
            checked={isOther}
            onChange={() => onChange({ kind: "other", text: "" })}
          />
          {t("creditLoad.otherAmount")}
        </label>
      </div>
      {isOther ? (
        <TextField
          className="mt-4"
          label={t("creditLoad.otherAmountLabel")}
          inputMode="numeric"
          autoComplete="off"
          value={value.text}
          onChange={(event) => onChange({ kind: "other", text: event.target.value.replace(/\D/g, "") })}
          hint={t("creditLoad.amountRange", range)}
          error={showError && amountOf(value) === null ? t("creditLoad.amountRange", range) : null}
        />
      ) : null}
    </fieldset>
  );
}
