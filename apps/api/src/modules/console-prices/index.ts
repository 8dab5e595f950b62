// The console's prices and catalogue (decision 040): routes only; the rules live in the catalog module, which the
// command line (`rate:set`, `catalog:sync`) calls too.
export { consolePricesRoutes } from "./console-prices.routes.ts";
