import type { ReactNode } from "react";
import { Link } from "react-router";
import { useT } from "../../lib/i18n.ts";
import { Button, buttonClasses } from "./button.tsx";
import { Card } from "./card.tsx";
import { ErrorCircleIcon, RefreshIcon } from "./icons.tsx";
import { Spinner } from "./spinner.tsx";

/** The callback page's states: verifying, success, error, pending. */
export type CallbackState = "verifying" | "success" | "error" | "pending";

/** A payment's result as the payer reads it on return from the gateway: an icon, a title and what follows. */
export function PaymentResultPanel({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
}) {
  return (
    <Card className="text-center sm:p-10">
      <div className="mx-auto grid size-16 place-items-center rounded-full bg-brand-50 text-brand-700">{icon}</div>
      <h2 className="mt-5 text-xl font-semibold text-slate-900">{title}</h2>
      {children}
    </Card>
  );
}

/** The payment check's page: its heading and the panel of its state (/payment-callback, and /success or /failure
 * while they ask the server). */
export function PaymentCallbackView(props: PaymentCallbackViewProps) {
  const t = useT();
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-10">
      <h1 className="mb-6 text-2xl font-bold tracking-tight text-slate-900">{t("screen.paymentCallback")}</h1>
      <PaymentCallbackPanel {...props} />
    </div>
  );
}

interface PaymentCallbackViewProps {
  state: CallbackState;
  /** The payment's order once known: while the payment waits, the payer can go back to it (pay later, or cancel). */
  orderId?: string | null;
  errorMessage?: string;
  onRefresh: () => void;
  isRefreshing: boolean;
}

function PaymentCallbackPanel({ state, orderId, errorMessage, onRefresh, isRefreshing }: PaymentCallbackViewProps) {
  const t = useT();
  switch (state) {
    case "verifying":
    case "success":
      return (
        <PaymentResultPanel icon={<Spinner className="size-8" />} title={t("callback.verifying")}>
          <p role="status" className="mt-2 text-slate-600">
            {state === "success" ? t("callback.confirmed") : t("callback.verifyingMessage")}
          </p>
        </PaymentResultPanel>
      );
    case "pending":
      return (
        <PaymentPendingPanel
          onRefresh={onRefresh}
          isRefreshing={isRefreshing}
          link={
            orderId ? (
              <Link to={`/status/${orderId}`} className={buttonClasses("ghost")}>
                {t("callback.backToOrder")}
              </Link>
            ) : null
          }
          hint={orderId ? <p className="mt-4 text-sm text-slate-600">{t("callback.backToOrderHint")}</p> : null}
        />
      );
    case "error":
      return (
        <PaymentResultPanel icon={<ErrorCircleIcon className="size-8 text-red-700" />} title={t("callback.errorTitle")}>
          <p role="alert" className="mt-2 text-slate-600">
            {errorMessage}
          </p>
          <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
            <Button variant="secondary" onClick={onRefresh} isLoading={isRefreshing}>
              {t("payment.retry")}
            </Button>
            <Link to="/home" className={buttonClasses("ghost")}>
              {t("comingSoon.backHome")}
            </Link>
          </div>
        </PaymentResultPanel>
      );
  }
}

/**
 * A payment the gateway has not settled yet (an order's or a store credit load's): says so and asks again on demand.
 * `link` stands beside the button, `hint` under it.
 */
export function PaymentPendingPanel({
  onRefresh,
  isRefreshing,
  link,
  hint,
}: {
  onRefresh: () => void;
  isRefreshing: boolean;
  link?: ReactNode;
  hint?: ReactNode;
}) {
  const t = useT();
  return (
    <PaymentResultPanel icon={<Spinner className="size-8" />} title={t("callback.pendingTitle")}>
      <p role="status" className="mt-2 text-slate-600">
        {t("callback.pending")}
      </p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <Button variant="secondary" onClick={onRefresh} isLoading={isRefreshing}>
          {isRefreshing ? null : <RefreshIcon className="size-5" />}
          {t("callback.refresh")}
        </Button>
        {link}
      </div>
      {hint}
    </PaymentResultPanel>
  );
}
