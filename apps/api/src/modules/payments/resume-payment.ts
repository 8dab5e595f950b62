import type { CheckoutReturnTarget, PaymentMethod } from "@esim/shared/checkout/contracts";
import { AppError } from "../../lib/app-error.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { openCheckout } from "./payment-checkout.service.ts";
import { findUserOrderPayment } from "./payments.repo.ts";

// "Pay now" on an order awaiting payment reaches the gateway through this one function. It has the shape of the
// payments module's resumeCheckout (issue 24, a checkout ≥ 30 minutes old expired at the gateway and a fresh one
// opened): once that exists, this file's function is replaced by
//   export { resumeCheckout as resumePayment } from "./payment-checkout.service.ts";

export type ResumedPayment = { checkoutUrl: string } | { paid: true };

/** The checkout URL of the caller's order awaiting payment, or paid when it already is; NOT_FOUND for anyone else's. */
export async function resumePayment(
  deps: AppDeps,
  options: { userId: string; orderId: string; returnTo: CheckoutReturnTarget },
): Promise<ResumedPayment> {
  const found = await findUserOrderPayment(deps.db, options.userId, options.orderId);
  if (!found) throw new AppError("NOT_FOUND", { message: "No such order." });
  if (found.payment.status === "successful") return { paid: true };
  const checkoutUrl = await openCheckout(deps, {
    payment: found.payment,
    order: { id: found.order.id, number: found.order.number },
    method: found.payment.method as PaymentMethod,
    language: found.language,
    returnTo: options.returnTo,
  });
  return { checkoutUrl };
}
