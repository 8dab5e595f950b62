import { formatDate } from "@esim/shared/format";
import { Money } from "@esim/ui/components";
import { useT } from "../../../lib/i18n.ts";
import { useCreditLoadReceipts } from "../api/credit-loads.ts";

/** The receipts (reçus) of the credit already bought: number, date and amount; nothing while there is none. */
export function CreditLoadReceipts() {
  const t = useT();
  const receipts = useCreditLoadReceipts();
  if (!receipts.data?.length) return null;
  return (
    <section aria-labelledby="credit-load-receipts" className="space-y-3">
      <h2 id="credit-load-receipts" className="text-lg font-semibold text-slate-900">
        {t("creditLoad.receipts")}
      </h2>
      <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200/80">
        {receipts.data.map((load) => (
          <li key={load.id} className="flex items-center justify-between gap-4 px-4 py-3">
            <span>
              <span className="block font-mono text-slate-900">
                <bdi>{load.receiptNumber}</bdi>
              </span>
              <span className="block text-sm text-slate-600">
                <bdi>{load.paidAt ? formatDate(load.paidAt) : ""}</bdi>
              </span>
            </span>
            <Money amountMinor={load.amountDzdMinor} currency="DZD" className="font-semibold text-slate-900" />
          </li>
        ))}
      </ul>
    </section>
  );
}
