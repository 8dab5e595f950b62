import type { OrderRejectingEvent, OrderSummary } from "@esim/shared/checkout/contracts";
import { CheckCircleIcon, ErrorCircleIcon, InfoIcon } from "../../../components/ui/icons.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { isolateLtr, type MessageId, useT } from "../../../lib/i18n.ts";

/** "waiting": the traveller's own move (paying), nothing is under way on our side, so nothing spins. */
type StepState = "done" | "current" | "waiting" | "todo";

const STEPS: ReadonlyArray<{ label: MessageId }> = [
  { label: "status.step.paid" },
  { label: "status.step.preparing" },
  { label: "status.step.delivered" },
];

/** What a rejected order's page says, by the event that rejected it: only a declined card reads as refused. */
const REJECTED_TEXTS: Record<OrderRejectingEvent, { title: MessageId; message: MessageId }> = {
  payment_failed: { title: "status.rejected", message: "status.rejectedMessage" },
  payment_canceled: { title: "status.paymentCanceled", message: "status.paymentCanceledMessage" },
  checkout_lapsed: { title: "status.expired", message: "status.expiredMessage" },
  customer_cancelled: { title: "status.cancelled", message: "status.cancelledMessage" },
};

/**
 * An order that ended unpaid by its payer's choice (on the gateway's page or ours) or by time, not by a declined card:
 * no alarm, its promo code free again, the plan offered again.
 */
export function isPayersOrTimesEnd(rejectedBy: OrderSummary["rejectedBy"]): boolean {
  return rejectedBy === "payment_canceled" || rejectedBy === "customer_cancelled" || rejectedBy === "checkout_lapsed";
}

/** How far along each step is for an order on its way to the eSIM. */
function stepStates(status: "not_paid" | "pending" | "confirmed" | "delivered"): StepState[] {
  switch (status) {
    case "not_paid":
    case "pending":
      return ["waiting", "todo", "todo"];
    case "confirmed":
      return ["done", "current", "todo"];
    case "delivered":
      return ["done", "done", "done"];
  }
}

/**
 * The order's way to the eSIM: payment (to make, then received) → preparing your eSIM → delivered; a top-up says so when done. An order off that
 * way says what happens instead: payment declined, payment or order cancelled by its payer, or expired unpaid (its promo code free
 * again), refunded, on hold (a payment being checked by our team), refund due.
 */
export function OrderProgress({
  status,
  isSlow,
  isTopUp = false,
  rejectedBy = null,
  couponCode = null,
}: {
  status: OrderSummary["status"];
  isSlow: boolean;
  isTopUp?: boolean;
  /** Why a rejected order ended: cancelled by its payer and expired unpaid read differently from a refused payment. */
  rejectedBy?: OrderSummary["rejectedBy"];
  /** An order that ended unpaid gave its promo code back: say it is free again. */
  couponCode?: string | null;
}) {
  const t = useT();
  if (status === "rejected") {
    const texts = REJECTED_TEXTS[rejectedBy ?? "payment_failed"];
    const isUnpaidEnd = isPayersOrTimesEnd(rejectedBy);
    return (
      <div
        role="status"
        className={`flex items-start gap-3 rounded-xl px-4 py-3 ring-1 ${
          isUnpaidEnd ? "bg-slate-50 text-slate-800 ring-slate-200" : "bg-red-50 text-red-800 ring-red-200"
        }`}
      >
        {isUnpaidEnd ? <InfoIcon className="size-6 shrink-0" /> : <ErrorCircleIcon className="size-6 shrink-0" />}
        <div>
          <p className="font-semibold">{t(texts.title)}</p>
          <p className="text-sm">{t(texts.message)}</p>
          {isUnpaidEnd && couponCode ? (
            <p className="mt-1 text-sm font-medium">{t("status.couponFreed", { code: isolateLtr(couponCode) })}</p>
          ) : null}
        </div>
      </div>
    );
  }
  if (status === "on_hold" || status === "refund_due") {
    const isOnHold = status === "on_hold";
    return (
      <div
        role="status"
        className="flex items-start gap-3 rounded-xl bg-amber-50 px-4 py-3 text-amber-900 ring-1 ring-amber-200"
      >
        <InfoIcon className="size-6 shrink-0" />
        <div>
          <p className="font-semibold">{t(isOnHold ? "status.onHold" : "status.refundDue")}</p>
          <p className="text-sm">{t(isOnHold ? "status.onHoldMessage" : "status.refundDueMessage")}</p>
        </div>
      </div>
    );
  }
  if (status === "refunded") {
    return (
      <p role="status" className="rounded-xl bg-slate-50 px-4 py-3 text-slate-800">
        {t("status.refundedMessage")}
      </p>
    );
  }
  const states = stepStates(status);
  return (
    <div>
      <ol className="space-y-3">
        {STEPS.map((step, index) => {
          const state = states[index] ?? "todo";
          // Before the payment, its step says it is to make, not that it was received.
          const label = step.label === "status.step.paid" && state === "waiting" ? "status.step.toPay" : step.label;
          return (
            <li
              key={step.label}
              className="flex items-center gap-3"
              aria-current={state === "current" || state === "waiting" ? "step" : undefined}
            >
              <span
                className={`grid size-9 shrink-0 place-items-center rounded-full ${
                  state === "done"
                    ? "bg-emerald-100 text-emerald-700"
                    : state === "current" || state === "waiting"
                      ? "bg-brand-50 text-brand-700"
                      : "bg-slate-100 text-slate-400"
                }`}
              >
                {state === "done" ? (
                  <CheckCircleIcon className="size-5" />
                ) : state === "current" ? (
                  <Spinner className="size-5" />
                ) : state === "waiting" ? (
                  <span className="size-3 rounded-full bg-current" />
                ) : (
                  <span className="size-2 rounded-full bg-current" />
                )}
              </span>
              <span className={state === "todo" ? "text-slate-500" : "font-medium text-slate-900"}>
                {t(label)}
                <span className="sr-only">
                  {" "}
                  (
                  {state === "done"
                    ? t("status.done")
                    : state === "current"
                      ? t("status.inProgress")
                      : state === "waiting"
                        ? t("status.yourTurn")
                        : t("status.todo")}
                  )
                </span>
              </span>
            </li>
          );
        })}
      </ol>
      {/* Awaiting payment, the page's pay-or-cancel actions say what to do: no "waiting for confirmation" line. */}
      {status === "not_paid" || status === "pending" ? null : (
        <p role="status" className="mt-4 text-sm text-slate-700">
          {status === "confirmed"
            ? isSlow
              ? t("status.preparingSlow")
              : t("status.preparing")
            : t(isTopUp ? "status.topUpDelivered" : "status.deliveredMessage")}
        </p>
      )}
    </div>
  );
}
