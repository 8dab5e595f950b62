import { isBelowMinimumCharge } from "@esim/shared/checkout/contracts";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Alert } from "../components/ui/alert.tsx";
import { buttonClasses } from "../components/ui/button.tsx";
import { Card } from "../components/ui/card.tsx";
import { Page } from "../components/ui/page.tsx";
import { Spinner } from "../components/ui/spinner.tsx";
import { EmptyCart } from "../features/checkout/components/empty-cart.tsx";
import {
  HeldCouponActions,
  heldCouponMessage,
  holdingOrderOf,
} from "../features/checkout/components/held-coupon-actions.tsx";
import { MinimumChargeAlert } from "../features/checkout/components/minimum-charge-alert.tsx";
import { OrderLine } from "../features/checkout/components/order-line.tsx";
import { PromoCodeField } from "../features/checkout/components/promo-code-field.tsx";
import { QuantityStepper } from "../features/checkout/components/quantity-stepper.tsx";
import { QuoteTotals } from "../features/checkout/components/quote-totals.tsx";
import { type Cart, cartSearch, readCart } from "../features/checkout/hooks/cart-params.ts";
import { useCartQuote } from "../features/checkout/hooks/use-cart-quote.ts";
import { InviteBanner } from "../features/referrals/components/invite-banner.tsx";
import { useForgetUnusableReferral, useStoredReferral } from "../features/referrals/hooks/use-stored-referral.ts";
import { errorMessageId, fieldOrErrorMessageId } from "../lib/error-messages.ts";
import { useT } from "../lib/i18n.ts";
import { useDisplayCurrency } from "./hooks/use-display-currency.ts";

function CartContent({ cart, onCartChange }: { cart: Cart; onCartChange: (cart: Cart) => void }) {
  const t = useT();
  const navigate = useNavigate();
  const currency = useDisplayCurrency();
  const referral = useStoredReferral();
  const { quote, promoInput, setPromoInput, couponError, isApplying, apply, remove } = useCartQuote(
    cart,
    currency,
    onCartChange,
    referral,
  );
  useForgetUnusableReferral(quote.data?.quote);
  const data = quote.data;
  const holdingOrder = holdingOrderOf(couponError);

  if (quote.isPending) {
    return (
      <div className="grid place-items-center py-16 text-brand-700">
        <Spinner label={t("common.loading")} />
      </div>
    );
  }
  if (!data) return <Alert>{t(errorMessageId(quote.error))}</Alert>;
  const isBelowMinimum = isBelowMinimumCharge(data.quote);

  return (
    <div className="space-y-4">
      {referral && data.quote.referral?.isApplied ? <InviteBanner code={referral.code} /> : null}
      <Card>
        <OrderLine plan={data.plan} destination={data.destination} isTopUp={cart.topUpOf !== null} />
        <Link
          to={
            cart.topUpOf
              ? `/details/${encodeURIComponent(cart.topUpOf)}`
              : `/packages/${encodeURIComponent(data.destination.code)}`
          }
          className="mt-3 inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline-offset-4 hover:underline"
        >
          {t("cart.changePlan")}
        </Link>
        {cart.topUpOf ? null : (
          <div className="mt-4 border-t border-slate-100 pt-4">
            <QuantityStepper value={cart.quantity} onChange={(quantity) => onCartChange({ ...cart, quantity })} />
          </div>
        )}
      </Card>
      <Card>
        <PromoCodeField
          value={promoInput}
          onChange={setPromoInput}
          appliedCode={cart.couponCode ? (data.quote.coupon?.code ?? cart.couponCode) : null}
          onApply={apply}
          onRemove={remove}
          isApplying={isApplying}
          error={
            holdingOrder
              ? heldCouponMessage(t, holdingOrder)
              : couponError
                ? t(fieldOrErrorMessageId(couponError, "code"))
                : null
          }
          errorActions={holdingOrder ? <HeldCouponActions order={holdingOrder} /> : null}
        />
      </Card>
      <Card>
        <QuoteTotals quote={data.quote} isUpdating={quote.isPlaceholderData} />
        {isBelowMinimum ? (
          <div className="mt-4">
            <MinimumChargeAlert
              minimumChargeDzdMinor={data.quote.minimumChargeDzdMinor}
              isTopUp={cart.topUpOf !== null}
            />
          </div>
        ) : null}
        <button
          type="button"
          className={buttonClasses("primary", "mt-5 w-full")}
          disabled={quote.isPlaceholderData || isBelowMinimum}
          onClick={() => navigate(`/summary${cartSearch(cart)}`)}
        >
          {t("cart.continue")}
        </button>
      </Card>
    </div>
  );
}

/**
 * /cart?plan=&destination=&quantity=&coupon=: the plan, quantity, promo code and the server's quote. With
 * `&topUpOf=<eSIM id>` it is a top-up of that eSIM: one package, reached from and going back to /details.
 */
export function CartRoute() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const cart = readCart(params);
  const backTo = cart?.topUpOf
    ? `/details/${encodeURIComponent(cart.topUpOf)}`
    : cart?.destinationCode
      ? `/packages/${encodeURIComponent(cart.destinationCode)}`
      : "/home";
  return (
    <Page title={t("screen.cart")} hasBack backTo={backTo}>
      {cart ? (
        <CartContent
          cart={cart}
          onCartChange={(next) => setParams(new URLSearchParams(cartSearch(next)), { replace: true })}
        />
      ) : (
        <EmptyCart />
      )}
    </Page>
  );
}
