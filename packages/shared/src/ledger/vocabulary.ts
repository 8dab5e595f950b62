// The ledger's vocabulary (decision 061), shared by the API's check constraints and the console's labels.

/**
 * The accounts money moves between. Each entry is signed: positive debits the account, negative credits it, and the
 * entries of one movement sum to zero. Assets and expenses grow by debits; what we owe and what we earn grow by credits.
 */
export const LEDGER_ACCOUNTS = [
  /** Money we hold (at the gateway, in the bank), less the money we sent back. Asset. */
  "cash",
  /** What we sold, TTC, as invoiced. Income: grows by credits. */
  "sales",
  /** Sales reversed by a refund (each with its credit note when the sale was invoiced). Contra-income: grows by debits. */
  "refunds",
  /** Money taken for an order held for the operator (not the order's amount, currency or checkout). Owed until decided. */
  "held_payments",
  /** What we owe a customer for an order until it is sent back. Per order. */
  "refunds_owed",
  /** A customer's store credit, in DZD, spendable at checkout. Per customer. */
  "store_credit",
  /** Store credit set aside by an order awaiting the rest of its payment. Per order. */
  "credit_reserved",
  /** Store credit the shop gave (an operator's goodwill). Expense: grows by debits. */
  "goodwill",
  /** Store credit that expired unspent. Income: grows by credits. */
  "credit_breakage",
  /** Store credit given to inviters for a friend's delivered first order (decision 079). Marketing expense: grows by debits. */
  "referral_rewards",
  /** What an inviter owes for a reward spent before it was taken back (decision 087). Asset, per customer. */
  "referral_debt",
] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

/** What happened, one movement each: its entries move money between the accounts above. */
export const LEDGER_MOVEMENT_KINDS = [
  /** The gateway took an order's amount: cash ← sales. */
  "payment_captured",
  /** The gateway took money for an order that does not match it: cash ← held_payments. */
  "payment_held",
  /** The operator accepted a held payment: held_payments ← sales. */
  "held_payment_accepted",
  /** Money to give back, of an exact amount: refunds (or held_payments) ← refunds_owed. */
  "refund_owed",
  /** Some or all of what is owed was sent back: refunds_owed ← cash (a transfer) or store_credit (credit at once). */
  "refund_sent",
  /** An operator gave store credit: goodwill ← store_credit. */
  "credit_issued",
  /** A customer bought store credit with a card: cash ← store_credit. */
  "credit_bought",
  /** An order to pay set credit aside: store_credit ← credit_reserved. */
  "credit_reserved",
  /** The order ended unpaid: its credit back, credit_reserved ← store_credit. */
  "credit_released",
  /** The order was paid: its credit spent, credit_reserved ← sales. */
  "credit_spent",
  /** Credit reached its expiry unspent: store_credit ← credit_breakage. */
  "credit_expired",
  /** An inviter earned credit for a friend's delivered first order: referral_rewards ← store_credit. */
  "referral_reward",
  /** That order was refunded: what is left of the reward taken back, store_credit ← referral_rewards. */
  "referral_reward_taken_back",
  /** The part of a taken-back reward already spent: referral_debt ← referral_rewards, the inviter's debt. */
  "referral_debt_recorded",
  /** Later credit pays the debt off first: store_credit → referral_debt. */
  "referral_debt_repaid",
] as const;
export type LedgerMovementKind = (typeof LEDGER_MOVEMENT_KINDS)[number];

/** How money went back to a customer. */
export const REFUND_METHODS = ["ccp_transfer", "bank_transfer", "gateway", "store_credit"] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];
