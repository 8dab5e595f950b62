import { formatMoney } from "@esim/shared/money";
import type { MyReferral } from "@esim/shared/referrals/contracts";
import { useId } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { CopyField } from "../../../components/ui/copy-field.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { errorMessageId } from "../../../lib/error-messages.ts";
import { isolate, useT } from "../../../lib/i18n.ts";
import { isNativePlatform, loadNativePlugins } from "../../../lib/platform.ts";
import { useMyReferral } from "../api/get-my-referral.ts";

const buttonClass =
  "inline-flex min-h-11 items-center justify-center rounded-xl px-4 text-sm font-semibold focus-visible:outline-3 focus-visible:outline-brand-600";

/** The phone's share sheet (the apps' Share plugin, else the browser's); false when there is none. */
async function shareNatively(text: string, url: string): Promise<boolean> {
  if (isNativePlatform()) {
    const { Share } = await loadNativePlugins();
    await Share.share({ text, url });
    return true;
  }
  if (typeof navigator.share !== "function") return false;
  try {
    await navigator.share({ text, url });
  } catch {
    // The visitor closed the sheet: nothing to do.
  }
  return true;
}

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
          <CopyField label={t("referral.link")} value={referral.link} />
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={`${buttonClass} bg-brand-700 text-white hover:bg-brand-800`}
              onClick={() => {
                void shareNatively(shareText, referral.link).then((isShared) => {
                  if (!isShared) window.open(`https://wa.me/?text=${encodeURIComponent(shareText)}`, "_blank");
                });
              }}
            >
              {t("referral.share")}
            </button>
            <a
              href={`https://wa.me/?text=${encodeURIComponent(shareText)}`}
              target="_blank"
              rel="noopener noreferrer"
              className={`${buttonClass} text-brand-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50`}
            >
              {t("referral.whatsapp")}
            </a>
          </div>
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
