import { CLAIM_REFUND_WINDOW_DAYS } from "@esim/shared/claims/contracts";
import { CANCELLATION_WINDOW_HOURS } from "@esim/shared/esims/contracts";
import { formatNumber } from "@esim/shared/format";
import { Link } from "react-router";
import { ReceiptIcon, ShieldCheckIcon } from "../../../components/ui/icons.tsx";
import { useT } from "../../../lib/i18n.ts";

// Both start on an eSIM's own page, reached from My eSIMs: "It doesn't work" files the claim, "Ask for
// cancellation" the request; each needs the eSIM, so the way in is the list.
const ESIMS_PATH = "/esims";

const LINK_CLASSES =
  "mt-2 inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900 focus-visible:outline-3 focus-visible:outline-brand-600";

/**
 * The shop's two commitments, stated where a traveller looks for help, with the way to use each. The numbers are
 * the ones the API enforces (the claim's refund window, the cancellation window), so the page cannot drift from them.
 */
export function SupportPolicies() {
  const t = useT();
  return (
    <section aria-labelledby="support-policies">
      <h2 id="support-policies" className="mb-3 text-lg font-semibold text-slate-900">
        {t("support.policiesTitle")}
      </h2>
      <ul className="space-y-3">
        <li className="flex items-start gap-3 rounded-2xl bg-white p-4 text-sm text-slate-700 shadow-sm ring-1 ring-slate-200/80">
          <ShieldCheckIcon className="mt-0.5 size-5 shrink-0 text-brand-700" />
          <div>
            <p>
              {t("support.policyRefund", {
                days: CLAIM_REFUND_WINDOW_DAYS,
                daysText: formatNumber(CLAIM_REFUND_WINDOW_DAYS),
              })}
            </p>
            <Link to={ESIMS_PATH} className={LINK_CLASSES}>
              {t("support.policyRefundLink")}
            </Link>
          </div>
        </li>
        <li className="flex items-start gap-3 rounded-2xl bg-white p-4 text-sm text-slate-700 shadow-sm ring-1 ring-slate-200/80">
          <ReceiptIcon className="mt-0.5 size-5 shrink-0 text-brand-700" />
          <div>
            <p>
              {t("support.policyCancel", {
                hours: CANCELLATION_WINDOW_HOURS,
                hoursText: formatNumber(CANCELLATION_WINDOW_HOURS),
              })}
            </p>
            <Link to={ESIMS_PATH} className={LINK_CLASSES}>
              {t("support.policyCancelLink")}
            </Link>
          </div>
        </li>
      </ul>
    </section>
  );
}
