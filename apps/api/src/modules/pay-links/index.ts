// Pay-for-me links (decision 077): a traveller asks a relative at home to pay a top-up or a new eSIM by a link; this
// module owns the link, the relative's page and the flow from their payment to the traveller's order.

export { findPayLinkPayer, type PayLinkRow } from "./pay-links.repo.ts";
export { type PayLinksRoutesOptions, payLinksRoutes } from "./pay-links.routes.ts";
export {
  admitPayLinkAttempt,
  expirePayLinkNow,
  findPayLinkLatestOrder,
  listPayLinksOf,
  lockPayLinkToPay,
  payLinkAmountDzdMinor,
  payLinkBilling,
  payLinkOrderReference,
  payLinkStatusAt,
  payLinkUrl,
  recordPayLinkAttempt,
  recordPayLinkPaid,
} from "./pay-links.service.ts";
