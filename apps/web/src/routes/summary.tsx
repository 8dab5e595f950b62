import type { Me } from "@esim/shared/auth/contracts";
import { isBelowMinimumCharge, PAYMENT_METHODS, type PaymentMethod } from "@esim/shared/checkout/contracts";
import { BILLING_COUNTRY_CODES } from "@esim/shared/countries";
import type { FieldErrorCode } from "@esim/shared/errors";
import { formatMoney } from "@esim/shared/money";
import type { OrderStatus } from "@esim/shared/statuses";
import { type FormEvent, useState } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import { TermsAcceptance } from "../components/forms/terms-acceptance.tsx";
import { useFocusFirstInvalid } from "../components/forms/use-focus-first-invalid.ts";
import { Alert } from "../components/ui/alert.tsx";
import { Button, buttonClasses } from "../components/ui/button.tsx";
import { Card } from "../components/ui/card.tsx";
import { Page } from "../components/ui/page.tsx";
import { Spinner } from "../components/ui/spinner.tsx";
import { useSession } from "../features/auth/hooks/use-session.ts";
import { useCheckoutOptions } from "../features/checkout/api/get-checkout-options.ts";
import { useQuote } from "../features/checkout/api/get-quote.ts";
import {
  type BillingErrors,
  BillingFields,
  type BillingValues,
  checkBillingEmail,
  validateBilling,
} from "../features/checkout/components/billing-fields.tsx";
import { DestinationGuard, isResidenceDestination } from "../features/checkout/components/destination-guard.tsx";
import { EmptyCart } from "../features/checkout/components/empty-cart.tsx";
import { MinimumChargeAlert } from "../features/checkout/components/minimum-charge-alert.tsx";
import { OrderLine } from "../features/checkout/components/order-line.tsx";
import { PaymentMethodPicker } from "../features/checkout/components/payment-method-picker.tsx";
import { PaymentModal } from "../features/checkout/components/payment-modal.tsx";
import { QuoteTotals } from "../features/checkout/components/quote-totals.tsx";
import { StoreCreditChoice } from "../features/checkout/components/store-credit-choice.tsx";
import { type Cart, cartSearch, quoteInputOf, readCart } from "../features/checkout/hooks/cart-params.ts";
import { type PlacedCart, readPlacedCart } from "../features/checkout/hooks/placed-cart.ts";
import { type OrderRequest, usePayFlow } from "../features/checkout/hooks/use-pay-flow.ts";
import { usePaymentCanceledNotice } from "../features/checkout/hooks/use-payment-canceled-notice.ts";
import { useOrder } from "../features/orders/api/get-order.ts";
import { useForgetUnusableReferral, useStoredReferral } from "../features/referrals/hooks/use-stored-referral.ts";
import { errorMessageId } from "../lib/error-messages.ts";
import { isolate, isolateLtr, useT } from "../lib/i18n.ts";
import { useDisplayCurrency } from "./hooks/use-display-currency.ts";

/** The form's start: the details given for the order just cancelled at the gateway, else the profile's. */
function initialBilling(user: Me, countries: readonly string[], given: BillingValues | null): BillingValues {
  if (given) return { ...given, email: user.email, country: countries.includes(given.country) ? given.country : "" };
  return {
    email: user.email,
    name: user.name ?? "",
    country: user.country && countries.includes(user.country) ? user.country : "",
    phone: user.phone ?? "",
  };
}

