// The owner's margin (decision 065): per order, per plan and per Algiers day, and the margin each
// plan's price change would leave. A read model over orders, packages and invoices; it writes nothing.
export { marginsRoutes } from "./margins.routes.ts";
export { costDzdMinorOf, netSoldHtDzdMinor, previewPriceChangeWithMargins } from "./margins.service.ts";
