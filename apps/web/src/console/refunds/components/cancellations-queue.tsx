import type { CancellationQueueItem, RefundQueueItem } from "@esim/shared/console/refunds-contract";
import type { Language } from "@esim/shared/locale";
import { ESIM_STATUS_NAME } from "@esim/ui/status-labels";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { IccidText } from "../../../components/ui/iccid-text.tsx";
import { errorMessageId } from "../../../lib/error-messages.ts";
import { CancellationDecisionDialog } from "../../components/cancellation-decision-dialog.tsx";
import { ATTENTION_LABEL } from "../../components/order-labels.ts";
import { RawForSupport } from "../../components/raw-for-support.tsx";
import { type ConsoleFormatters, consoleFormatters } from "../../lib/format.ts";
import { type MessageId, useLanguage, useT } from "../../lib/i18n.ts";
import { cancellationQueueQuery, type QueueDecision, useQueueDecision } from "../api/cancellations.ts";

const CARD = "rounded-2xl bg-white p-4 ring-1 ring-slate-200";

/** The decision being confirmed, with what the dialog shows. */
interface PendingDecision {
  kind: QueueDecision["kind"];
  decision: QueueDecision["decision"];
  id: string;
  title: string;
  effect: string;
  language: Language;
}

const DONE_TEXT: Record<QueueDecision["kind"], Record<QueueDecision["decision"], MessageId>> = {
  cancellation: { approve: "console.cancellations.approved", refuse: "console.cancellations.refused" },
  refund: { approve: "console.cancellations.refundApproved", refuse: "console.cancellations.refundRefused" },
};

function Section({
  title,
  count,
  hint,
  children,
}: {
  title: string;
  count: number;
  hint?: string;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <section aria-label={title} className="space-y-3">
      <h2 className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <span>{title}</span>
        <span className="rounded-full bg-slate-200 px-2.5 py-0.5 text-sm font-semibold text-slate-800">{count}</span>
      </h2>
      {hint ? <p className="text-sm text-slate-600">{hint}</p> : null}
      {count === 0 ? <p className="text-sm text-slate-600">{t("console.cancellations.empty")}</p> : children}
    </section>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold text-slate-500">{label}</dt>
      <dd className="break-words text-sm text-slate-900">{children}</dd>
    </div>
  );
}

function OrderLink({ number }: { number: string }) {
  return (
    <Link
      to={`/admin/orders/${encodeURIComponent(number)}`}
      className="font-mono font-semibold text-brand-800 underline underline-offset-2"
    >
      <bdi>{number}</bdi>
    </Link>
  );
}

function CustomerEmail({ email }: { email: string | null }) {
  const t = useT();
  return email ? <bdi dir="ltr">{email}</bdi> : <span>{t("console.cancellations.deletedAccount")}</span>;
}

function CancellationCard(props: {
  item: CancellationQueueItem;
  format: ConsoleFormatters;
  onDecide: (decision: QueueDecision["decision"]) => void;
}) {
  const t = useT();
  const { item, format } = props;
  return (
    <li className={CARD}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="text-base">
          <OrderLink number={item.orderNumber} />
        </p>
        <p className="text-sm font-semibold text-amber-800">
          {t("console.cancellations.age", { age: format.age(item.ageMinutes) })}
        </p>
      </div>
      <dl className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Field label={t("console.cancellations.iccid")}>
          <IccidText iccid={item.iccid} />
        </Field>
        <Field label={t("console.cancellations.customer")}>
          <CustomerEmail email={item.email} />
        </Field>
        <Field label={t("console.cancellations.language")}>
          {t(`console.cancellations.languageName.${item.language}`)}
        </Field>
        <Field label={t("console.cancellations.refund")}>
          <bdi className="font-semibold">{format.dzd(item.refundDzdMinor)}</bdi>
        </Field>
      </dl>
      <p className="mt-3 text-sm text-slate-700">
        {t("console.cancellations.requestedAt", { time: format.dateTime(item.requestedAt) })}
        {item.windowEndsAt ? (
          <>
            {" · "}
            {t("console.cancellations.windowEnds", { time: format.dateTime(item.windowEndsAt) })}
          </>
        ) : null}
      </p>
      <p className={`mt-2 text-sm ${item.esimStatus === "New" ? "text-slate-700" : "font-semibold text-red-700"}`}>
        {t("console.cancellations.esimState", { status: t(ESIM_STATUS_NAME[item.esimStatus]) })}
        {item.esimStatus === "New" ? null : ` · ${t("console.cancellations.installedSince")}`}
      </p>
      {item.customerReason ? (
        <p className="mt-2 rounded-xl bg-slate-50 p-3 text-sm text-slate-800">
          <span className="font-semibold">{t("console.cancellations.customerReason")}</span>{" "}
          <bdi>{item.customerReason}</bdi>
        </p>
      ) : null}
      <DecisionButtons
        approveLabel={t("console.cancellations.approve")}
        refuseLabel={t("console.cancellations.refuse")}
        approveName={t("console.cancellations.approveNamed", { number: item.orderNumber })}
        refuseName={t("console.cancellations.refuseNamed", { number: item.orderNumber })}
        onDecide={props.onDecide}
      />
    </li>
  );
}

