import type { ConsoleReferral } from "@esim/shared/referrals/contracts";
import { Link } from "react-router";
import { consoleFormatters } from "../../lib/format.ts";
import { useLanguage, useT } from "../../lib/i18n.ts";

/** The latest referrals: who invited whom, the order, the status and, when refused, why. */
export function ReferralsTable({ referrals }: { referrals: readonly ConsoleReferral[] }) {
  const t = useT();
  const format = consoleFormatters(useLanguage());
  if (referrals.length === 0) return <p className="text-slate-600">{t("console.referrals.empty")}</p>;
  return (
    <table className="w-full text-start text-sm">
      <thead>
        <tr className="border-b border-slate-200 text-slate-600">
          <th className="py-2 pe-3 text-start font-medium">{t("console.referrals.inviter")}</th>
          <th className="py-2 pe-3 text-start font-medium">{t("console.referrals.friend")}</th>
          <th className="py-2 pe-3 text-start font-medium">{t("console.referrals.order")}</th>
          <th className="py-2 pe-3 text-start font-medium">{t("console.referrals.statusHeader")}</th>
          <th className="py-2 text-start font-medium">{t("console.referrals.rewardHeader")}</th>
        </tr>
      </thead>
      <tbody>
        {referrals.map((referral) => (
          <tr key={referral.id} className="border-b border-slate-100 align-top">
            <td className="py-2 pe-3 break-all" dir="ltr">
              {referral.referrerEmail}
            </td>
            <td className="py-2 pe-3 break-all" dir="ltr">
              {referral.friendEmail}
            </td>
            <td className="py-2 pe-3">
              {referral.orderNumber ? (
                <Link className="text-brand-800 underline" to={`/admin/orders/${referral.orderNumber}`}>
                  <bdi>{referral.orderNumber}</bdi>
                </Link>
              ) : null}
            </td>
            <td className="py-2 pe-3">
              {t(`console.referrals.status.${referral.status}`)}
              {referral.refusal ? ` : ${t(`console.referrals.refusal.${referral.refusal}`)}` : ""}
            </td>
            <td className="py-2">
              {format.dzd(referral.rewardDzdMinor)}
              {referral.takenBackDzdMinor > 0 || referral.status === "taken_back" ? (
                <span className="block text-slate-600">
                  {t("console.referrals.takenBack", { amount: format.dzd(referral.takenBackDzdMinor) })}
                </span>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
