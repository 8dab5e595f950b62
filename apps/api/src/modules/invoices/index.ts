// Invoices: numbered at payment with the seller's identity of the day, rendered as PDF in the buyer's language,
// exported as CSV for the accountant.

export {
  cancelledOnRequestReason,
  claimRefundedReason,
  issueCreditNote,
} from "./credit-notes.service.ts";
export { invoicesRoutes } from "./invoices.routes.ts";
export { type InvoiceRow, issueInvoice, issueMissingInvoices } from "./invoices.service.ts";
export { exportInvoicesCsv } from "./invoices-export.ts";
export {
  readSellerIdentity,
  readSellerIdentityForConsole,
  type SellerIdentity,
  setSellerIdentity,
  splitTva,
  validateSellerIdentity,
} from "./seller-identity.ts";
