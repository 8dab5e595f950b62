import type { LedgerAccount, LedgerMovementKind } from "@esim/shared/ledger/vocabulary";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import {
  findMovementByKey,
  insertEntries,
  insertMovement,
  type LedgerMovementRow,
  listMovements,
  listOrdersOwed,
  sumAccountByOrder,
  sumAccounts,
  sumCustomerAccount,
  sumOrderAccounts,
} from "./ledger.repo.ts";
import { queueLedgerSubscribers } from "./ledger-subscribers.ts";

// The ledger (decision 061): every movement of money as two signed lines that sum to zero, written in the
// transaction of the state change that causes it, never changed afterwards. Balances are sums of it.

/** The account each kind of movement debits and credits; the alternatives a caller may name instead. */
const MOVEMENT_ACCOUNTS = {
  payment_captured: { debit: ["cash"], credit: ["sales"] },
  payment_held: { debit: ["cash"], credit: ["held_payments"] },
  held_payment_accepted: { debit: ["held_payments"], credit: ["sales"] },
  // A sale reversed (refunds), or money held and never sold given back (held_payments).
  refund_owed: { debit: ["refunds", "held_payments"], credit: ["refunds_owed"] },
  // Sent by transfer or through the gateway (cash), or as store credit at once.
  refund_sent: { debit: ["refunds_owed"], credit: ["cash", "store_credit"] },
  credit_issued: { debit: ["goodwill"], credit: ["store_credit"] },
  credit_bought: { debit: ["cash"], credit: ["store_credit"] },
  credit_reserved: { debit: ["store_credit"], credit: ["credit_reserved"] },
  credit_released: { debit: ["credit_reserved"], credit: ["store_credit"] },
  credit_spent: { debit: ["credit_reserved"], credit: ["sales"] },
  credit_expired: { debit: ["store_credit"], credit: ["credit_breakage"] },
  referral_reward: { debit: ["referral_rewards"], credit: ["store_credit"] },
  referral_reward_taken_back: { debit: ["store_credit"], credit: ["referral_rewards"] },
  referral_debt_recorded: { debit: ["referral_debt"], credit: ["referral_rewards"] },
  referral_debt_repaid: { debit: ["store_credit"], credit: ["referral_debt"] },
} as const satisfies Record<LedgerMovementKind, { debit: readonly LedgerAccount[]; credit: readonly LedgerAccount[] }>;

type Accounts = typeof MOVEMENT_ACCOUNTS;

export interface Posting<Kind extends LedgerMovementKind = LedgerMovementKind> {
  kind: Kind;
  /** The fact posted, once: the same key twice is one movement ("payment-captured:<payment id>"). */
  key: string;
  /** Positive, DZD minor units. */
  amountDzdMinor: number;
  orderId?: string | null;
  userId?: string | null;
  method?: string | null;
  reference?: string | null;
  cause: string;
  actor: string;
  now: Date;
  /** Instead of the kind's first debit account, one of its alternatives. */
  debit?: Accounts[Kind]["debit"][number];
  /** Instead of the kind's first credit account, one of its alternatives. */
  credit?: Accounts[Kind]["credit"][number];
}

export class LedgerError extends Error {}

/**
 * Posts one movement in the caller's transaction: `amountDzdMinor` debited to one account and credited to the other.
 * Idempotent on `key`: a second posting of the same fact writes nothing and answers the first (`isNew` false). A
 * zero amount posts nothing (undefined): no money moved. A new movement queues its subscribers' jobs in the same
 * transaction (ledger-subscribers.ts).
 */
export async function postMovement<Kind extends LedgerMovementKind>(
  tx: DbOrTx,
  posting: Posting<Kind>,
): Promise<{ movement: LedgerMovementRow; isNew: boolean } | undefined> {
  const { amountDzdMinor } = posting;
  if (!Number.isSafeInteger(amountDzdMinor) || amountDzdMinor < 0) {
    throw new LedgerError(`A ledger amount is a positive whole number of centimes, not ${amountDzdMinor}`);
  }
  if (amountDzdMinor === 0) return undefined;
  const accounts: { debit: readonly LedgerAccount[]; credit: readonly LedgerAccount[] } =
    MOVEMENT_ACCOUNTS[posting.kind];
  const debit = posting.debit ?? accounts.debit[0]!;
  const credit = posting.credit ?? accounts.credit[0]!;
  if (!accounts.debit.includes(debit) || !accounts.credit.includes(credit)) {
    throw new LedgerError(`A ${posting.kind} movement cannot move money from ${credit} to ${debit}`);
  }
  const movement = await insertMovement(tx, {
    key: posting.key,
    kind: posting.kind,
    orderId: posting.orderId ?? null,
    userId: posting.userId ?? null,
    method: posting.method ?? null,
    reference: posting.reference ?? null,
    cause: posting.cause.slice(0, 500),
    actor: posting.actor,
    createdAt: posting.now,
  });
  if (!movement) {
    const existing = await findMovementByKey(tx, posting.key);
    if (!existing) throw new LedgerError(`Ledger movement ${posting.key} neither written nor found`);
    return { movement: existing, isNew: false };
  }
  await insertEntries(tx, movement, [
    { account: debit, amountDzdMinor },
    { account: credit, amountDzdMinor: -amountDzdMinor },
  ]);
  await queueLedgerSubscribers(tx, {
    movementId: movement.id,
    kind: movement.kind,
    orderId: movement.orderId,
    userId: movement.userId,
    amountDzdMinor,
  });
  if (credit === "store_credit" && movement.userId) await repayReferralDebt(tx, movement, amountDzdMinor);
  return { movement, isNew: true };
}