function DecisionButtons(props: {
  approveLabel: string;
  refuseLabel: string;
  approveName: string;
  refuseName: string;
  onDecide: (decision: QueueDecision["decision"]) => void;
}) {
  return (
    <div className="mt-4 flex flex-wrap gap-2">
      <Button
        className="min-h-11 px-4 text-sm"
        aria-label={props.approveName}
        onClick={() => props.onDecide("approve")}
      >
        {props.approveLabel}
      </Button>
      <Button
        variant="secondary"
        className="min-h-11 px-4 text-sm"
        aria-label={props.refuseName}
        onClick={() => props.onDecide("refuse")}
      >
        {props.refuseLabel}
      </Button>
    </div>
  );
}

function RefundCard(props: {
  item: RefundQueueItem;
  format: ConsoleFormatters;
  onDecide?: (decision: QueueDecision["decision"]) => void;
}) {
  const t = useT();
  const { item, format } = props;
  return (
    <li className={CARD}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="text-base">
          <OrderLink number={item.orderNumber} />
        </p>
        <p className={`text-sm font-semibold ${item.isOverdue ? "text-red-700" : "text-amber-800"}`}>
          {item.isOverdue ? `${t("console.cancellations.overdue")} · ` : null}
          {t("console.cancellations.age", { age: format.age(item.ageMinutes) })}
        </p>
      </div>
      <dl className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Field label={t("console.cancellations.customer")}>
          <CustomerEmail email={item.email} />
        </Field>
        <Field label={t("console.cancellations.language")}>
          {t(`console.cancellations.languageName.${item.language}`)}
        </Field>
        <Field label={t("console.cancellations.refund")}>
          <bdi className="font-semibold">{format.dzd(item.amountDzdMinor)}</bdi>
        </Field>
        <Field label={t("console.cancellations.deadlineLabel")}>
          <span className={item.isOverdue ? "font-semibold text-red-700" : ""}>{format.dateTime(item.deadline)}</span>
        </Field>
      </dl>
      <p className="mt-3 text-sm text-slate-700">
        {t("console.cancellations.since", { time: format.dateTime(item.since) })}
      </p>
      {item.attentionKind || item.attentionReason ? (
        <div className="mt-2 rounded-xl bg-slate-50 p-3 text-sm text-slate-800">
          <span className="font-semibold">{t("console.cancellations.failureReason")}</span>{" "}
          {t(item.attentionKind ? ATTENTION_LABEL[item.attentionKind] : "console.orders.lastErrorSummary")}
          {item.attentionReason ? <RawForSupport text={item.attentionReason} /> : null}
        </div>
      ) : null}
      {props.onDecide ? (
        <DecisionButtons
          approveLabel={t("console.cancellations.refundAction")}
          refuseLabel={t("console.cancellations.keepAction")}
          approveName={t("console.cancellations.refundNamed", { number: item.orderNumber })}
          refuseName={t("console.cancellations.keepNamed", { number: item.orderNumber })}
          onDecide={props.onDecide}
        />
      ) : null}
    </li>
  );
}

