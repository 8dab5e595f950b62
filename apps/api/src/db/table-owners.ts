// Who owns each table (decisions 066 and 097): the module whose rules keep its rows right, or, for the few tables of
// the machinery, the folder that runs it (jobs/, lib/, providers/). Only the owner's files define (in its
// <owner>.schema.ts), read, insert, update or delete its rows; another module asks the owner's front door, or is a
// read model declared below. `npm run lint` checks it (apps/api/scripts/check-table-ownership.ts over
// db/table-ownership.ts). A new table gets its line here: the check fails on a table without an owner.

/** The folders outside modules/ that own tables of their own. */
export const NON_MODULE_OWNERS = ["jobs", "lib", "providers"] as const;

/** SQL table name → the module (modules/<name>/) or folder that writes it. */
export const TABLE_OWNERS: Readonly<Record<string, string>> = {
  // account
  users: "account",
  // auth
  sessions: "auth",
  sign_in_codes: "auth",
  pending_registrations: "auth",
  // devices
  devices: "devices",
  // catalog (console-prices edits prices through catalog's front door)
  destinations: "catalog",
  packages: "catalog",
  price_settings: "catalog",
  destination_markups: "catalog",
  // coupons
  coupons: "coupons",
  coupon_redemptions: "coupons",
  // orders (order-lifecycle.ts is the only writer of orders.status)
  orders: "orders",
  order_events: "orders",
  refund_choices: "orders",
  // payments
  payments: "payments",
  webhook_events: "payments",
  // invoices
  invoice_counters: "invoices",
  seller_identities: "invoices",
  invoices: "invoices",
  credit_note_counters: "invoices",
  credit_notes: "invoices",
  // store-credit (an operator's grants, their reason and expiry; the balance is the ledger's; decision 064)
  store_credit_grants: "store-credit",
  // credit-loads (store credit bought with a card; decision 068)
  credit_loads: "credit-loads",
  credit_load_receipt_counters: "credit-loads",
  // pay-links (a relative pays a top-up or a new eSIM by link; decision 077)
  pay_links: "pay-links",
  // referrals (invite codes, the operator's settings, each friend's referral; decision 079)
  referral_settings: "referrals",
  referral_codes: "referrals",
  referrals: "referrals",
  // ledger (every movement of money, append-only; decision 061)
  ledger_movements: "ledger",
  ledger_entries: "ledger",
  // auto-top-up (a traveller's choice per eSIM and each trigger decided once; decision 078)
  auto_top_up_settings: "auto-top-up",
  auto_top_up_triggers: "auto-top-up",
  // esims (cancellation requests are asked from My eSIMs)
  esims: "esims",
  esim_bundles: "esims",
  cancellation_requests: "esims",
  esim_webhook_events: "esims",
  // claims
  claims: "claims",
  claim_messages: "claims",
  claim_events: "claims",
  // mail-outbox
  mail_outbox: "mail-outbox",
  // operators (the console's people, sessions and audit log)
  operators: "operators",
  operator_sessions: "operators",
  operator_sign_in_challenges: "operators",
  operator_audit_log: "operators",
  // machinery
  rate_counters: "lib",
  workflow_steps: "lib",
  worker_heartbeats: "jobs",
  upstream_request_starts: "providers",
  dev_mails: "providers",
  push_messages: "providers",
  simulator_orders: "providers",
  simulator_profiles: "providers",
  sandbox_checkouts: "providers",
};

/**
 * Read models: a module that writes no table (or one file) and answers from other modules' tables in SQL, one query
 * instead of a call per module, for figures, searches and exports; each lists the tables it reads. Any other file
 * reads another's table only through the owner's front door (decision 097).
 */
export const READ_MODELS: Readonly<Record<string, { reason: string; reads: readonly string[] }>> = {
  dashboard: {
    reason: "the operator's figures: sums over orders, cancellation requests and the ledger",
    reads: ["cancellation_requests", "ledger_entries", "orders"],
  },
  "console-customers": {
    reason: "the console's customers and their search: accounts with their orders, plans, devices and sessions",
    reads: ["devices", "orders", "packages", "sessions", "users"],
  },
  "console-orders": {
    reason:
      "the console's orders, their search and the accountant's export: an order with its payments, eSIMs, webhooks and history",
    reads: [
      "cancellation_requests",
      "coupons",
      "esim_bundles",
      "esims",
      "ledger_entries",
      "orders",
      "packages",
      "payments",
      "users",
      "webhook_events",
    ],
  },
  margins: {
    reason: "the owner's margin: paid orders with their plans, invoices' sellers and eSIMs cancelled unused",
    reads: ["cancellation_requests", "invoices", "orders", "packages"],
  },
  health: {
    reason: "/readyz and /metrics: the database's figures (orders by status, queues) read at scrape time",
    reads: ["mail_outbox", "orders", "worker_heartbeats"],
  },
  "dev-mailbox": {
    reason: "the local mailbox: the dev mailer's and push recorder's rows",
    reads: ["dev_mails", "push_messages"],
  },
};

