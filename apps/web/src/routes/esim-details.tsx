import { formatDate } from "@esim/shared/format";
import type { ReactNode } from "react";
import { Link, useParams } from "react-router";
import { DestinationFlag } from "../components/flags/destination-flag.tsx";
import { Alert } from "../components/ui/alert.tsx";
import { Card } from "../components/ui/card.tsx";
import { CodeText } from "../components/ui/code-text.tsx";
import { Disclosure } from "../components/ui/disclosure.tsx";
import { IccidText } from "../components/ui/iccid-text.tsx";
import { Page } from "../components/ui/page.tsx";
import { Spinner } from "../components/ui/spinner.tsx";
import { AutoTopUpSection } from "../features/auto-top-up/components/auto-top-up-section.tsx";
import { ItDoesNotWork } from "../features/claims/components/it-does-not-work.tsx";
import { useEsim } from "../features/esims/api/esims.ts";
import { CancellationSection } from "../features/esims/components/cancellation-section.tsx";
import { DataUsage } from "../features/esims/components/data-usage.tsx";
import { InstallSection } from "../features/esims/components/install-section.tsx";
import { NetworkSettings } from "../features/esims/components/network-settings.tsx";
import { TopUpOffers } from "../features/esims/components/top-up-offers.tsx";
import { ValidityNotStarted } from "../features/esims/components/validity-not-started.tsx";
import { detailsFocus } from "../features/esims/lib/details-focus.ts";
import { STATUS_NAME, statusExplanation } from "../features/esims/lib/status.ts";
import { InvoiceButton } from "../features/orders/components/invoice-button.tsx";
import { PayForMeSection } from "../features/pay-links/components/pay-for-me-section.tsx";
import { WhatsAppButton } from "../features/support/whatsapp/whatsapp-button.tsx";
import { errorMessageId } from "../lib/error-messages.ts";
import { useLanguage, useT } from "../lib/i18n.ts";
import { usePlanText } from "../lib/plan-text.ts";
import { GuidedCheck } from "./components/guided-check.tsx";
import { useDisplayCurrency } from "./hooks/use-display-currency.ts";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * /details/:id: one eSIM, ordered by what its state asks of the traveller (decision 092): before install, installing;
 * in use, data left, topping up and asking someone to pay; a problem, "it doesn't work". The network guide, the
 * technical details and the plans' history are folded below.
 */
