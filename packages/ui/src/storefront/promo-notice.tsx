import { isolate, isolateLtr } from "@esim/shared/bidi";
import { formatNumber } from "@esim/shared/format";
import { formatMoney } from "@esim/shared/money";
import { useT } from "../i18n.ts";

/** What a `?promo=` code is worth to a visitor, checked when the page is made: the discount, or why none. */
export type PromoCheck =
  | {
      code: string;
      state: "valid";
      discount: { kind: "percent"; percent: number } | { kind: "amount"; dzdMinor: number };
    }
  | { code: string; state: "expired" | "notYetActive" | "unavailable" };

/**
 * The line that confirms a promo code the page was opened with (a campaign's link): its discount, to be applied at
 * checkout where the code is carried, or that it will not be, so the visitor is not surprised at the cart.
 */
export function PromoNotice({ promo }: { promo: PromoCheck }) {
  const t = useT();
  const code = isolateLtr(promo.code);
  const isValid = promo.state === "valid";
  const text =
    promo.state === "valid"
      ? promo.discount.kind === "percent"
        ? t("storefront.promo.valid", { kind: "percent", code, percent: formatNumber(promo.discount.percent) })
        : t("storefront.promo.valid", {
            kind: "amount",
            code,
            amount: isolate(formatMoney(promo.discount.dzdMinor, "DZD")),
          })
      : promo.state === "expired"
        ? t("storefront.promo.expired", { code })
        : promo.state === "notYetActive"
          ? t("storefront.promo.notYetActive", { code })
          : t("storefront.promo.unavailable", { code });
  return (
    <p
      data-promo-state={promo.state}
      className={`mb-4 rounded-xl px-4 py-3 text-sm font-semibold ring-1 ${
        isValid ? "bg-brand-50 text-brand-900 ring-brand-200" : "bg-amber-50 text-amber-900 ring-amber-200"
      }`}
    >
      {text}
    </p>
  );
}
