import { isolate } from "@esim/shared/bidi";
import type { PaymentMethod } from "@esim/shared/checkout/contracts";
import { formatMoney } from "@esim/shared/money";
import { LINK_CLASSES } from "../components/link.tsx";
import { type MessageId, useLanguage, useT } from "../i18n.ts";
import { legalPath } from "../layout/site-footer.tsx";
import { PAYMENT_METHOD_NAME } from "../status-labels.ts";

/** What a pay-for-me link's public page shows (decision 077): never the traveller's email, phone, ICCID or codes. */
export interface PayLinkView {
  state: "waiting" | "paid" | "expired" | "revoked";
  /** The gateway's return: "failure" says the payment did not go through, and the form is offered again. */
  returned: "success" | "failure" | null;
  /** The traveller's first name only ("" when they gave none). */
  travellerFirstName: string;
  destinationName: string;
  /** "5 Go · 30 jours". */
  planTitle: string;
  /** The eSIM a top-up goes onto, by its label; null for a new eSIM. */
  esimLabel: string | null;
  amountDzdMinor: number;
  expiresAt: string;
  methods: readonly PaymentMethod[];
  /** Where the form posts (the API), which redirects to the gateway. */
  action: string;
  /** A refusal's message id (error.CODE), shown above the form. */
  errorId: MessageId | null;
}

/** Back from the gateway, whose word has not come: no second payment is offered while it is awaited. */
export function isConfirmingPayment(view: Pick<PayLinkView, "state" | "returned">): boolean {
  return view.state === "waiting" && view.returned === "success";
}

const BUTTON_CLASSES =
  "inline-flex min-h-12 w-full items-center justify-center rounded-xl bg-brand-700 px-5 text-base font-semibold text-white hover:bg-brand-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

/** The relative's page: who asks, for what, how much, and a plain form to pay with the gateway's methods. */
export function PayLinkMain({ view }: { view: PayLinkView }) {
  const t = useT();
  const language = useLanguage();
  const who = view.travellerFirstName || t("payLink.page.someone");
  const amount = formatMoney(view.amountDzdMinor, "DZD");
  return (
    <div className="mx-auto max-w-lg">
      <h1 className="text-2xl font-bold">{t("payLink.page.heading", { name: who })}</h1>
      <section
        aria-labelledby="pay-link-what"
        className="mt-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      >
        <h2 id="pay-link-what" className="text-lg font-semibold">
          {t(view.esimLabel ? "payLink.page.forTopUp" : "payLink.page.forNewEsim", {
            destination: view.destinationName,
          })}
        </h2>
        <dl className="mt-3 space-y-2 text-slate-800">
          <div className="flex flex-wrap justify-between gap-2">
            <dt className="text-slate-600">{t("payLink.page.plan")}</dt>
            <dd className="font-medium">
              <bdi>{view.planTitle}</bdi>
            </dd>
          </div>
          {view.esimLabel ? (
            <div className="flex flex-wrap justify-between gap-2">
              <dt className="text-slate-600">{t("payLink.page.onto")}</dt>
              <dd className="font-medium">
                <bdi>{view.esimLabel}</bdi>
              </dd>
            </div>
          ) : null}
          <div className="flex flex-wrap justify-between gap-2 border-t border-slate-200 pt-2">
            <dt className="text-slate-600">
              {t(view.state === "paid" ? "payLink.page.amountPaid" : "payLink.page.amount")}
            </dt>
            <dd className="text-xl font-bold">
              <bdi>{amount}</bdi>
            </dd>
          </div>
        </dl>
      </section>
      <PayLinkState view={view} who={who} />
      {view.state === "waiting" && !isConfirmingPayment(view) ? (
        <form method="post" action={view.action} className="mt-5 space-y-4">
          {view.errorId || view.returned === "failure" ? (
            <p role="alert" className="rounded-xl bg-red-50 p-3 text-red-800 ring-1 ring-red-200">
              {t(view.errorId ?? "payLink.page.notPaid")}
            </p>
          ) : null}
          <fieldset>
            <legend className="font-semibold">{t("payLink.page.method")}</legend>
            <div className="mt-2 space-y-2">
              {view.methods.map((method, index) => (
                <label
                  key={method}
                  className="flex min-h-12 items-center gap-3 rounded-xl bg-white px-4 ring-1 ring-slate-300 has-checked:ring-2 has-checked:ring-brand-700"
                >
                  <input type="radio" name="method" value={method} required defaultChecked={index === 0} />
                  <span>{t(PAYMENT_METHOD_NAME[method])}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <div>
            <label htmlFor="payer-email" className="font-semibold">
              {t("payLink.page.email")}
            </label>
            <p id="payer-email-hint" className="text-sm text-slate-600">
              {t("payLink.page.emailHint")}
            </p>
            <input
              id="payer-email"
              name="email"
              type="email"
              autoComplete="email"
              dir="ltr"
              aria-describedby="payer-email-hint"
              className="mt-1 min-h-12 w-full rounded-xl px-3 text-start ring-1 ring-slate-300"
            />
          </div>
          <label className="flex items-start gap-3">
            <input type="checkbox" name="terms" value="accepted" required className="mt-1" />
            <span>
              {t("terms.accept")}{" "}
              <a href={legalPath(language, "terms")} className={LINK_CLASSES}>
                {t("terms.readTerms")}
              </a>
              {" · "}
              <a href={legalPath(language, "privacy")} className={LINK_CLASSES}>
                {t("terms.readPrivacy")}
              </a>
            </span>
          </label>
          <button type="submit" className={BUTTON_CLASSES}>
            {t("payLink.page.pay", { amount: isolate(amount) })}
          </button>
          <p className="text-sm text-slate-600">{t("payLink.page.privacy", { name: who })}</p>
        </form>
      ) : null}
    </div>
  );
}

function PayLinkState({ view, who }: { view: PayLinkView; who: string }) {
  const t = useT();
  if (view.state === "paid") {
    return (
      <p
        role="status"
        className="mt-5 rounded-xl bg-emerald-50 p-4 font-semibold text-emerald-900 ring-1 ring-emerald-200"
      >
        {t("payLink.page.paid", { name: who })}
      </p>
    );
  }
  if (view.state === "expired" || view.state === "revoked") {
    return (
      <p role="alert" className="mt-5 rounded-xl bg-amber-50 p-4 text-amber-900 ring-1 ring-amber-200">
        {t(view.state === "expired" ? "error.PAY_LINK_EXPIRED" : "error.PAY_LINK_REVOKED")}
      </p>
    );
  }
  if (isConfirmingPayment(view)) {
    return (
      <p role="status" className="mt-5 rounded-xl bg-sky-50 p-4 text-sky-900 ring-1 ring-sky-200">
        {t("payLink.page.confirming")}
      </p>
    );
  }
  return null;
}

/** A page instead of a link: none has this address, or this connection opened too many (decision 077). */
export function PayLinkNoticeMain({ kind }: { kind: "notFound" | "busy" }) {
  const t = useT();
  return (
    <div className="mx-auto max-w-lg">
      <h1 className="text-2xl font-bold">
        {t(kind === "notFound" ? "payLink.notFound.heading" : "payLink.busy.heading")}
      </h1>
      <p className="mt-2 text-slate-700">{t(kind === "notFound" ? "payLink.notFound.text" : "payLink.busy.text")}</p>
    </div>
  );
}