/**
 * Credit reaching a customer who owes a taken-back referral reward pays that debt off first, in the same transaction
 * (decision 087): the credit is never spendable before the debt is settled. A movement, never an update.
 */
async function repayReferralDebt(tx: DbOrTx, movement: LedgerMovementRow, creditedDzdMinor: number): Promise<void> {
  const userId = movement.userId!;
  await lockStoreCredit(tx, userId);
  const debtDzdMinor = await sumCustomerAccount(tx, userId, "referral_debt");
  const amountDzdMinor = Math.min(debtDzdMinor, creditedDzdMinor);
  if (amountDzdMinor <= 0) return;
  await postMovement(tx, {
    kind: "referral_debt_repaid",
    key: `referral-debt-repaid:${movement.id}`,
    amountDzdMinor,
    userId,
    reference: movement.id,
    cause: `credit received (${movement.kind}) pays off a taken-back referral reward first`,
    actor: movement.actor,
    now: movement.createdAt,
  });
}

/** What the customer still owes of referral rewards spent before they were taken back (decision 087). */
export async function getReferralDebt(tx: DbOrTx, userId: string): Promise<number> {
  return sumCustomerAccount(tx, userId, "referral_debt");
}

/** The first of these movements posted, if any: whether a fact is on the ledger already. */
export async function findLedgerMovement(tx: DbOrTx, keys: readonly string[]) {
  for (const key of keys) {
    const movement = await findMovementByKey(tx, key);
    if (movement) return movement;
  }
  return undefined;
}

/** What the ledger says of one order's money, in DZD minor units (each ≥ 0 in a consistent ledger). */
export interface OrderMoney {
  /** Money taken by the gateway for it. */
  capturedDzdMinor: number;
  /** Sold (payments and credit spent, or a held payment accepted). */
  soldDzdMinor: number;
  /** Sales reversed by refunds owed (each with a credit note when invoiced). */
  refundedDzdMinor: number;
  /** Still owed to the customer. */
  owedDzdMinor: number;
  /** Money taken and held for the operator's decision. */
  heldDzdMinor: number;
  /** Store credit set aside by the order while it awaits the rest of its payment. */
  reservedCreditDzdMinor: number;
}

export async function getOrderMoney(tx: DbOrTx, orderId: string): Promise<OrderMoney> {
  const sums = await sumOrderAccounts(tx, orderId);
  // `0 - x`, not `-x`: an account without entries is 0, never -0.
  const of = (account: LedgerAccount) => sums.get(account) ?? 0;
  return {
    capturedDzdMinor: Math.max(0, of("cash")),
    soldDzdMinor: 0 - of("sales"),
    refundedDzdMinor: of("refunds"),
    owedDzdMinor: 0 - of("refunds_owed"),
    heldDzdMinor: 0 - of("held_payments"),
    reservedCreditDzdMinor: 0 - of("credit_reserved"),
  };
}

/** Each of these orders' sales reversed by refunds (absent: none). */
export function getRefundedByOrder(tx: DbOrTx, orderIds: readonly string[]): Promise<Map<string, number>> {
  return sumAccountByOrder(tx, "refunds", orderIds);
}

/** Orders we still owe money on, oldest debt first. */
export function listOwedOrders(tx: DbOrTx, limit: number) {
  return listOrdersOwed(tx, limit);
}

/** A customer's store credit: what they can spend now. */
export async function getStoreCreditBalance(tx: DbOrTx, userId: string): Promise<number> {
  return 0 - (await sumCustomerAccount(tx, userId, "store_credit"));
}

/**
 * Serialises every change of one customer's credit until the caller's transaction ends, so that two spends can never
 * both see the same balance (read the balance after taking it).
 */
export async function lockStoreCredit(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`store-credit:${userId}`}))`);
}

/** Sales for a period: gross (what was sold), refunds (sales reversed) and net, TTC in DZD minor units. */
export async function getSalesSummary(tx: DbOrTx, period: { from: Date; to: Date }) {
  const sums = await sumAccounts(tx, period);
  const grossDzdMinor = 0 - (sums.get("sales") ?? 0);
  const refundsDzdMinor = sums.get("refunds") ?? 0;
  return { grossDzdMinor, refundsDzdMinor, netDzdMinor: grossDzdMinor - refundsDzdMinor };
}

/** Every account's balance over the whole ledger (debits positive); they sum to zero. */
export function getTrialBalance(tx: DbOrTx) {
  return sumAccounts(tx);
}

/** An order's or a customer's movements, oldest first, with their lines. */
export function listLedgerMovements(tx: DbOrTx, filter: { orderId: string } | { userId: string }) {
  return listMovements(tx, filter);
}
