// The checkout: prices and coupons for a cart, and placing the order (owner of that flow).
export { checkoutRoutes } from "./checkout.routes.ts";
export { type PlacingUser, placeOrder } from "./place-order.service.ts";
