import type { LedgerMovementKind } from "@esim/shared/ledger/vocabulary";
import { toMinor } from "@esim/shared/money";
import type { StoreCreditEntryKind } from "@esim/shared/store-credit/contracts";
import type { DbOrTx } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AppDeps } from "../../lib/deps.ts";
import {
  getOrderMoney,
  getStoreCreditBalance,
  listLedgerMovements,
  lockStoreCredit,
  postMovement,
} from "../ledger/index.ts";
import { type AuditActor, recordAudit } from "../operators/index.ts";
import { type CreditMovement, replayCreditLots } from "./credit-lots.ts";
import {
  findLiveCustomer,
  findOrderNumbers,
  insertGrant,
  listDueGrants,
  listUserGrants,
  lockUnsettledGrant,
  markGrantSettled,
  type StoreCreditGrantRow,
} from "./store-credit.repo.ts";

// Store credit (decision 064): money held for a customer in DZD. The balance is the ledger's sum of the customer's
// store_credit account, never a counter; this module says what its movements mean to the customer, spends and gives
// back an order's credit, and gives and expires an operator's credit.

/** What a movement that changes the balance means to the customer. */
const ENTRY_KIND: Partial<Record<LedgerMovementKind, StoreCreditEntryKind>> = {
  refund_sent: "refund",
  credit_issued: "issued",
  credit_bought: "bought",
  credit_reserved: "spent",
  credit_released: "returned",
  credit_expired: "expired",
  referral_reward: "referral",
  referral_reward_taken_back: "referral_taken_back",
  referral_debt_repaid: "referral_debt_repaid",
};

export interface StoreCreditEntryView {
  id: string;
  kind: StoreCreditEntryKind;
  amountDzdMinor: number;
  createdAt: Date;
  orderNumber: string | null;
  grant: StoreCreditGrantRow | null;
}

const grantKey = (grantId: string) => `credit-issued:${grantId}`;

async function readCreditMovements(db: DbOrTx, userId: string) {
  const movements = await listLedgerMovements(db, { userId });
  return movements.map(({ movement, lines }) => ({
    movement,
    // `0 - x`: a movement that leaves the balance alone is 0, never -0.
    deltaDzdMinor:
      0 - lines.filter((line) => line.account === "store_credit").reduce((sum, line) => sum + line.amountDzdMinor, 0),
  }));
}

/** A customer's store credit: the ledger's balance and the movements that made it, newest first. Reads only. */
export async function getCustomerStoreCredit(db: DbOrTx, userId: string) {
  const [balanceDzdMinor, movements, grants] = await Promise.all([
    getStoreCreditBalance(db, userId),
    readCreditMovements(db, userId),
    listUserGrants(db, userId),
  ]);
  const shown = movements.filter(({ movement, deltaDzdMinor }) => deltaDzdMinor !== 0 && ENTRY_KIND[movement.kind]);
  const numbers = await findOrderNumbers(db, [
    ...new Set(shown.flatMap(({ movement }) => (movement.orderId ? [movement.orderId] : []))),
  ]);
  const grantsByKey = new Map(grants.map((grant) => [grantKey(grant.id), grant]));
  const grantsByExpiryKey = new Map(grants.map((grant) => [`credit-expired:${grant.id}`, grant]));
  const entries: StoreCreditEntryView[] = shown.map(({ movement, deltaDzdMinor }) => ({
    id: movement.id,
    kind: ENTRY_KIND[movement.kind]!,
    amountDzdMinor: deltaDzdMinor,
    createdAt: movement.createdAt,
    orderNumber: movement.orderId ? (numbers.get(movement.orderId) ?? null) : null,
    grant: grantsByKey.get(movement.key) ?? grantsByExpiryKey.get(movement.key) ?? null,
  }));
  return { balanceDzdMinor, entries: entries.reverse() };
}

/**
 * Takes the customer's credit lock until the caller's transaction ends and answers the balance then: two orders (or an
 * order and an expiry) never spend the same credit.
 */
export async function lockStoreCreditBalance(tx: DbOrTx, userId: string): Promise<number> {
  await lockStoreCredit(tx, userId);
  return getStoreCreditBalance(tx, userId);
}

/**
 * Sets an order's credit aside (store_credit → credit_reserved) until it is paid or ends unpaid. The caller holds the
 * credit lock (lockStoreCreditBalance) and checked the balance covers it. Idempotent on the order.
 */
export async function reserveOrderCredit(
  tx: DbOrTx,
  options: { orderId: string; orderNumber: string; userId: string; amountDzdMinor: number; actor: string; now: Date },
): Promise<void> {
  await postMovement(tx, {
    kind: "credit_reserved",
    key: `credit-reserved:${options.orderId}`,
    amountDzdMinor: options.amountDzdMinor,
    orderId: options.orderId,
    userId: options.userId,
    cause: `store credit set aside for order ${options.orderNumber}`,
    actor: options.actor,
    now: options.now,
  });
}

/**
 * Ends what an order set aside: spent when it is paid (credit_reserved → sales), given back to the customer when it
 * ended unpaid (credit_reserved → store_credit). Reads the reservation from the ledger; nothing for an order without
 * one. Idempotent on the order: an order is settled once, whichever comes first.
 */
