import { formatDateTime } from "@esim/shared/format";
import { formatMoney } from "@esim/shared/money";
import type { PayLink, PayLinkStatus } from "@esim/shared/pay-links/contracts";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmModal } from "../../../components/ui/modal.tsx";
import { ShareLink } from "../../../components/ui/share-link.tsx";
import { errorMessageId } from "../../../lib/error-messages.ts";
import { isolate, type MessageId, useT } from "../../../lib/i18n.ts";
import { usePlanText } from "../../../lib/plan-text.ts";
import { usePayLinkAddresses, useRevokePayLink } from "../api/pay-links.ts";
import { usePayLinkShareText } from "../lib/pay-link-share-text.ts";

const STATUS_NAME: Record<PayLinkStatus, MessageId> = {
  waiting: "payLink.status.waiting",
  paid: "payLink.status.paid",
  expired: "payLink.status.expired",
  revoked: "payLink.status.revoked",
};

const STATUS_CLASSES: Record<PayLinkStatus, string> = {
  waiting: "bg-sky-50 text-sky-900",
  paid: "bg-emerald-50 text-emerald-900",
  expired: "bg-slate-100 text-slate-700",
  revoked: "bg-slate-100 text-slate-700",
};

/**
 * The moment a link's state is about, with the hour (a link lives 72 hours): until when it waits, when it was paid or
 * ended. A revoked link names no moment: "revoked · valid until" read as if it still were.
 */
function momentText(link: PayLink, t: ReturnType<typeof useT>): string | null {
  const at = (value: string) => ({ date: isolate(formatDateTime(value)) });
  if (link.paidAt) return t("payLink.app.paidOn", at(link.paidAt));
  if (link.status === "waiting") return t("payLink.app.expiresOn", at(link.expiresAt));
  if (link.status === "expired") return t("payLink.app.endedOn", at(link.expiresAt));
  return null;
}

/**
 * The traveller's links: plan, amount, state, until when (or when paid); while one waits, share it again (when this
 * device made it and so knows its address) or revoke it, once confirmed (a revoke cannot be undone).
 */
export function PayLinkList({ links }: { links: PayLink[] }) {
  const t = useT();
  const { data: planData, validity } = usePlanText();
  const revoke = useRevokePayLink();
  const addresses = usePayLinkAddresses().data ?? {};
  const shareTextOf = usePayLinkShareText();
  const [sharing, setSharing] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<string | null>(null);
  if (links.length === 0) return null;
  return (
    <section aria-labelledby="pay-links-title" className="mt-4">
      <h3 id="pay-links-title" className="font-semibold text-slate-900">
        {t("payLink.app.listTitle")}
      </h3>
      {revoke.error && revoking === null ? <Alert>{t(errorMessageId(revoke.error))}</Alert> : null}
      <ul className="mt-2 divide-y divide-slate-100">
        {links.map((link) => {
          const title = t("plan.title", {
            data: planData({ dataMb: link.dataMb, isUnlimited: link.isUnlimited, dataType: 1 }),
            validity: validity(link.validityDays),
          });
          const address = link.status === "waiting" ? addresses[link.id] : undefined;
          const moment = momentText(link, t);
          return (
            <li key={link.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">
                  {title} · <bdi>{formatMoney(link.amountDzdMinor, "DZD")}</bdi>
                </p>
                <p className="text-slate-600">
                  <span className={`me-2 rounded-full px-2 py-0.5 font-medium ${STATUS_CLASSES[link.status]}`}>
                    {t(STATUS_NAME[link.status])}
                  </span>
                  {moment}
                </p>
              </div>
              {link.status === "waiting" ? (
                <div className="flex flex-wrap gap-2">
                  {address ? (
                    <Button
                      variant="secondary"
                      aria-expanded={sharing === link.id}
                      onClick={() => setSharing(sharing === link.id ? null : link.id)}
                      aria-label={`${t("payLink.app.shareAgain")} – ${title}`}
                    >
                      {t("payLink.app.shareAgain")}
                    </Button>
                  ) : null}
                  <Button
                    variant="secondary"
                    isLoading={revoke.isPending && revoke.variables === link.id}
                    onClick={() => setRevoking(link.id)}
                    aria-label={`${t("payLink.app.revoke")} – ${title}`}
                  >
                    {t("payLink.app.revoke")}
                  </Button>
                </div>
              ) : null}
              {address && sharing === link.id ? (
                <div className="basis-full">
                  <ShareLink
                    label={t("payLink.app.link")}
                    url={address}
                    text={shareTextOf(link, address)}
                    title={t("payLink.app.ask")}
                  />
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      <ConfirmModal
        open={revoking !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setRevoking(null);
        }}
        type="warning"
        title={t("payLink.app.revokeConfirmTitle")}
        message={t("payLink.app.revokeConfirmMessage")}
        confirmLabel={t("payLink.app.revokeConfirm")}
        cancelLabel={t("payLink.app.keep")}
        confirmVariant="danger"
        isConfirming={revoke.isPending}
        onConfirm={() => {
          if (revoking) revoke.mutate(revoking, { onSettled: () => setRevoking(null) });
        }}
      />
    </section>
  );
}