/**
 * The queue of decisions owed to customers: 24-hour cancellation requests, failed deliveries (refund or keep
 * delivering) and the refunds to make, each with its age and deadline. Every decision asks for the words the customer
 * reads in their own language.
 */
export function CancellationsQueue() {
  const t = useT();
  const format = consoleFormatters(useLanguage());
  const queue = useQuery(cancellationQueueQuery());
  const decide = useQueueDecision();
  const [pending, setPending] = useState<PendingDecision | null>(null);
  const [done, setDone] = useState<MessageId | null>(null);

  if (queue.error) return <Alert>{t(errorMessageId(queue.error))}</Alert>;
  if (!queue.data) return <p className="text-slate-600">{t("common.loading")}</p>;
  const { cancellations, refundsToDecide, refundsOwed } = queue.data;

  const open = (next: PendingDecision) => {
    decide.reset();
    setDone(null);
    setPending(next);
  };

  const openCancellation = (item: CancellationQueueItem, decision: QueueDecision["decision"]) =>
    open({
      kind: "cancellation",
      decision,
      id: item.id,
      language: item.language,
      title: t(decision === "approve" ? "console.cancellations.approveTitle" : "console.cancellations.refuseTitle", {
        number: item.orderNumber,
      }),
      effect:
        decision === "approve"
          ? t("console.cancellations.approveEffect", { amount: format.dzd(item.refundDzdMinor) })
          : t("console.cancellations.refuseEffect"),
    });

  const openRefund = (item: RefundQueueItem, decision: QueueDecision["decision"]) =>
    open({
      kind: "refund",
      decision,
      id: item.orderId,
      language: item.language,
      title: t(decision === "approve" ? "console.cancellations.refundTitle" : "console.cancellations.keepTitle", {
        number: item.orderNumber,
      }),
      effect:
        decision === "approve"
          ? t("console.cancellations.refundEffect", { amount: format.dzd(item.amountDzdMinor) })
          : t("console.cancellations.keepEffect"),
    });

  return (
    <div className="space-y-8">
      <p className="text-sm text-slate-700">{t("console.cancellations.intro")}</p>
      {done ? (
        <p role="status" className="rounded-xl bg-emerald-50 p-3 text-sm font-semibold text-emerald-800">
          {t(done)}
        </p>
      ) : null}
      <Section title={t("console.cancellations.requests")} count={cancellations.length}>
        <ul className="space-y-3">
          {cancellations.map((item) => (
            <CancellationCard
              key={item.id}
              item={item}
              format={format}
              onDecide={(decision) => openCancellation(item, decision)}
            />
          ))}
        </ul>
      </Section>
      <Section title={t("console.cancellations.failures")} count={refundsToDecide.length}>
        <ul className="space-y-3">
          {refundsToDecide.map((item) => (
            <RefundCard
              key={item.orderId}
              item={item}
              format={format}
              onDecide={(decision) => openRefund(item, decision)}
            />
          ))}
        </ul>
      </Section>
      <Section
        title={t("console.cancellations.owed")}
        count={refundsOwed.length}
        hint={t("console.cancellations.owedHint")}
      >
        <ul className="space-y-3">
          {refundsOwed.map((item) => (
            <RefundCard key={item.orderId} item={item} format={format} />
          ))}
        </ul>
      </Section>
      {pending ? (
        <CancellationDecisionDialog
          key={`${pending.kind}:${pending.decision}:${pending.id}`}
          open
          onOpenChange={(isOpen) => {
            if (!isOpen) setPending(null);
          }}
          title={pending.title}
          effect={pending.effect}
          customerLanguage={pending.language}
          isSending={decide.isPending}
          error={decide.error}
          onConfirm={(reason) => {
            if (decide.isPending) return;
            decide.mutate(
              { kind: pending.kind, decision: pending.decision, id: pending.id, reason },
              {
                onSuccess: () => {
                  setDone(DONE_TEXT[pending.kind][pending.decision]);
                  setPending(null);
                },
              },
            );
          }}
        />
      ) : null}
    </div>
  );
}
