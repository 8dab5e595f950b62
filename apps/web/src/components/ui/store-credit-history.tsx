import { isolateLtr } from "@esim/shared/bidi";
import { formatDate } from "@esim/shared/format";
import type { StoreCreditEntry } from "@esim/shared/store-credit/contracts";
import { Money } from "@esim/ui/components";
import { type MessageId, useT } from "../../lib/i18n.ts";

const ENTRY_TEXT: Record<StoreCreditEntry["kind"], MessageId> = {
  refund: "storeCredit.kind.refund",
  issued: "storeCredit.kind.issued",
  bought: "storeCredit.kind.bought",
  spent: "storeCredit.kind.spent",
  returned: "storeCredit.kind.returned",
  expired: "storeCredit.kind.expired",
  referral: "storeCredit.kind.referral",
  referral_taken_back: "storeCredit.kind.referral_taken_back",
  referral_debt_repaid: "storeCredit.kind.referral_debt_repaid",
};

/**
 * A store credit's movements, newest first, each said as the customer reads it ("Spent on order ES26-000123"), with
 * its signed amount: the customer's account and the console's customer page show the same list.
 */
export function StoreCreditHistory({ entries }: { entries: readonly StoreCreditEntry[] }) {
  const t = useT();
  if (entries.length === 0) return <p className="text-sm text-slate-600">{t("storeCredit.empty")}</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {entries.map((entry) => (
        <li key={entry.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2 text-sm">
          <span className="min-w-0">
            <span className="block break-words text-slate-900">
              {t(ENTRY_TEXT[entry.kind], {
                number: isolateLtr(entry.orderNumber ?? ""),
                reason: entry.reason ?? "",
              })}
            </span>
            <span className="text-slate-600">
              {formatDate(entry.createdAt)}
              {entry.kind === "issued" && entry.expiresAt
                ? ` · ${t("storeCredit.expiresAt", { time: formatDate(entry.expiresAt) })}`
                : ""}
            </span>
          </span>
          <Money
            amountMinor={Math.abs(entry.amountDzdMinor)}
            currency="DZD"
            isDeduction={entry.amountDzdMinor < 0}
            className={entry.amountDzdMinor < 0 ? "text-slate-800" : "font-semibold text-emerald-700"}
          />
        </li>
      ))}
    </ul>
  );
}