export async function settleOrderCredit(
  tx: DbOrTx,
  options: {
    order: { id: string; number: string; userId: string | null };
    outcome: "spent" | "released";
    cause: string;
    actor: string;
    now: Date;
  },
): Promise<void> {
  const { order } = options;
  const { reservedCreditDzdMinor } = await getOrderMoney(tx, order.id);
  if (reservedCreditDzdMinor <= 0) return;
  const isSpent = options.outcome === "spent";
  await postMovement(tx, {
    kind: isSpent ? "credit_spent" : "credit_released",
    key: `credit-${options.outcome}:${order.id}`,
    amountDzdMinor: reservedCreditDzdMinor,
    orderId: order.id,
    userId: order.userId,
    cause: isSpent
      ? `store credit spent on order ${order.number}: ${options.cause}`
      : `store credit given back: order ${order.number} ended unpaid (${options.cause})`,
    actor: options.actor,
    now: options.now,
  });
}

/**
 * Gives a customer store credit (goodwill → store_credit) with the reason they read and an optional expiry, audited in
 * the same transaction. NOT_FOUND for an unknown or deleted account; an expiry not in the future is refused.
 */
export async function issueStoreCredit(
  deps: Pick<AppDeps, "db" | "now">,
  options: { userId: string; amountDzd: number; reason: string; expiresAt: Date | null; actor: AuditActor },
) {
  const now = deps.now();
  if (options.expiresAt && options.expiresAt.getTime() <= now.getTime()) {
    throw new AppError("VALIDATION_FAILED", {
      message: "The expiry must be in the future.",
      fields: { expiresAt: "INVALID" },
    });
  }
  const amountDzdMinor = toMinor(options.amountDzd);
  await deps.db.transaction(async (tx) => {
    if (!(await findLiveCustomer(tx, options.userId))) {
      throw new AppError("NOT_FOUND", { message: "No such customer." });
    }
    const grant = await insertGrant(tx, {
      userId: options.userId,
      amountDzdMinor,
      reason: options.reason,
      expiresAt: options.expiresAt,
      operatorId: options.actor.operatorId,
      createdAt: now,
    });
    await postMovement(tx, {
      kind: "credit_issued",
      key: grantKey(grant.id),
      amountDzdMinor,
      userId: options.userId,
      cause: `store credit given by the shop: ${options.reason}`,
      actor: options.actor.operatorId ? `operator:${options.actor.operatorId}` : "operator:cli",
      now,
    });
    await recordAudit(tx, {
      operatorId: options.actor.operatorId,
      action: "customer.store_credit_issued",
      entityType: "customer",
      entityId: options.userId,
      before: null,
      after: {
        grantId: grant.id,
        amountDzdMinor,
        reason: options.reason,
        expiresAt: options.expiresAt?.toISOString() ?? null,
      },
      ip: options.actor.ip,
      now,
    });
  });
  return getCustomerStoreCredit(deps.db, options.userId);
}

/**
 * The expiry sweep: for each operator's grant past its expiry, what is left of it (credit is spent soonest-expiring
 * first, credit_lots.ts) is posted as credit_expired (store_credit → credit_breakage), once per grant, under the
 * customer's credit lock. A grant part of which an order awaiting payment holds waits until that order is paid or ends
 * (at most a checkout's life). Answers how many grants it settled.
 */
export async function expireStoreCredit(deps: Pick<AppDeps, "db" | "now">, options: { limit?: number } = {}) {
  const due = await listDueGrants(deps.db, deps.now(), options.limit ?? 100);
  let settled = 0;
  for (const candidate of due) {
    const now = deps.now();
    const isSettled = await deps.db.transaction(async (tx) => {
      const balance = await lockStoreCreditBalance(tx, candidate.userId);
      const grant = await lockUnsettledGrant(tx, candidate.id);
      if (!grant?.expiresAt) return false;
      const [movements, grants] = await Promise.all([
        readCreditMovements(tx, grant.userId),
        listUserGrants(tx, grant.userId),
      ]);
      const lots = replayCreditLots(
        movements.map(
          ({ movement, deltaDzdMinor }): CreditMovement => ({
            kind: movement.kind,
            key: movement.key,
            orderId: movement.orderId,
            deltaDzdMinor,
          }),
        ),
        new Map(grants.map((row) => [row.id, row.expiresAt])),
      );
      const lot = lots.find((candidateLot) => candidateLot.id === grant.id);
      if (lot && lot.reservedDzdMinor > 0) return false;
      await postMovement(tx, {
        kind: "credit_expired",
        key: `credit-expired:${grant.id}`,
        amountDzdMinor: Math.min(lot?.remainingDzdMinor ?? 0, Math.max(0, balance)),
        userId: grant.userId,
        cause: `store credit given on ${grant.createdAt.toISOString().slice(0, 10)} expired: ${grant.reason}`,
        actor: "sweep",
        now,
      });
      await markGrantSettled(tx, grant.id, now);
      return true;
    });
    if (isSettled) settled += 1;
  }
  return settled;
}
