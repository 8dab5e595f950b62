// Who may write each table (issue 26 item 7, decision 066): the module whose rules keep its rows right, or, for the
// few tables of the machinery, the folder that runs it (jobs/, lib/, providers/). Only the owner's files insert,
// update or delete its rows; another module asks the owner's front door. `npm run lint` checks it
// (apps/api/scripts/check-table-ownership.ts over db/table-ownership.ts). A new table gets its line here: the check
// fails on a table without an owner.

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
 * Read models: modules that answer from other modules' tables in SQL (one query instead of a call per module, for
 * figures and lists) and write no table at all. Other modules read another's table only where decision 066 lists it.
 */
export const READ_MODELS: Readonly<Record<string, string>> = {
  dashboard: "the operator's figures: sums over orders and cancellation requests",
  "console-customers": "the console's customers: accounts with their orders, eSIMs, devices and sessions",
  "console-orders": "the console's orders: an order with its payments, eSIMs, webhooks and history",
  margins: "the owner's margin: paid orders with their plans, invoices' sellers and eSIMs cancelled unused",
  health: "/readyz and /metrics: the database's figures (orders by status, queues) read at scrape time",
  "dev-mailbox": "the local mailbox: the dev mailer's and push recorder's rows",
};

/**
 * Writes of another's table not yet moved behind the owner's front door, each with its reason: the check accepts
 * these and fails on any other, and on an entry that no longer matches a write (so the list only shrinks).
 */
export const KNOWN_FOREIGN_WRITES: readonly { file: string; table: string; reason: string }[] = [];
