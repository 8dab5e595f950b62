// The checkout: prices and coupons for a cart, and placing the order (owner of that flow).
export { checkoutRoutes } from "./checkout.routes.ts";
// Pay-for-me links (decision 077) price a plan and place its order by the same rules.
export { priceCart } from "./checkout.service.ts";
export { checkUnpaidOrderCaps, type PlacingUser, placeOrder } from "./place-order.service.ts";
