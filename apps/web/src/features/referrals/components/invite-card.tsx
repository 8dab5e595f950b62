import { formatMoney } from "@esim/shared/money";
import type { MyReferral } from "@esim/shared/referrals/contracts";
import { useId } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { ShareLink } from "../../../components/ui/share-link.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { errorMessageId } from "../../../lib/error-messages.ts";
import { isolate, useT } from "../../../lib/i18n.ts";
import { useMyReferral } from "../api/get-my-referral.ts";

/** "Invite a friend" (decision 079): the link to share, how, and what the invitations brought. */
export function InviteCard() {
  const referral = useMyReferral();
  const t = useT();
  const titleId = useId();
  return (
    <Card>
      <section aria-labelledby={titleId}>
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {t("referral.title")}
        </h2>
        {referral.isPending ? (
          <Spinner className="mx-auto mt-3 size-6 text-brand-700" label={t("common.loading")} />
        ) : referral.error ? (
          <div className="mt-3">
            <Alert>{t(errorMessageId(referral.error))}</Alert>
          </div>
        ) : (
          <InviteDetails referral={referral.data} />
        )}
      </section>
    </Card>
  );
}

export function InviteDetails({ referral }: { referral: MyReferral }) {
  const t = useT();
  const discount = isolate(formatMoney(referral.friendDiscountDzdMinor, "DZD"));
  const shareText = t("referral.shareText", { discount, link: referral.link });
  return (
    <div className="mt-2 space-y-3">
      {referral.isEnabled ? (
        <>
          <p className="text-sm text-slate-700">
            {t("referral.explain", { discount, reward: isolate(formatMoney(referral.rewardDzdMinor, "DZD")) })}
          </p>
          <ShareLink label={t("referral.link")} url={referral.link} text={shareText} title={t("referral.title")} />
        </>
      ) : (
        <p className="text-sm text-slate-700">{t("referral.off")}</p>
      )}
      <ul className="space-y-1 text-sm text-slate-700">
        <li>{t("referral.joined", { count: referral.joinedCount })}</li>
        <li className="font-semibold text-slate-900">
          {t("referral.earned", { amount: isolate(formatMoney(referral.earnedDzdMinor, "DZD")) })}
        </li>
        {referral.pendingDzdMinor > 0 ? (
          <li>{t("referral.pending", { amount: isolate(formatMoney(referral.pendingDzdMinor, "DZD")) })}</li>
        ) : null}
      </ul>
    </div>
  );
}
