import type { ErrorCode } from "@esim/shared/errors";
import type { Currency } from "@esim/shared/locale";
import type { ReferralInput } from "@esim/shared/referrals/contracts";
import { useEffect, useRef, useState } from "react";
import { ApiError } from "../../../lib/api-client.ts";
import { readPromoCode, removePromoCode, writePromoCode } from "../../../lib/storage.ts";
import { useCheckCoupon } from "../api/check-coupon.ts";
import { type QuoteInput, useQuote } from "../api/get-quote.ts";
import { type Cart, quoteInputOf } from "./cart-params.ts";

const isCouponError = (error: unknown): error is ApiError =>
  error instanceof ApiError && (error.code.startsWith("COUPON_") || error.code === "VALIDATION_FAILED");

/**
 * Refusals that no later cart will change. The others (not yet active, minimum order, another plan, a total under
 * the gateway's minimum) may pass on another day or cart, so the code stays stored.
 */
const COUPON_REFUSED_FOR_GOOD: ReadonlySet<ErrorCode> = new Set([
  "COUPON_USAGE_LIMIT_REACHED",
  "COUPON_EXPIRED",
  "COUPON_ALREADY_USED",
  "COUPON_INVALID",
  "COUPON_BLOCKED",
]);

/**
 * Forgets the stored PROMO_CODE when it is `code` and was refused for good, so later carts do not offer it with
 * its error again. Call once the refusal is on screen; another code typed in the cart leaves the stored one.
 */
async function forgetRefusedPromoCode(code: string, error: unknown): Promise<void> {
  if (!(error instanceof ApiError) || !COUPON_REFUSED_FOR_GOOD.has(error.code)) return;
  if ((await readPromoCode()) === code.trim().toUpperCase()) await removePromoCode();
}

/**
 * The cart's server quote and its promo code. The field starts with the stored PROMO_CODE, which is applied
 * once on arrival; an applied code lives in the cart (the address) so the summary prices the same order, as does the
 * invite, read from the device by both.
 */
export function useCartQuote(
  cart: Cart,
  currency: Currency,
  onCartChange: (cart: Cart) => void,
  /**
   * The friend's invite kept on the device (undefined while it is read): priced here as at the summary, so the cart's
   * total is the one charged (decision 079).
   */
  referral: ReferralInput | null | undefined,
) {
  const [promoInput, setPromoInput] = useState(cart.couponCode ?? "");
  const [couponError, setCouponError] = useState<unknown>(null);
  const checkCoupon = useCheckCoupon();
  const withReferral = (input: QuoteInput): QuoteInput => (referral ? { ...input, referral } : input);
  const quote = useQuote(referral === undefined ? null : withReferral(quoteInputOf(cart, currency)));
  const latest = useRef({ cart, onCartChange });
  latest.current = { cart, onCartChange };

  const apply = (code: string) => {
    setCouponError(null);
    checkCoupon.mutate(
      { ...withReferral(quoteInputOf({ ...cart, couponCode: null }, currency)), code },
      {
        onSuccess: (data) => {
          const applied = data.quote.coupon?.code ?? code;
          void writePromoCode(applied);
          latest.current.onCartChange({ ...latest.current.cart, couponCode: applied });
        },
        onError: (error) => {
          setCouponError(error);
          void forgetRefusedPromoCode(code, error);
        },
      },
    );
  };

  const remove = () => {
    setCouponError(null);
    setPromoInput("");
    void removePromoCode();
    onCartChange({ ...cart, couponCode: null });
  };

  // A link with ?promo= stored a code: offer it and apply it once.
  const hasTriedStored = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once on arrival, with the cart of that moment.
  useEffect(() => {
    if (hasTriedStored.current || cart.couponCode) return;
    hasTriedStored.current = true;
    void readPromoCode().then((stored) => {
      if (!stored) return;
      setPromoInput(stored);
      apply(stored);
    });
  }, []);

  // The coupon no longer fits the cart (a smaller quantity under its minimum): drop it and say why.
  useEffect(() => {
    if (cart.couponCode && isCouponError(quote.error)) {
      setCouponError(quote.error);
      void forgetRefusedPromoCode(cart.couponCode, quote.error);
      latest.current.onCartChange({ ...latest.current.cart, couponCode: null });
    }
  }, [quote.error, cart.couponCode]);

  return {
    quote,
    promoInput,
    setPromoInput,
    couponError,
    isApplying: checkCoupon.isPending,
    apply,
    remove,
  };
}
