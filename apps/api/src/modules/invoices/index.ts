// Invoices: numbered at payment, rendered as PDF in the buyer's language.

export { invoicesRoutes } from "./invoices.routes.ts";
export { type InvoiceRow, issueInvoice, issueMissingInvoices } from "./invoices.service.ts";
