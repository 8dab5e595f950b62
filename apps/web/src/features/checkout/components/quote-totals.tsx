import type { Quote } from "@esim/shared/checkout/contracts";
import { Money } from "@esim/ui/components";
import { useT } from "../../../lib/i18n.ts";

/**
 * The server's quote: subtotal, discounts, service fee, total. The gateway always charges DZD: with prices in USD,
 * the dollar figures are an estimate at today's rate, the total is labelled so, and the amount charged in DA
 * follows it as the figure that counts (as it does whenever it differs from the total, a charge in whole dinars).
 * When the shop passes the gateway's fee on, it is its own line in DA and the amount charged includes it: the amount
 * on screen is the amount the payer is charged. Store credit spent on the order is its own line, and what is left is
 * the rest to pay by card (decision 064). A friend's invite discount is its own line too (decision 079); an invite
 * that cannot be used says only that.
 */
export function QuoteTotals({ quote, isUpdating = false }: { quote: Quote; isUpdating?: boolean }) {
  const t = useT();
  const { currency } = quote;
  const isEstimate = currency !== "DZD";
  const { gatewayFee } = quote;
  const hasCredit = quote.creditAppliedDzdMinor > 0;
  const showsCharge = isEstimate || gatewayFee !== null || hasCredit || quote.chargeDzdMinor !== quote.totalMinor;
  const row = "flex items-baseline justify-between gap-4 py-1.5";
  const totalRow = `${row} mt-2 border-t border-slate-200 pt-3 text-lg font-bold text-slate-900`;
  return (
    <div aria-busy={isUpdating || undefined} className={isUpdating ? "opacity-60 transition-opacity" : undefined}>
      <dl className="text-slate-700">
        <div className={row}>
          <dt>{t("cart.subtotal")}</dt>
          <dd>
            <Money amountMinor={quote.subtotalMinor} currency={currency} />
          </dd>
        </div>
        {quote.discountMinor > 0 ? (
          <div className={row}>
            <dt>{t("cart.discount")}</dt>
            <dd className="text-emerald-700">
              <Money amountMinor={quote.discountMinor} currency={currency} isDeduction />
            </dd>
          </div>
        ) : null}
        {quote.couponDiscountMinor > 0 ? (
          <div className={row}>
            <dt>
              {t("cart.couponDiscount")} {quote.coupon ? <bdi className="font-mono">({quote.coupon.code})</bdi> : null}
            </dt>
            <dd className="text-emerald-700">
              <Money amountMinor={quote.couponDiscountMinor} currency={currency} isDeduction />
            </dd>
          </div>
        ) : null}
        {quote.referralDiscountMinor > 0 ? (
          <div className={row}>
            <dt>{t("cart.referralDiscount")}</dt>
            <dd className="text-emerald-700">
              <Money amountMinor={quote.referralDiscountMinor} currency={currency} isDeduction />
            </dd>
          </div>
        ) : null}
        <div className={row}>
          <dt>{t("cart.serviceFee")}</dt>
          <dd>
            <Money amountMinor={quote.serviceFeeMinor} currency={currency} />
          </dd>
        </div>
        {showsCharge ? (
          <>
            <div className={`${row} mt-2 border-t border-slate-200 pt-3 font-semibold text-slate-800`}>
              <dt>{t(isEstimate ? "cart.totalEstimate" : "cart.total")}</dt>
              <dd>
                <Money amountMinor={quote.totalMinor} currency={currency} />
              </dd>
            </div>
            {hasCredit ? (
              <div className={row}>
                <dt>{t("cart.storeCredit")}</dt>
                <dd className="text-emerald-700">
                  <Money amountMinor={quote.creditAppliedDzdMinor} currency="DZD" isDeduction />
                </dd>
              </div>
            ) : null}
            {gatewayFee && quote.cardChargeDzdMinor > 0 ? (
              <div className={row}>
                <dt>
                  {t(gatewayFee.paidBy === "split" ? "cart.gatewayFeeShare" : "cart.gatewayFee", {
                    percent: gatewayFee.percent,
                  })}
                </dt>
                <dd>
                  <Money amountMinor={gatewayFee.amountDzdMinor} currency="DZD" />
                </dd>
              </div>
            ) : null}
            <div className={`${row} text-lg font-bold text-slate-900`}>
              <dt>{t(hasCredit ? "cart.restByCard" : "cart.amountCharged")}</dt>
              <dd>
                <Money amountMinor={quote.chargeWithFeeDzdMinor} currency="DZD" />
              </dd>
            </div>
          </>
        ) : (
          <div className={totalRow}>
            <dt>{t("cart.total")}</dt>
            <dd>
              <Money amountMinor={quote.totalMinor} currency={currency} />
            </dd>
          </div>
        )}
      </dl>
      {quote.referral?.isApplied === false ? (
        <p className="mt-2 text-sm text-slate-600">
          {t(quote.referral.isBudgetSpent ? "checkout.referral.budgetSpent" : "cart.referralUnusable")}
        </p>
      ) : null}
      {quote.isDiscountCappedAtCost ? (
        <p className="mt-2 text-sm text-slate-600">{t("checkout.quote.discountCappedAtCost")}</p>
      ) : null}
      {isEstimate ? (
        <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">{t("cart.usdEstimate")}</p>
      ) : null}
    </div>
  );
}
