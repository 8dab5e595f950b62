import { Money } from "@esim/ui/components";
import { Link } from "react-router";
import { Button, buttonClasses } from "../../../components/ui/button.tsx";
import { CheckCircleIcon, ErrorCircleIcon } from "../../../components/ui/icons.tsx";
import { PaymentPendingPanel, PaymentResultPanel } from "../../../components/ui/payment-callback-view.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { errorMessageId } from "../../../lib/error-messages.ts";
import { useT } from "../../../lib/i18n.ts";
import { useCreditLoad } from "../api/credit-loads.ts";

export const CREDIT_LOAD_PATH = "/account/credit/load";

const ENDED_MESSAGE = {
  failed: "creditLoad.result.failed",
  canceled: "creditLoad.result.canceled",
  expired: "creditLoad.result.expired",
} as const;

/**
 * The gateway's return (`?loadId=`): the load as the server knows it, asked again every 3 s while pending (the
 * server then asks the gateway itself); paid shows what was credited, the new balance and the receipt's number.
 */
export function CreditLoadResult({ loadId }: { loadId: string }) {
  const t = useT();
  const query = useCreditLoad(loadId);
  if (query.isPending) {
    return (
      <PaymentResultPanel icon={<Spinner className="size-8" />} title={t("callback.verifying")}>
        <p role="status" className="mt-2 text-slate-600">
          {t("callback.verifyingMessage")}
        </p>
      </PaymentResultPanel>
    );
  }
  if (query.isError) {
    return (
      <PaymentResultPanel icon={<ErrorCircleIcon className="size-8 text-red-700" />} title={t("callback.errorTitle")}>
        <p role="alert" className="mt-2 text-slate-600">
          {t(errorMessageId(query.error))}
        </p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Button variant="secondary" onClick={() => void query.refetch()} isLoading={query.isFetching}>
            {t("payment.retry")}
          </Button>
        </div>
      </PaymentResultPanel>
    );
  }
  const { load, balanceDzdMinor } = query.data;
  switch (load.status) {
    case "paid":
      return (
        <PaymentResultPanel icon={<CheckCircleIcon className="size-8" />} title={t("creditLoad.result.paidTitle")}>
          <p role="status" className="mt-2 text-slate-600">
            {t("creditLoad.result.paid")}
          </p>
          <dl className="mx-auto mt-6 max-w-sm space-y-3 text-start">
            <div className="flex items-baseline justify-between gap-4">
              <dt className="text-slate-600">{t("creditLoad.result.credited")}</dt>
              <dd className="font-semibold text-slate-900">
                <Money amountMinor={load.amountDzdMinor} currency="DZD" />
              </dd>
            </div>
            <div className="flex items-baseline justify-between gap-4">
              <dt className="text-slate-600">{t("creditLoad.result.balance")}</dt>
              <dd className="text-lg font-bold text-brand-800">
                <Money amountMinor={balanceDzdMinor} currency="DZD" />
              </dd>
            </div>
            <div className="flex items-baseline justify-between gap-4">
              <dt className="text-slate-600">{t("creditLoad.result.receipt")}</dt>
              <dd className="font-mono text-slate-900">
                <bdi>{load.receiptNumber}</bdi>
              </dd>
            </div>
          </dl>
          <p className="mt-4 text-sm text-slate-600">{t("creditLoad.result.receiptHint")}</p>
          <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to="/home" className={buttonClasses("primary")}>
              {t("creditLoad.result.shop")}
            </Link>
            <Link to="/profile" className={buttonClasses("ghost")}>
              {t("nav.profile")}
            </Link>
          </div>
        </PaymentResultPanel>
      );
    case "pending":
      return <PaymentPendingPanel onRefresh={() => void query.refetch()} isRefreshing={query.isFetching} />;
    default:
      return (
        <PaymentResultPanel
          icon={<ErrorCircleIcon className="size-8 text-red-700" />}
          title={t("creditLoad.result.endedTitle")}
        >
          <p role="alert" className="mt-2 text-slate-600">
            {t(ENDED_MESSAGE[load.status])}
          </p>
          <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to={CREDIT_LOAD_PATH} className={buttonClasses("primary")}>
              {t("creditLoad.result.tryAgain")}
            </Link>
          </div>
        </PaymentResultPanel>
      );
  }
}
