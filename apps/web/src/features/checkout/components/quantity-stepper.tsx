import { MAX_QUANTITY } from "@esim/shared/checkout/contracts";
import { formatNumber } from "@esim/shared/format";
import { MinusIcon, PlusIcon } from "../../../components/ui/icons.tsx";
import { useT } from "../../../lib/i18n.ts";

/** How many eSIMs of this plan (1–10): minus and plus buttons around the number, announced as it changes. */
export function QuantityStepper({ value, onChange }: { value: number; onChange: (quantity: number) => void }) {
  const t = useT();
  const button =
    "grid size-11 place-items-center rounded-xl bg-white text-brand-800 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-3 focus-visible:outline-brand-600 disabled:text-slate-300 disabled:ring-slate-200";
  return (
    <fieldset className="min-w-0">
      <legend className="sr-only">{t("cart.quantity")}</legend>
      <div className="flex items-center justify-between gap-4">
        <span aria-hidden="true" className="font-medium text-slate-800">
          {t("cart.quantity")}
        </span>
        <div className="flex items-center gap-3">
          <button
            type="button"
            className={button}
            onClick={() => onChange(value - 1)}
            disabled={value <= 1}
            aria-label={t("cart.quantityLess")}
          >
            <MinusIcon className="size-5" />
          </button>
          <output aria-live="polite" aria-label={t("cart.quantity")} className="w-8 text-center text-lg font-semibold">
            {formatNumber(value)}
          </output>
          <button
            type="button"
            className={button}
            onClick={() => onChange(value + 1)}
            disabled={value >= MAX_QUANTITY}
            aria-label={t("cart.quantityMore")}
          >
            <PlusIcon className="size-5" />
          </button>
        </div>
      </div>
    </fieldset>
  );
}