export function EsimDetailsRoute() {
  const t = useT();
  const language = useLanguage();
  const { data: planData, validity, name: planName, advice } = usePlanText();
  const { id = "" } = useParams();
  const esim = useEsim(id);
  const currency = useDisplayCurrency();
  const data = esim.data;
  if (esim.isPending || !data) {
    return (
      <Page title={t("screen.details")} hasBack backTo="/esims">
        {esim.isPending ? (
          <div className="grid place-items-center py-16 text-brand-700">
            <Spinner label={t("common.loading")} />
          </div>
        ) : (
          <Alert>{t(errorMessageId(esim.error))}</Alert>
        )}
      </Page>
    );
  }
  const focus = detailsFocus(data);
  const summary = (
    <Card key="summary">
      <div className="flex items-center gap-4">
        <DestinationFlag destination={data.destination} size="lg" />
        <div className="min-w-0">
          <p className="text-lg font-semibold text-slate-900">{data.destination.names[language]}</p>
          <p className="text-slate-700">
            {t("plan.title", {
              data: planData({ ...data.plan, dataType: 1 }),
              validity: validity(data.plan.validityDays),
            })}
          </p>
        </div>
      </div>
      <p className="mt-4 rounded-xl bg-slate-50 px-4 py-3 text-slate-800">
        <span className="font-semibold">{t(STATUS_NAME[data.status])}</span>
        {t("details.statusSeparator")}
        <span>{t(statusExplanation(data.status, data.plan.validityStart))}</span>
      </p>
      {/* Not started: no end date yet, but how long it lasts and when to install it, as its plan says. */}
      {data.expiresAt || data.group !== "available" ? null : (
        <ValidityNotStarted
          advice={advice({ ...data.plan, activateBefore: data.activateBefore })}
          isInstalled={data.isInstalled}
        />
      )}
      <div className="mt-4">
        <DataUsage esim={data} />
      </div>
      <dl className="mt-4 divide-y divide-slate-100 text-sm">
        {data.expiresAt ? (
          <Fact label={t("details.expiresAt")}>{formatDate(data.expiresAt)}</Fact>
        ) : (
          <Fact label={t("plan.validityLabel")}>{validity(data.plan.validityDays)}</Fact>
        )}
        {data.activateBefore ? (
          <Fact label={t("details.activateBefore")}>{formatDate(data.activateBefore)}</Fact>
        ) : null}
      </dl>
    </Card>
  );
  const install = <InstallSection key="install" esimId={data.id} iccid={data.iccid} isInstalled={data.isInstalled} />;
  const topUp = data.canTopUp ? (
    <div key="top-up" className="space-y-4">
      <TopUpOffers esimId={data.id} destinationCode={data.destination.code} currency={currency} />
      <AutoTopUpSection esimId={data.id} destinationCode={data.destination.code} />
    </div>
  ) : null;
  const payForMe = data.canTopUp ? <PayForMeSection key="pay-for-me" esimId={data.id} /> : null;
  const help = (
    <div key="help" className="space-y-4">
      <ItDoesNotWork esimId={data.id} renderCheck={(check) => <GuidedCheck {...check} />} />
      <WhatsAppButton orderNumber={data.orderNumber} className="w-full" />
    </div>
  );
  const cancellation =
    data.group === "available" || data.cancellation.request ? (
      <CancellationSection key="cancellation" esimId={data.id} cancellation={data.cancellation} />
    ) : null;
  const leading = {
    install: [install, summary, help, cancellation, topUp, payForMe],
    in_use: [summary, topUp, payForMe, help, install, cancellation],
    problem: [help, summary, install, cancellation, topUp, payForMe],
    over: [summary, help, cancellation],
  }[focus];
  return (
    <Page title={t("screen.details")} hasBack backTo="/esims">
      <div className="space-y-4">
        {leading}
        <NetworkSettings apn={data.apn} />
        <Disclosure id="technical-details-title" title={t("details.technical")}>
          <dl className="divide-y divide-slate-100 text-sm">
            <Fact label={t("details.iccid")}>
              <IccidText iccid={data.iccid} className="whitespace-nowrap" />
            </Fact>
            <Fact label={t("details.order")}>
              <Link
                to={`/status/${encodeURIComponent(data.orderId)}`}
                className="font-mono text-brand-800 underline underline-offset-2"
              >
                <CodeText>{data.orderNumber}</CodeText>
              </Link>
            </Fact>
          </dl>
          <div className="mt-4">
            <InvoiceButton orderId={data.orderId} orderNumber={data.orderNumber} />
          </div>
        </Disclosure>
        {data.bundles.length > 0 ? (
          <Disclosure id="bundles-title" title={t("details.bundles")}>
            <ul className="divide-y divide-slate-100">
              {data.bundles.map((bundle) => (
                <li key={bundle.id} className="py-3 text-sm">
                  <p className="flex flex-wrap justify-between gap-x-4">
                    <span className="font-semibold text-slate-900">{planName(bundle, data.destination)}</span>
                    <span className="text-slate-600">
                      {t(bundle.kind === "top_up" ? "details.bundleTopUp" : "details.bundleFirst")}
                    </span>
                  </p>
                  <p className="text-slate-600">
                    {t("details.bundleApplied", { date: formatDate(bundle.appliedAt) })}{" "}
                    <Link
                      to={`/status/${encodeURIComponent(bundle.orderId)}`}
                      className="text-brand-800 underline underline-offset-2"
                    >
                      <CodeText>{bundle.orderNumber}</CodeText>
                    </Link>
                  </p>
                </li>
              ))}
            </ul>
          </Disclosure>
        ) : null}
      </div>
    </Page>
  );
}
