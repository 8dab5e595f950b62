import { Money } from "@esim/ui/components";
import { useT } from "../../../lib/i18n.ts";

/**
 * The customer's store credit at checkout: spent first, ticked by default; unticked, the whole order is paid by card
 * and the credit kept for later (decision 064).
 */
export function StoreCreditChoice({
  balanceDzdMinor,
  isUsed,
  onChange,
}: {
  balanceDzdMinor: number;
  isUsed: boolean;
  onChange: (isUsed: boolean) => void;
}) {
  const t = useT();
  return (
    <label className="mb-4 flex min-h-11 items-center gap-3 rounded-lg bg-emerald-50 px-3 py-2 text-emerald-900">
      <input
        type="checkbox"
        className="size-5 shrink-0 accent-brand-700"
        checked={isUsed}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="text-sm font-medium">
        {t("summary.useStoreCredit")} (<Money amountMinor={balanceDzdMinor} currency="DZD" />)
      </span>
    </label>
  );
}
