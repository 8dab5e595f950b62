// The console's prices and catalogue (issue 15, point 8): routes only; the rules live in the catalog module, which the
// command line (`rate:set`, `catalog:sync`) calls too.
export { consolePricesRoutes } from "./console-prices.routes.ts";
