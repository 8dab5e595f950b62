// Every table, for the Drizzle client's typing only (`drizzle(pool, { schema })` in db/client.ts types db.query.<table>).
// The tables live beside their owners (`modules/<m>/<m>.schema.ts`, `jobs|lib|providers/<folder>.schema.ts`, decision
// 097): code imports a table from its owner's schema file, never from here; the table-ownership check refuses it.

export * from "../jobs/jobs.schema.ts";
export * from "../lib/lib.schema.ts";
export * from "../modules/account/account.schema.ts";
export * from "../modules/auth/auth.schema.ts";
export * from "../modules/auto-top-up/auto-top-up.schema.ts";
export * from "../modules/catalog/catalog.schema.ts";
export * from "../modules/claims/claims.schema.ts";
export * from "../modules/coupons/coupons.schema.ts";
export * from "../modules/credit-loads/credit-loads.schema.ts";
export * from "../modules/devices/devices.schema.ts";
export * from "../modules/esims/esims.schema.ts";
export * from "../modules/invoices/invoices.schema.ts";
export * from "../modules/ledger/ledger.schema.ts";
export * from "../modules/mail-outbox/mail-outbox.schema.ts";
export * from "../modules/operators/operators.schema.ts";
export * from "../modules/orders/orders.schema.ts";
export * from "../modules/pay-links/pay-links.schema.ts";
export * from "../modules/payments/payments.schema.ts";
export * from "../modules/referrals/referrals.schema.ts";
export * from "../modules/store-credit/store-credit.schema.ts";
export * from "../providers/providers.schema.ts";
