import { isolate } from "@esim/shared/bidi";
import { ORDER_REJECTING_EVENTS } from "@esim/shared/checkout/contracts";
import type { OrderTimelineItem } from "@esim/shared/console/orders-contract";
import { isOneOf } from "@esim/shared/statuses";
import { auditActionLabel } from "@esim/ui/audit-labels";
import type { ReactNode } from "react";
import { IccidText } from "../../../components/ui/iccid-text.tsx";
import {
  ATTENTION_LABEL,
  actorText,
  gatewayEventLabel,
  gatewayLabel,
  HISTORY_EVENT_LABEL,
  ORDER_ENDING_LABEL,
  ORDER_STATUS_LABEL,
} from "../../components/order-labels.ts";
import { RawForSupport } from "../../components/raw-for-support.tsx";
import type { ConsoleFormatters } from "../../lib/format.ts";
import { type MessageId, useT } from "../../lib/i18n.ts";

const EMAIL_STATUS_LABEL: Record<"queued" | "sent" | "failed", MessageId> = {
  queued: "console.orders.timeline.emailQueued",
  sent: "console.orders.timeline.emailSent",
  failed: "console.orders.timeline.emailFailed",
};

const DOT: Record<OrderTimelineItem["kind"], string> = {
  status: "bg-brand-600",
  webhook: "bg-violet-600",
  esim: "bg-emerald-600",
  email: "bg-sky-600",
  operator: "bg-amber-600",
};

/** The order's life in time order: history, webhooks, eSIMs stored, emails and operators' actions. */
export function OrderTimeline({ items, format }: { items: OrderTimelineItem[]; format: ConsoleFormatters }) {
  return (
    <ol className="relative space-y-4 border-s-2 border-slate-200 ps-5">
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the timeline is append-only and has no id of its own.
        <li key={index} className="relative">
          <span
            aria-hidden="true"
            className={`absolute -start-[1.72rem] top-1.5 size-3 rounded-full ring-4 ring-white ${DOT[item.kind]}`}
          />
          <p className="text-xs text-slate-600">
            <time dateTime={item.at}>{format.dateTime(item.at)}</time>
          </p>
          <TimelineText item={item} />
        </li>
      ))}
    </ol>
  );
}

function Line({ title, details }: { title: ReactNode; details?: ReactNode }) {
  return (
    <>
      <p className="font-medium text-slate-900">{title}</p>
      {details ? <p className="text-sm break-words text-slate-700">{details}</p> : null}
    </>
  );
}

function TimelineText({ item }: { item: OrderTimelineItem }) {
  const t = useT();
  switch (item.kind) {
    case "status": {
      // What happened (the event's words), the words an operator typed with it, and who: each isolated.
      const details = (
        <>
          {item.event === "flagged" || item.event === "other" ? null : (
            <>
              <bdi>{t(HISTORY_EVENT_LABEL[item.event])}</bdi>
              {" · "}
            </>
          )}
          {item.note ? (
            <>
              <bdi>{item.note}</bdi>
              {" · "}
            </>
          ) : null}
          <bdi>{t("console.orders.timeline.by", { actor: actorText(item.actor, t) })}</bdi>
        </>
      );
      if (item.event === "flagged") {
        return (
          <Line
            title={t("console.orders.timeline.flagged", {
              kind: item.attentionKind ? t(ATTENTION_LABEL[item.attentionKind]) : t("console.audit.action.other"),
            })}
            details={details}
          />
        );
      }
      // A move to rejected says how the order ended (its event), not a generic "rejected".
      const to = t(
        isOneOf(ORDER_REJECTING_EVENTS, item.event)
          ? ORDER_ENDING_LABEL[item.event]
          : ORDER_STATUS_LABEL[item.toStatus],
      );
      return (
        <Line
          title={
            item.fromStatus === null
              ? t("console.orders.timeline.created", { status: to })
              : t("console.orders.timeline.status", { from: t(ORDER_STATUS_LABEL[item.fromStatus]), to })
          }
          details={details}
        />
      );
    }
    case "webhook":
      return (
        <Line
          title={t("console.orders.timeline.gatewayNotice", { provider: t(gatewayLabel(item.provider)) })}
          details={
            <>
              {t(gatewayEventLabel(item.eventType))}
              <RawForSupport text={`${item.provider} · ${item.eventType ?? "?"} · ${item.eventId}`} />
            </>
          }
        />
      );
    case "esim":
      return (
        <Line
          title={t("console.orders.timeline.esim")}
          details={<IccidText iccid={item.iccid} hasPrefix className="text-xs" />}
        />
      );
    case "email":
      return (
        <Line
          title={t("console.orders.timeline.email", { status: t(EMAIL_STATUS_LABEL[item.status]) })}
          details={
            <>
              {t("console.orders.timeline.emailTo", { subject: isolate(item.subject), to: isolate(item.to) })}
              {item.lastError ? (
                <span className="block text-red-800">
                  {t("console.orders.emailFailed")}
                  <RawForSupport text={item.lastError} />
                </span>
              ) : null}
            </>
          }
        />
      );
    case "operator":
      return (
        <Line
          title={t("console.orders.timeline.operator")}
          details={
            <>
              <bdi>{t(auditActionLabel(item.action))}</bdi> ·{" "}
              <bdi>{item.operatorEmail ?? t("console.audit.commandLine")}</bdi>
            </>
          }
        />
      );
  }
}
