import { presentDestination, presentPlan } from "../catalog/index.ts";
import type { quoteCart } from "./checkout.service.ts";

/** The answer of POST /checkout/quote and POST /coupons/check. */
export function presentQuote(priced: Awaited<ReturnType<typeof quoteCart>>) {
  return {
    data: {
      quote: priced.quote,
      plan: presentPlan(priced.package),
      destination: presentDestination(priced.destination, priced.destinationPlans),
    },
  };
}