/** Reads of another's table not yet behind the owner's front door: the list only shrinks, like the writes'. */
export const KNOWN_FOREIGN_READS: readonly { file: string; table: string; reason: string }[] = [
  {
    file: "modules/auth/sessions.repo.ts",
    table: "users",
    reason: "a session resolves to its account in the same query, on every request",
  },
  {
    file: "modules/auto-top-up/auto-top-up.repo.ts",
    table: "packages",
    reason: "a setting's list joins its plan's name parts",
  },
  {
    file: "modules/claims/claims.repo.ts",
    table: "destinations",
    reason: "a claim's page joins its eSIM, order, plan and account",
  },
  {
    file: "modules/claims/claims.repo.ts",
    table: "esims",
    reason: "a claim's page joins its eSIM, order, plan and account",
  },
  {
    file: "modules/claims/claims.repo.ts",
    table: "orders",
    reason: "a claim's page joins its eSIM, order, plan and account",
  },
  {
    file: "modules/claims/claims.repo.ts",
    table: "packages",
    reason: "a claim's page joins its eSIM, order, plan and account",
  },
  {
    file: "modules/claims/claims.repo.ts",
    table: "users",
    reason: "a claim's page joins its eSIM, order, plan and account",
  },
  {
    file: "modules/coupons/coupons.repo.ts",
    table: "orders",
    reason: "a coupon's uses and revenue count its orders in one query",
  },
  {
    file: "modules/esims/cancellation.repo.ts",
    table: "destinations",
    reason: "a cancellation request's list joins its order, plan and account",
  },
  {
    file: "modules/esims/cancellation.repo.ts",
    table: "orders",
    reason: "a cancellation request's list joins its order, plan and account",
  },
  {
    file: "modules/esims/cancellation.repo.ts",
    table: "packages",
    reason: "a cancellation request's list joins its order, plan and account",
  },
  {
    file: "modules/esims/cancellation.repo.ts",
    table: "users",
    reason: "a cancellation request's list joins its order, plan and account",
  },
  {
    file: "modules/esims/esim-alerts.repo.ts",
    table: "destinations",
    reason: "an alert's due eSIMs join their plan and account in one scan",
  },
  {
    file: "modules/esims/esim-alerts.repo.ts",
    table: "packages",
    reason: "an alert's due eSIMs join their plan and account in one scan",
  },
  {
    file: "modules/esims/esim-alerts.repo.ts",
    table: "users",
    reason: "an alert's due eSIMs join their plan and account in one scan",
  },
  {
    file: "modules/esims/esims.repo.ts",
    table: "destinations",
    reason: "My eSIMs join each eSIM's order, plan and account",
  },
  { file: "modules/esims/esims.repo.ts", table: "orders", reason: "My eSIMs join each eSIM's order, plan and account" },
  {
    file: "modules/esims/esims.repo.ts",
    table: "packages",
    reason: "My eSIMs join each eSIM's order, plan and account",
  },
  { file: "modules/esims/esims.repo.ts", table: "users", reason: "My eSIMs join each eSIM's order, plan and account" },
  {
    file: "modules/invoices/credit-notes.service.ts",
    table: "orders",
    reason: "a credit note copies its order's and buyer's facts in its issuing transaction",
  },
  {
    file: "modules/invoices/credit-notes.service.ts",
    table: "users",
    reason: "a credit note copies its order's and buyer's facts in its issuing transaction",
  },
  {
    file: "modules/invoices/invoices.repo.ts",
    table: "coupons",
    reason: "an invoice copies its order's lines, coupon and payment in its issuing transaction",
  },
  {
    file: "modules/invoices/invoices.repo.ts",
    table: "destinations",
    reason: "an invoice copies its order's lines, coupon and payment in its issuing transaction",
  },
  {
    file: "modules/invoices/invoices.repo.ts",
    table: "orders",
    reason: "an invoice copies its order's lines, coupon and payment in its issuing transaction",
  },
  {
    file: "modules/invoices/invoices.repo.ts",
    table: "packages",
    reason: "an invoice copies its order's lines, coupon and payment in its issuing transaction",
  },
  {
    file: "modules/invoices/invoices.repo.ts",
    table: "payments",
    reason: "an invoice copies its order's lines, coupon and payment in its issuing transaction",
  },
  {
    file: "modules/invoices/invoices.service.ts",
    table: "orders",
    reason: "an invoice copies its order's and buyer's facts in its issuing transaction",
  },
  {
    file: "modules/invoices/invoices.service.ts",
    table: "users",
    reason: "an invoice copies its order's and buyer's facts in its issuing transaction",
  },
  {
    file: "modules/operators/audit.repo.ts",
    table: "coupons",
    reason: "the audit log names a coupon entry by its code",
  },
  {
    file: "modules/orders/orders.repo.ts",
    table: "coupons",
    reason: "an order's summaries join its plan, destination, coupon, payment, eSIMs and buyer",
  },
  {
    file: "modules/orders/orders.repo.ts",
    table: "destinations",
    reason: "an order's summaries join its plan, destination, coupon, payment, eSIMs and buyer",
  },
  {
    file: "modules/orders/orders.repo.ts",
    table: "esims",
    reason: "an order's summaries join its plan, destination, coupon, payment, eSIMs and buyer",
  },
  {
    file: "modules/orders/orders.repo.ts",
    table: "packages",
    reason: "an order's summaries join its plan, destination, coupon, payment, eSIMs and buyer",
  },
  {
    file: "modules/orders/orders.repo.ts",
    table: "payments",
    reason: "an order's summaries join its plan, destination, coupon, payment, eSIMs and buyer",
  },
  {
    file: "modules/orders/orders.repo.ts",
    table: "users",
    reason: "an order's summaries join its plan, destination, coupon, payment, eSIMs and buyer",
  },
  {
    file: "modules/orders/provisioning.repo.ts",
    table: "destinations",
    reason: "provisioning reads its order's plan and buyer under the order's lock",
  },
  {
    file: "modules/orders/provisioning.repo.ts",
    table: "packages",
    reason: "provisioning reads its order's plan and buyer under the order's lock",
  },
  {
    file: "modules/orders/provisioning.repo.ts",
    table: "users",
    reason: "provisioning reads its order's plan and buyer under the order's lock",
  },
  { file: "modules/orders/refund-decisions.repo.ts", table: "users", reason: "a refund decision names its buyer" },
  { file: "modules/orders/refunds.repo.ts", table: "users", reason: "a refund's list names its buyer" },
  {
    file: "modules/pay-links/pay-links.repo.ts",
    table: "destinations",
    reason: "a link's page joins its plan, destination, target eSIM and payer",
  },
  {
    file: "modules/pay-links/pay-links.repo.ts",
    table: "esims",
    reason: "a link's page joins its plan, destination, target eSIM and payer",
  },
  {
    file: "modules/pay-links/pay-links.repo.ts",
    table: "orders",
    reason: "a link's page joins its plan, destination, target eSIM and payer",
  },
  {
    file: "modules/pay-links/pay-links.repo.ts",
    table: "packages",
    reason: "a link's page joins its plan, destination, target eSIM and payer",
  },
  {
    file: "modules/pay-links/pay-links.repo.ts",
    table: "users",
    reason: "a link's page joins its plan, destination, target eSIM and payer",
  },
  {
    file: "modules/payments/payments.repo.ts",
    table: "orders",
    reason: "a payment's settling reads its order and buyer under the order's lock",
  },
  {
    file: "modules/payments/payments.repo.ts",
    table: "users",
    reason: "a payment's settling reads its order and buyer under the order's lock",
  },
  {
    file: "modules/referrals/referrals.repo.ts",
    table: "orders",
    reason: "a referral counts its friend's first orders and accounts",
  },
  {
    file: "modules/referrals/referrals.repo.ts",
    table: "users",
    reason: "a referral counts its friend's first orders and accounts",
  },
  {
    file: "modules/store-credit/store-credit.repo.ts",
    table: "orders",
    reason: "a grant's list names its account and order",
  },
  {
    file: "modules/store-credit/store-credit.repo.ts",
    table: "users",
    reason: "a grant's list names its account and order",
  },
];

/**
 * Writes of another's table not yet moved behind the owner's front door, each with its reason: the check accepts
 * these and fails on any other, and on an entry that no longer matches a write (so the list only shrinks).
 */
export const KNOWN_FOREIGN_WRITES: readonly { file: string; table: string; reason: string }[] = [];
