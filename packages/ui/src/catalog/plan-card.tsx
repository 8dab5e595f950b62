import { isolate } from "@esim/shared/bidi";
import type { Plan } from "@esim/shared/catalog/contracts";
import { planDataText, planTitle, planValidityText } from "@esim/shared/catalog/plan-name";
import { parseFairUse, pricePerGbMinor } from "@esim/shared/catalog/plan-value";
import { validityAdvice } from "@esim/shared/catalog/validity-start";
import { formatNumber } from "@esim/shared/format";
import type { Currency, Language } from "@esim/shared/locale";
import { formatMoney } from "@esim/shared/money";
import type { ReactNode } from "react";
import { RefreshIcon, WifiIcon } from "../components/icons.tsx";
import { Money, ShownPrice } from "../components/money.tsx";
import { type Translate, useLanguage, useT } from "../i18n.ts";
import { CartLink } from "./cart-link.tsx";

/** The fastest network the plan reaches ("5G", "4G"), from its networks. */
export function bestNetworkType(plan: Pick<Plan, "networks">): string | null {
  const types = plan.networks.map((network) => network.networkType.toUpperCase());
  if (types.some((type) => type.includes("5G"))) return "5G";
  if (types.some((type) => type.includes("4G") || type.includes("LTE"))) return "4G";
  return types[0] ?? null;
}

/**
 * What an unlimited plan's fair use means in plain words: the daily high-speed allowance and the speed after it
 * when the upstream's wording says so, else the general rule. Null for a plan with a fixed amount of data.
 */
export function fairUseText(plan: Plan, language: Language, t: Translate): string | null {
  if (!plan.isUnlimited) return null;
  const parsed = parseFairUse(plan.fairUsePolicy);
  if (!parsed) return t("plan.fairUse");
  const value = formatNumber(parsed.slowSpeed.value);
  return t("plan.fairUseDaily", {
    highSpeed: planDataText({ dataMb: parsed.highSpeedMb, isUnlimited: false }, language),
    slowSpeed: parsed.slowSpeed.unit === "kbps" ? t("plan.speedKbps", { value }) : t("plan.speedMbps", { value }),
  });
}

/** The price in the display currency (dollars as an estimate), and the struck-through price when discounted. */
export function PlanPrice({ plan, currency }: { plan: Pick<Plan, "price" | "compareAtPrice">; currency: Currency }) {
  const t = useT();
  const compareAt = plan.compareAtPrice;
  return (
    <p className="flex flex-wrap items-baseline justify-end gap-x-2">
      <span className="sr-only">{t("plan.price")}</span>
      <ShownPrice amount={plan.price} currency={currency} className="text-2xl font-bold text-slate-900" data-price />
      {compareAt && compareAt[currency] > plan.price[currency] ? (
        <>
          <span className="sr-only">{t("plan.compareAt")}</span>
          <s className="text-sm text-slate-500">
            <ShownPrice amount={compareAt} currency={currency} />
          </s>
        </>
      ) : null}
    </p>
  );
}

/** Short facts under a plan: top-up, hotspot, best network. */
export function PlanBadges({ plan }: { plan: Plan }) {
  const t = useT();
  const network = bestNetworkType(plan);
  const badge = "inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-medium";
  return (
    <ul className="flex flex-wrap gap-2">
      <li
        className={`${badge} ${plan.supportsTopUp ? "bg-emerald-50 text-emerald-800" : "bg-slate-100 text-slate-700"}`}
      >
        <RefreshIcon className="size-3.5" />
        {plan.supportsTopUp ? t("plan.topUp") : t("plan.noTopUp")}
      </li>
      <li
        className={`${badge} ${plan.isHotspotAllowed ? "bg-brand-50 text-brand-800" : "bg-slate-100 text-slate-700"}`}
      >
        <WifiIcon className="size-3.5" />
        {plan.isHotspotAllowed ? t("plan.hotspotAllowed") : t("plan.hotspotNotAllowed")}
      </li>
      {network ? (
        <li className={`${badge} bg-slate-100 text-slate-700`}>
          <bdi>{network}</bdi>
        </li>
      ) : null}
    </ul>
  );
}

/**
 * One plan, the same card on the public pages and in the app (decision 070): data, validity, price (with the
 * dinars charged under a dollar estimate), the "best value" mark, price per GB, when its days start, fair use in
 * plain words, badges, and the ways on: `actions` (the app's "Details") then "Choose this plan".
 */
export function PlanCard({
  plan,
  currency,
  isBestValue,
  cartHref,
  actions,
}: {
  plan: Plan;
  currency: Currency;
  isBestValue: boolean;
  cartHref: string;
  actions?: ReactNode;
}) {
  const t = useT();
  const language = useLanguage();
  const title = planTitle(plan, language);
  const titleId = `plan-${plan.id}`;
  const perGb = pricePerGbMinor(plan, currency);
  const fairUse = fairUseText(plan, language, t);
  return (
    <article
      aria-label={title}
      className={`flex h-full flex-col rounded-2xl bg-white p-4 shadow-sm sm:p-5 ${isBestValue ? "ring-2 ring-brand-600" : "ring-1 ring-slate-200"}`}
      data-plan-id={plan.id}
    >
      {isBestValue ? (
        <p className="mb-2 self-start rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-900">
          {t("plan.bestValue")}
        </p>
      ) : null}
      <div className="flex items-start justify-between gap-4">
        <div>
          <h3 id={titleId} className="text-lg font-bold text-slate-900">
            {planDataText(plan, language)}
          </h3>
          <p className="text-sm text-slate-600">{planValidityText(plan.validityDays, language)}</p>
        </div>
        <div className="text-end">
          <PlanPrice plan={plan} currency={currency} />
          {currency === "USD" ? (
            <p className="text-sm text-slate-600">
              <Money amountMinor={plan.price.DZD} currency="DZD" />
            </p>
          ) : null}
        </div>
      </div>
      <ul className="mt-2 space-y-1 text-sm text-slate-700">
        {perGb === null ? null : (
          <li>
            {t("plan.pricePerGb", {
              price: isolate(`${currency === "USD" ? "≈ " : ""}${formatMoney(perGb, currency)}`),
            })}
          </li>
        )}
        <li>{validityAdvice(plan, language).sentence}</li>
        {fairUse ? <li>{fairUse}</li> : null}
      </ul>
      <div className="mt-3">
        <PlanBadges plan={plan} />
      </div>
      <div className="mt-auto flex flex-wrap gap-3 pt-4 *:flex-auto *:whitespace-nowrap">
        {actions}
        <CartLink href={cartHref} planTitle={title} />
      </div>
    </article>
  );
}
