import type { OrderStatus, PaymentStatus } from "@esim/shared/statuses";
import { useMemo } from "react";
import { cartOfOrder, cartSearch } from "../../features/checkout/hooks/cart-params.ts";
import {
  type PaymentCanceledState,
  paymentCanceledState,
} from "../../features/checkout/hooks/use-payment-canceled-notice.ts";
import { useOrder } from "../../features/orders/api/get-order.ts";
import { type ResultPath, resultPathOf } from "../../features/payments/payment-result-path.ts";

export interface PaymentDestination {
  path: ResultPath;
  /** The address to open there. */
  to: string;
  /** The history state to open it with. */
  state?: PaymentCanceledState;
}

/**
 * Where the page of a payment the server has answered for leads (resultPathOf), with the address: `path` followed
 * by `query` for the result pages and the callback page; for a payment cancelled on the gateway's page, /summary
 * with the same cart, rebuilt from its order, and the notice that says so. The destination is null until the
 * payment is known and, when cancelled, its order read; `order` tells whether that read failed.
 */
export function usePaymentDestination(
  payment: { status: PaymentStatus; orderStatus: OrderStatus; orderId: string } | undefined,
  query: string,
) {
  const path = payment ? resultPathOf(payment) : null;
  const order = useOrder(path === "/summary" && payment ? payment.orderId : null);
  const cartOrder = order.data;
  const destination = useMemo((): PaymentDestination | null => {
    if (path === null) return null;
    if (path !== "/summary") return { path, to: `${path}${query}` };
    if (!cartOrder) return null;
    return { path, to: `/summary${cartSearch(cartOfOrder(cartOrder))}`, state: paymentCanceledState(cartOrder) };
  }, [path, query, cartOrder]);
  return { destination, order };
}
