import { Link } from "react-router";
import { ApiError } from "../../../lib/api-client.ts";
import { isolateLtr, type Translate, useT } from "../../../lib/i18n.ts";

interface HoldingOrder {
  orderId: string;
  orderNumber: string;
}

/** The unpaid order holding the refused promo code, as the server named it; null for any other refusal. */
export function holdingOrderOf(error: unknown): HoldingOrder | null {
  if (!(error instanceof ApiError) || error.code !== "COUPON_HELD_BY_UNPAID_ORDER") return null;
  const { orderId, orderNumber } = error.details;
  return orderId && orderNumber ? { orderId, orderNumber } : null;
}

/** "Held by your order ES26-…, awaiting payment": the refusal naming the order. */
export function heldCouponMessage(t: Translate, order: HoldingOrder): string {
  return t("cart.couponHeld.message", { number: isolateLtr(order.orderNumber) });
}

/** The ways out of a promo code held by an unpaid order: its status page, where it is paid or cancelled. */
export function HeldCouponActions({ order }: { order: HoldingOrder }) {
  const t = useT();
  const to = `/status/${encodeURIComponent(order.orderId)}`;
  const linkClass =
    "inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline-offset-4 hover:underline";
  return (
    <div className="flex flex-wrap gap-x-4">
      <Link to={to} className={linkClass}>
        {t("cart.couponHeld.pay", { number: isolateLtr(order.orderNumber) })}
      </Link>
      <Link to={to} className={linkClass}>
        {t("cart.couponHeld.cancel")}
      </Link>
    </div>
  );
}
