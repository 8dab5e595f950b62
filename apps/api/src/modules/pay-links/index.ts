// Pay-for-me links (decision 077): a traveller asks a relative at home to pay a top-up or a new eSIM by a link; this
// module owns the link, the relative's page and the flow from their payment to the traveller's order.
export { payLinksRoutes } from "./pay-links.routes.ts";
export { expirePayLinkNow, recordPayLinkPaid } from "./pay-links.service.ts";
