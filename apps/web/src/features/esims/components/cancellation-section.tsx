import type { EsimCancellation } from "@esim/shared/esims/contracts";
import { formatDateTime } from "@esim/shared/format";
import { formatMoney } from "@esim/shared/money";
import { useId, useState } from "react";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { ConfirmModal } from "../../../components/ui/modal.tsx";
import { errorMessageId } from "../../../lib/error-messages.ts";
import { isolate, type MessageId, useT } from "../../../lib/i18n.ts";
import { useRequestCancellation } from "../api/esims.ts";

const UNAVAILABLE: Record<NonNullable<EsimCancellation["unavailableReason"]>, MessageId> = {
  installed: "cancel.unavailable.installed",
  window_passed: "cancel.unavailable.windowPassed",
  topped_up: "cancel.unavailable.toppedUp",
  cancelled: "cancel.unavailable.cancelled",
};

const REASON_MAX_LENGTH = 500;

/**
 * "Cancel this eSIM": the request of an unused eSIM within 24 hours of purchase (with an optional reason and a
 * confirmation), its state once made (pending, approved with the refund, refused with the reason), or why it is
 * not offered.
 */
export function CancellationSection({ esimId, cancellation }: { esimId: string; cancellation: EsimCancellation }) {
  const t = useT();
  const reasonId = useId();
  const [reason, setReason] = useState("");
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const ask = useRequestCancellation(esimId);
  const { request } = cancellation;
  return (
    <Card>
      <section aria-labelledby="cancel-title" className="space-y-3">
        <h2 id="cancel-title" className="text-lg font-semibold text-slate-900">
          {t("cancel.title")}
        </h2>
        {request ? (
          <div role="status" className="space-y-1 rounded-xl bg-slate-50 px-4 py-3 text-slate-800">
            {request.status === "pending" ? (
              <p>{t("cancel.pending", { date: formatDateTime(request.requestedAt) })}</p>
            ) : request.status === "approved" ? (
              <p>{t("cancel.approved", { amount: isolate(formatMoney(request.refundDzdMinor, "DZD")) })}</p>
            ) : (
              <>
                <p className="font-semibold">{t("cancel.refused")}</p>
                {request.refusalReason ? <p>{t("cancel.refusedReason", { reason: request.refusalReason })}</p> : null}
              </>
            )}
          </div>
        ) : cancellation.isAvailable ? (
          <>
            <p className="text-sm text-slate-700">
              {t("cancel.policy")}{" "}
              {cancellation.availableUntil
                ? t("cancel.until", { date: formatDateTime(cancellation.availableUntil) })
                : null}
            </p>
            <label htmlFor={reasonId} className="block text-sm font-medium text-slate-800">
              {t("cancel.reasonLabel")}
            </label>
            <textarea
              id={reasonId}
              value={reason}
              maxLength={REASON_MAX_LENGTH}
              rows={2}
              onChange={(event) => setReason(event.target.value)}
              className="block w-full rounded-xl border border-slate-300 px-3 py-2 text-slate-900 focus-visible:outline-3 focus-visible:outline-brand-600"
            />
            <Button variant="secondary" fullWidth onClick={() => setIsConfirmOpen(true)}>
              {t("cancel.button")}
            </Button>
          </>
        ) : (
          <p className="text-sm text-slate-700">
            {cancellation.unavailableReason ? t(UNAVAILABLE[cancellation.unavailableReason]) : t("cancel.policy")}
          </p>
        )}
        {!request || request.status === "refused" ? (
          <p className="text-sm text-slate-600">
            <Link to="/support" className="text-brand-800 underline underline-offset-2">
              {t("cancel.support")}
            </Link>
          </p>
        ) : null}
        {ask.error && !isConfirmOpen ? <Alert>{t(errorMessageId(ask.error))}</Alert> : null}
      </section>
      <ConfirmModal
        open={isConfirmOpen}
        onOpenChange={setIsConfirmOpen}
        type="warning"
        title={t("cancel.confirmTitle")}
        message={t("cancel.confirmMessage")}
        confirmLabel={t("cancel.button")}
        isConfirming={ask.isPending}
        onConfirm={() => ask.mutate(reason, { onSettled: () => setIsConfirmOpen(false) })}
      />
    </Card>
  );
}
