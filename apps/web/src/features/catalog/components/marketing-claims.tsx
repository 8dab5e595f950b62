import { formatRoundedCount } from "@esim/shared/catalog/marketing";
import type { Currency } from "@esim/shared/locale";
import { formatMoney } from "@esim/shared/money";
import { DEFAULT_SUPPORT_HOURS, type SupportHours, supportPromiseValues } from "@esim/shared/support/hours";
import type { ReactNode } from "react";
import { BoltIcon, GlobeIcon, PhoneIcon, ShieldCheckIcon, SupportIcon } from "../../../components/ui/icons.tsx";
import { isolate, isolateLtr, useT } from "../../../lib/i18n.ts";
import { useCatalogSummary } from "../api/get-catalog-summary.ts";

function Claim({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex items-center gap-3">
      <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-white/15 text-white">{icon}</span>
      <span className="text-base font-medium text-white">{children}</span>
    </li>
  );
}

/**
 * AuthPage's promises; the numbers come from the catalog, never from the code, and support's from its configured
 * hours (help online at any hour, a person in the hours), never a round-the-clock promise the hours do not keep.
 */
export function MarketingClaims({
  currency,
  supportHours,
}: {
  currency: Currency;
  /** Support's configured hours (`GET /support/config`); undefined until they arrive. */
  supportHours: SupportHours | undefined;
}) {
  const t = useT();
  const summary = useCatalogSummary();
  const data = summary.data;
  return (
    <div>
      <p className="text-3xl font-bold leading-tight tracking-tight text-white sm:text-4xl">
        {t("marketing.headline")}
      </p>
      {/* Until the summary arrives (and on the prerendered /login, until the app starts), a line without the
          price, of the same height, rather than a placeholder bar a visitor could watch for long. */}
      <p className="mt-3 text-lg text-brand-50">
        {data
          ? t("marketing.fromPrice", { price: isolate(formatMoney(data.lowestPrice[currency], currency)) })
          : t("marketing.fromPriceLoading")}
      </p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
        <Claim icon={<GlobeIcon className="size-5" />}>
          {data
            ? t("marketing.destinations", { count: isolateLtr(formatRoundedCount(data.destinationCount)) })
            : t("marketing.destinationsLoading")}
        </Claim>
        <Claim icon={<BoltIcon className="size-5" />}>{t("marketing.instantActivation")}</Claim>
        <Claim icon={<PhoneIcon className="size-5" />}>{t("marketing.devices")}</Claim>
        <Claim icon={<SupportIcon className="size-5" />}>
          {supportHours ? (
            t("marketing.support", supportPromiseValues(supportHours))
          ) : (
            // The room of the usual promise kept while the hours load, so the page does not move when they arrive.
            <span className="grid">
              <span className="[grid-area:1/1]">{t("marketing.supportLoading")}</span>
              <span aria-hidden="true" className="invisible [grid-area:1/1]">
                {t("marketing.support", supportPromiseValues(DEFAULT_SUPPORT_HOURS))}
              </span>
            </span>
          )}
        </Claim>
        <Claim icon={<ShieldCheckIcon className="size-5" />}>{t("marketing.compatibility")}</Claim>
      </ul>
    </div>
  );
}