function SummaryContent({
  cart,
  user,
  givenBilling,
  resumedAttempt,
}: {
  cart: Cart;
  user: Me;
  givenBilling: BillingValues | null;
  /** The attempt of this cart's order still awaiting payment (browser Back): a retry answers the same order. */
  resumedAttempt: PlacedCart["attempt"] | null;
}) {
  const t = useT();
  const currency = useDisplayCurrency();
  // Store credit is spent first unless the customer unticks it (decision 064).
  const [useStoreCredit, setUseStoreCredit] = useState(true);
  // A friend's invite from a `?ref=` link (decision 079): priced once it is read from the device.
  const referral = useStoredReferral();
  const quote = useQuote(
    referral === undefined
      ? null
      : { ...quoteInputOf(cart, currency), useStoreCredit, ...(referral ? { referral } : {}) },
  );
  useForgetUnusableReferral(quote.data?.quote);
  const options = useCheckoutOptions();
  const countries = options.data?.billingCountries.length ? options.data.billingCountries : BILLING_COUNTRY_CODES;
  const [billing, setBilling] = useState<BillingValues>(() => initialBilling(user, countries, givenBilling));
  const [errors, setErrors] = useState<BillingErrors>({});
  // Law 18-05: the buyer ticks the terms of sale and privacy policy themselves (decision 073), never pre-ticked.
  const [isTermsAccepted, setIsTermsAccepted] = useState(false);
  const [termsError, setTermsError] = useState<FieldErrorCode | undefined>(undefined);
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const [chosenMethod, setChosenMethod] = useState<PaymentMethod | null>(null);
  const [order, setOrder] = useState<OrderRequest | null>(null);
  const payFlow = usePayFlow(resumedAttempt);

  const methods = options.data?.paymentMethods ?? [];
  const method = chosenMethod && methods.includes(chosenMethod) ? chosenMethod : (methods[0] ?? null);

  if (quote.isPending || options.isPending) {
    return (
      <div className="grid place-items-center py-16 text-brand-700">
        <Spinner label={t("common.loading")} />
      </div>
    );
  }
  if (!quote.data) return <Alert>{t(errorMessageId(quote.error))}</Alert>;
  const { plan, destination } = quote.data;
  const isResidence = isResidenceDestination(destination, [billing.country || null, user.country]);
  // The gateway charges DZD whatever the display currency; nothing to charge needs no gateway at all.
  // What the payer is charged, the gateway's fee included when the shop passes it on (the amount on screen).
  const { chargeDzdMinor, cardChargeDzdMinor, chargeWithFeeDzdMinor, gatewayFee } = quote.data.quote;
  const { storeCreditBalanceDzdMinor, creditAppliedDzdMinor } = quote.data.quote;
  // Nothing left for the card (a 100 % coupon, or store credit covering the rest): no gateway.
  const isFree = cardChargeDzdMinor === 0;
  const isBelowMinimum = isBelowMinimumCharge(quote.data.quote);
  // A free order names no method to the payer; the body still carries one (the gateway's first).
  const orderMethod = isFree ? (method ?? PAYMENT_METHODS[0]) : method;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBelowMinimum) return;
    const { errors: found, phoneE164 } = validateBilling(billing, user.email);
    setErrors(found);
    setTermsError(isTermsAccepted ? undefined : "TERMS_NOT_ACCEPTED");
    if (Object.keys(found).length > 0 || !isTermsAccepted) {
      focusFirstInvalid();
      return;
    }
    if (!phoneE164 || !orderMethod) return;
    const request: OrderRequest = {
      packageId: plan.id,
      quantity: cart.quantity,
      currency,
      ...(cart.couponCode ? { couponCode: cart.couponCode } : {}),
      ...(cart.topUpOf ? { topUpOf: cart.topUpOf } : {}),
      ...(useStoreCredit ? {} : { useStoreCredit: false }),
      ...(referral && quote.data.quote.referral?.isApplied ? { referral } : {}),
      billing: {
        email: billing.email.trim().toLowerCase(),
        name: billing.name.trim(),
        country: billing.country as (typeof BILLING_COUNTRY_CODES)[number],
        phone: phoneE164,
      },
      paymentMethod: orderMethod,
      termsAccepted: true,
    };
    setOrder(request);
    if (isFree) payFlow.confirmFree(request);
    else payFlow.ask();
  };

  return (
    <div className="space-y-4">
      {cart.topUpOf ? null : <DestinationGuard destination={destination} isResidence={isResidence} />}
      <Card>
        <h2 className="mb-3 text-lg font-semibold text-slate-900">{t("summary.order")}</h2>
        <OrderLine plan={plan} destination={destination} isTopUp={cart.topUpOf !== null} />
        {cart.topUpOf ? null : (
          <p className="mt-2 text-sm text-slate-600">{t("summary.quantity", { quantity: cart.quantity })}</p>
        )}
      </Card>
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-4">
        <Card>
          <BillingFields
            values={billing}
            onChange={(field, value) => {
              setBilling((current) => ({ ...current, [field]: value }));
              if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
            }}
            onEmailBlur={() =>
              setErrors((current) => ({ ...current, email: checkBillingEmail(billing.email, user.email) ?? undefined }))
            }
            errors={errors}
            countries={countries}
          />
        </Card>
        {isFree ? null : (
          <Card>
            {methods.length > 0 ? (
              <PaymentMethodPicker methods={methods} value={method} onChange={setChosenMethod} />
            ) : (
              <Alert>{options.error ? t(errorMessageId(options.error)) : t("summary.noMethods")}</Alert>
            )}
          </Card>
        )}
        <Card>
          {storeCreditBalanceDzdMinor > 0 ? (
            <StoreCreditChoice
              balanceDzdMinor={storeCreditBalanceDzdMinor}
              isUsed={useStoreCredit}
              onChange={setUseStoreCredit}
            />
          ) : null}
          <QuoteTotals quote={quote.data.quote} isUpdating={quote.isPlaceholderData} />
          {isBelowMinimum ? (
            <div className="mt-4">
              <MinimumChargeAlert
                minimumChargeDzdMinor={quote.data.quote.minimumChargeDzdMinor}
                isTopUp={cart.topUpOf !== null}
              />
            </div>
          ) : null}
          {isFree ? (
            <p className="mt-4 text-sm text-slate-700">
              {t(creditAppliedDzdMinor > 0 && chargeDzdMinor > 0 ? "summary.creditCoversNote" : "summary.freeNote")}
            </p>
          ) : null}
          <div className="mt-4">
            <TermsAcceptance
              isAccepted={isTermsAccepted}
              onChange={(isAccepted) => {
                setIsTermsAccepted(isAccepted);
                if (isAccepted) setTermsError(undefined);
              }}
              error={termsError}
            />
          </div>
          {Object.values(errors).some(Boolean) || termsError ? (
            <div className="mt-4">
              <Alert>{t("summary.fixErrors")}</Alert>
            </div>
          ) : null}
          {payFlow.state.step === "freeFailed" ? (
            <div className="mt-4">
              <Alert>{t(errorMessageId(payFlow.state.error))}</Alert>
            </div>
          ) : null}
          <Button
            type="submit"
            fullWidth
            className="mt-5"
            disabled={!orderMethod || isBelowMinimum}
            isLoading={payFlow.state.step === "creatingFree"}
          >
            {isFree
              ? t(creditAppliedDzdMinor > 0 ? "summary.confirmWithCredit" : "summary.confirmFree")
              : t("summary.pay", { amount: isolate(formatMoney(chargeWithFeeDzdMinor, "DZD")) })}
          </Button>
        </Card>
      </form>
      <PaymentModal
        state={payFlow.state}
        chargeDzdMinor={payFlow.orderCharge?.chargeDzdMinor ?? chargeWithFeeDzdMinor}
        gatewayFeeDzdMinor={payFlow.orderCharge?.gatewayFeeDzdMinor ?? gatewayFee?.amountDzdMinor ?? 0}
        onContinue={() => {
          if (order) payFlow.pay(order);
        }}
        onCancel={payFlow.cancel}
      />
    </div>
  );
}

