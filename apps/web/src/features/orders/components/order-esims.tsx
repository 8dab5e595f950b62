import type { OrderSummary } from "@esim/shared/checkout/contracts";
import { Link } from "react-router";
import { IccidText } from "../../../components/ui/iccid-text.tsx";
import { ChevronEndIcon, SimIcon } from "../../../components/ui/icons.tsx";
import { useT } from "../../../lib/i18n.ts";

/**
 * The eSIMs of a delivered order: ICCID (left to right in any language; "to come" until the upstream gives it) and
 * the way to install each; for a top-up, the eSIM it was added to (nothing to install).
 */
export function OrderEsims({ esims, isTopUp = false }: { esims: OrderSummary["esims"]; isTopUp?: boolean }) {
  const t = useT();
  if (esims.length === 0) return null;
  return (
    <section aria-labelledby="order-esims">
      <h2 id="order-esims" className="mb-3 text-lg font-semibold text-slate-900">
        {t("status.esims")}
      </h2>
      <ul className="grid gap-2">
        {esims.map((esim) => (
          // min-w-0: a grid item is otherwise as wide as the unbroken ICCID, which pushed "Installer" off a 320 px screen;
          // the ICCID wraps rather than ending in an ellipsis, as a traveller may read it out to support.
          <li key={esim.id} className="min-w-0">
            <Link
              to={`/details/${encodeURIComponent(esim.id)}`}
              className="flex min-h-16 items-center gap-3 rounded-xl bg-white px-4 py-3 ring-1 ring-slate-200 hover:bg-slate-50 focus-visible:outline-3 focus-visible:outline-brand-600"
            >
              <SimIcon className="size-6 shrink-0 text-brand-700" />
              <span className="min-w-0 flex-1">
                <span className="block text-sm text-slate-600">{t("status.iccid")}</span>
                <IccidText iccid={esim.iccid} className="block break-all text-slate-900" />
              </span>
              <span className="text-sm font-semibold text-brand-800">
                {t(isTopUp ? "status.seeUsage" : "status.install")}
              </span>
              <ChevronEndIcon className="size-5 shrink-0 text-slate-400 rtl:-scale-x-100" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
