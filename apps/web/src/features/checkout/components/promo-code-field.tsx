import { type FormEvent, type ReactNode, useId } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { CheckCircleIcon, TagIcon } from "../../../components/ui/icons.tsx";
import { useT } from "../../../lib/i18n.ts";

interface PromoCodeFieldProps {
  value: string;
  onChange: (code: string) => void;
  /** The coupon the quote carries, if any. */
  appliedCode: string | null;
  onApply: (code: string) => void;
  onRemove: () => void;
  isApplying: boolean;
  /** The translated reason the last code was refused. */
  error: string | null;
  /** What the buyer can do about the refusal (the unpaid order holding the code: pay it or cancel it). */
  errorActions?: ReactNode;
}

/** The promo code: type, apply (the server checks it), see it applied, remove it. */
export function PromoCodeField({
  value,
  onChange,
  appliedCode,
  onApply,
  onRemove,
  isApplying,
  error,
  errorActions,
}: PromoCodeFieldProps) {
  const t = useT();
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = value.trim().toUpperCase();
    if (code) onApply(code);
  };

  if (appliedCode) {
    return (
      <div className="flex items-center justify-between gap-3 rounded-xl bg-emerald-50 px-4 py-3 text-emerald-900 ring-1 ring-emerald-200">
        <p role="status" className="flex items-center gap-2">
          <CheckCircleIcon className="size-5 shrink-0" />
          <span>
            {t("cart.promoApplied")} <bdi className="font-mono font-semibold">{appliedCode}</bdi>
          </span>
        </p>
        <Button variant="ghost" onClick={onRemove} className="min-h-11 px-3">
          {t("cart.promoRemove")}
        </Button>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <label htmlFor={`${id}-code`} className="mb-1.5 flex items-center gap-2 text-sm font-medium text-slate-800">
        <TagIcon className="size-4" />
        {t("cart.promoLabel")}
      </label>
      <div className="flex gap-2">
        <input
          id={`${id}-code`}
          value={value}
          onChange={(event) => onChange(event.target.value.toUpperCase())}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          dir="ltr"
          maxLength={40}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="block min-h-12 w-full min-w-0 rounded-xl border border-slate-300 bg-white px-4 font-mono text-base uppercase text-slate-900 focus:border-brand-600 focus:outline-3 focus:outline-brand-600/25 aria-invalid:border-red-600"
        />
        <Button type="submit" variant="secondary" isLoading={isApplying} disabled={value.trim() === ""}>
          {t("cart.promoApply")}
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      {error && errorActions ? <div className="mt-2">{errorActions}</div> : null}
    </form>
  );
}