/** Orders still to be paid, or ended unpaid: anything else had the payer's money. */
const UNPAID_STATUSES: ReadonlySet<OrderStatus> = new Set(["not_paid", "pending", "rejected"]);

/** Back to the summary of a cart already paid: the order, never a second Pay button for the same cart. */
function PlacedCartPaid({ orderId, orderNumber }: { orderId: string; orderNumber: string }) {
  const t = useT();
  return (
    <Card>
      <div role="status">
        <h2 className="text-lg font-semibold text-slate-900">{t("summary.alreadyPaid")}</h2>
        <p className="mt-2 text-slate-700">{t("summary.alreadyPaidMessage", { number: isolateLtr(orderNumber) })}</p>
      </div>
      <Link to={`/status/${orderId}`} className={buttonClasses("primary", "mt-5 w-full")}>
        {t("summary.seeOrder")}
      </Link>
    </Card>
  );
}

/**
 * /summary: where the eSIM works (wrong-destination guard), billing, payment method, totals, Pay (or, with nothing
 * to charge, confirm the free order). After a payment cancelled on the gateway's page, says so once, calmly. Back to
 * it after the cart was placed and paid shows that order paid, never a live Pay button for the same cart.
 */
export function SummaryRoute() {
  const t = useT();
  const [params] = useSearchParams();
  const { user } = useSession();
  const cart = readCart(params);
  const canceled = usePaymentCanceledNotice();
  // Browser Back to a summary whose cart was placed: its order decides (placed-cart.ts).
  const location = useLocation();
  const placed = readPlacedCart(location.state);
  const placedOrder = useOrder(placed?.orderId ?? null);
  const placedStatus = placedOrder.data?.status;
  const isPlacedLoading = placed !== null && placedOrder.isPending;
  return (
    <Page title={t("screen.summary")} hasBack backTo={cart ? `/cart${cartSearch(cart)}` : "/home"}>
      {canceled.isShown ? (
        <div className="mb-4">
          <Alert tone="info">{t("summary.paymentCanceled")}</Alert>
        </div>
      ) : null}
      {!cart ? (
        <EmptyCart />
      ) : placedOrder.data && placedStatus && !UNPAID_STATUSES.has(placedStatus) ? (
        <PlacedCartPaid orderId={placedOrder.data.id} orderNumber={placedOrder.data.number} />
      ) : user && !isPlacedLoading ? (
        <SummaryContent
          cart={cart}
          user={user}
          givenBilling={canceled.billing}
          resumedAttempt={placed && placedStatus !== "rejected" ? placed.attempt : null}
        />
      ) : (
        <div className="grid place-items-center py-16 text-brand-700">
          <Spinner label={t("common.loading")} />
        </div>
      )}
    </Page>
  );
}
