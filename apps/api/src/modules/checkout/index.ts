// The checkout: prices and coupons for a cart, and the unpaid-order caps. Placing the order is the place-order flow
// (decision 082), which the order route starts.
export { type CheckoutRoutesOptions, checkoutRoutes } from "./checkout.routes.ts";
export { priceCart } from "./checkout.service.ts";
export { checkUnpaidOrderCaps, UNPAID_ORDERS_PER_ACCOUNT } from "./unpaid-order-caps.ts";
export { checkPromoForVisitor, type VisitorPromo } from "./visitor-promo.ts";
