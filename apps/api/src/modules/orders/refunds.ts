import { REFUND_METHODS, type RefundMethod } from "@esim/shared/ledger/vocabulary";
import type { Language } from "@esim/shared/locale";
import type { RefundChoiceBody } from "@esim/shared/orders/refunds";
import { isOneOf } from "@esim/shared/statuses";
import type { DbOrTx } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { issueCreditNote } from "../invoices/index.ts";
import {
  findLedgerMovement,
  getOrderMoney,
  type LedgerMovementRow,
  listLedgerMovements,
  listOwedOrders,
  lockStoreCredit,
  postMovement,
} from "../ledger/index.ts";
import { applyOrderEvent, type OrderActor, type OrderRow } from "./order-lifecycle.ts";
import { lockOrder } from "./orders.repo.ts";
import { queueRefundSentEmail } from "./refund-sent.mails.ts";
import {
  deleteRefundChoice,
  findRefundChoice,
  insertRefundChoice,
  listOrdersWithBuyer,
  type RefundChoiceRow,
} from "./refunds.repo.ts";

// Refunds as they really are (decision 062). Chargily has no refund API: money to give back is owed, on the
// ledger, of an exact amount, until it is sent (by a transfer the operator records, partial refunds allowed, or as
// store credit at once). Every path that owes money calls oweRefund; every refund sent goes through sendRefund.

/** Where the money owed comes from: a sale reversed (with its credit note), or money held and never sold. */
export type RefundSource = "sale" | "held";

/**
 * Owes the order's customer an exact amount, in the caller's transaction: a refund_owed movement (idempotent on `key`,
 * the fact: "refund-owed:cancellation:<request id>"…) and, for a sale reversed, its credit note (same movement, same
 * transaction; none for an order never invoiced). A zero amount owes nothing.
 */
export async function oweRefund(
  tx: DbOrTx,
  deps: Pick<AppDeps, "config">,
  input: {
    order: Pick<OrderRow, "id" | "userId">;
    key: string;
    source: RefundSource;
    amountDzdMinor: number;
    reason: string;
    /** What the credit note says, in the buyer's language; the reason (as typed, or the history's words) without it. */
    documentReason?: (language: Language) => string;
    actor: OrderActor;
    now: Date;
  },
): Promise<LedgerMovementRow | undefined> {
  const posted = await postMovement(tx, {
    kind: "refund_owed",
    key: input.key,
    amountDzdMinor: input.amountDzdMinor,
    orderId: input.order.id,
    userId: input.order.userId,
    debit: input.source === "held" ? "held_payments" : "refunds",
    cause: input.reason,
    actor: input.actor,
    now: input.now,
  });
  if (!posted) return undefined;
  if (input.source === "sale") {
    await issueCreditNote(
      tx,
      {
        orderId: input.order.id,
        movementId: posted.movement.id,
        amountTtcDzdMinor: input.amountDzdMinor,
        reason: input.documentReason ?? input.reason,
        now: input.now,
      },
      deps.config,
    );
  }
  return posted.movement;
}

/** The key of a refund owed of the money held on an order, as of its latest held payment (a new one owes anew). */
export async function heldRefundKey(tx: DbOrTx, orderId: string): Promise<string | undefined> {
  const held = (await listLedgerMovements(tx, { orderId })).filter(({ movement }) => movement.kind === "payment_held");
  const latest = held.at(-1);
  return latest ? `refund-owed:held:${latest.movement.id}` : undefined;
}

/**
 * Once nothing is owed on the order: the customer's choice (and any account it held) erased, and an order waiting for
 * its refund becomes refunded. Nothing while anything is still owed. In the caller's transaction.
 */
export async function settleOrderRefund(
  tx: DbOrTx,
  input: { order: OrderRow; cause: string; actor: OrderActor; now: Date },
): Promise<OrderRow> {
  const { owedDzdMinor } = await getOrderMoney(tx, input.order.id);
  if (owedDzdMinor > 0) return input.order;
  await deleteRefundChoice(tx, input.order.id);
  if (input.order.status !== "refund_due") return input.order;
  const refunded = await applyOrderEvent(tx, {
    orderId: input.order.id,
    event: "refund_recorded",
    cause: input.cause,
    actor: input.actor,
    now: input.now,
  });
  return refunded ?? input.order;
}

export type SendRefundResult =
  | { outcome: "sent"; order: OrderRow; movement: LedgerMovementRow; owedDzdMinor: number; isNew: boolean }
  | { outcome: "nothing_owed"; order: OrderRow };

/**
 * Sends some or all of what is owed on a locked order, in the caller's transaction: a refund_sent movement (cash for a
 * transfer or the gateway, the customer's store credit for credit), the customer's email (amount, method, reference,
 * what is still owed), then settled when nothing is left. Idempotent on `key`: the same key answers the first refund.
 * More than is owed: REFUND_AMOUNT_TOO_HIGH.
 */
export async function sendRefund(
  tx: DbOrTx,
  deps: Pick<AppDeps, "config">,
  input: {
    order: OrderRow;
    key: string;
    amountDzdMinor: number;
    method: RefundMethod;
    reference: string | null;
    actor: OrderActor;
    now: Date;
  },
): Promise<SendRefundResult> {
  const { order } = input;
  const recorded = await findLedgerMovement(tx, [input.key]);
  if (recorded) {
    const { owedDzdMinor } = await getOrderMoney(tx, order.id);
    return { outcome: "sent", order, movement: recorded, owedDzdMinor, isNew: false };
  }
  const owedBefore = (await getOrderMoney(tx, order.id)).owedDzdMinor;
  if (owedBefore <= 0) return { outcome: "nothing_owed", order };
  if (!Number.isSafeInteger(input.amountDzdMinor) || input.amountDzdMinor <= 0) {
    throw new AppError("VALIDATION_FAILED", {
      message: "A refund is a positive amount.",
      fields: { amountDzdMinor: "INVALID" },
    });
  }
  if (input.amountDzdMinor > owedBefore) {
    throw new AppError("REFUND_AMOUNT_TOO_HIGH", {
      message: `The refund is more than the ${(owedBefore / 100).toFixed(2)} DZD still owed.`,
    });
  }
  const isCredit = input.method === "store_credit";
  if (isCredit) {
    if (!order.userId) throw new AppError("ORDER_ACTION_NOT_ALLOWED", { message: "No account to credit." });
    await lockStoreCredit(tx, order.userId);
  }
  const posted = await postMovement(tx, {
    kind: "refund_sent",
    key: input.key,
    amountDzdMinor: input.amountDzdMinor,
    orderId: order.id,
    userId: order.userId,
    method: input.method,
    reference: input.reference,
    credit: isCredit ? "store_credit" : "cash",
    cause: `refund sent: ${(input.amountDzdMinor / 100).toFixed(2)} DZD by ${input.method}`,
    actor: input.actor,
    now: input.now,
  });
  const owedDzdMinor = owedBefore - input.amountDzdMinor;
  await queueRefundSentEmail(tx, deps, {
    order,
    movementId: posted!.movement.id,
    amountDzdMinor: input.amountDzdMinor,
    method: input.method,
    reference: input.reference,
    stillOwedDzdMinor: owedDzdMinor,
  });
  const settled = await settleOrderRefund(tx, {
    order,
    cause: `refunded in full: last ${(input.amountDzdMinor / 100).toFixed(2)} DZD by ${input.method}${input.reference ? `, reference ${input.reference}` : ""}`,
    actor: input.actor,
    now: input.now,
  });
  return { outcome: "sent", order: settled, movement: posted!.movement, owedDzdMinor, isNew: true };
}

/** One refund sent, as the order's pages show it. */
export interface RefundSent {
  movementId: string;
  amountDzdMinor: number;
  method: RefundMethod;
  reference: string | null;
  at: Date;
  actor: string;
}

/** An order's refund: what was owed, what is still owed, each refund sent, the customer's choice. */
export interface RefundState {
  totalOwedDzdMinor: number;
  owedDzdMinor: number;
  /** Money held on the order, not sold, not yet owed back. */
  heldDzdMinor: number;
  sent: RefundSent[];
  choice: RefundChoiceRow | undefined;
  /** Part of what was owed is money held (a payment that did not match): it goes back the way it came. */
  isHeldMoney: boolean;
  /** The customer may choose store credit or a transfer now. */
  canChoose: boolean;
}

/** What the ledger and the customer's choice say of an order's refund. */
export async function getRefundState(db: DbOrTx, order: Pick<OrderRow, "id" | "userId">): Promise<RefundState> {
  const [movements, money, choice] = await Promise.all([
    listLedgerMovements(db, { orderId: order.id }),
    getOrderMoney(db, order.id),
    findRefundChoice(db, order.id),
  ]);
  let totalOwedDzdMinor = 0;
  let isHeldMoney = false;
  const sent: RefundSent[] = [];
  for (const { movement, lines } of movements) {
    const owedLine = lines.find((line) => line.account === "refunds_owed");
    if (!owedLine) continue;
    const amountDzdMinor = Math.abs(Number(owedLine.amountDzdMinor));
    if (movement.kind === "refund_owed") {
      totalOwedDzdMinor += amountDzdMinor;
      if (lines.some((line) => line.account === "held_payments")) isHeldMoney = true;
    } else if (movement.kind === "refund_sent") {
      sent.push({
        movementId: movement.id,
        amountDzdMinor,
        method: isOneOf(REFUND_METHODS, movement.method) ? movement.method : "bank_transfer",
        reference: movement.reference,
        at: movement.createdAt,
        actor: movement.actor,
      });
    }
  }
  const { owedDzdMinor } = money;
  return {
    totalOwedDzdMinor,
    owedDzdMinor,
    heldDzdMinor: money.heldDzdMinor,
    sent,
    choice,
    isHeldMoney,
    canChoose: owedDzdMinor > 0 && !choice && !isHeldMoney && order.userId !== null,
  };
}

/**
 * The customer chooses how what is owed on their order comes back (decision 062): store credit, sent at once for the
 * whole amount owed (the order refunded), or a transfer to their RIB/RIP, kept until the operator records it sent.
 * Idempotent: the same choice again answers the refund as it is. REFUND_CHOICE_NOT_OPEN when nothing is owed, a
 * choice was made, or the money owed is a held payment.
 */
export async function chooseRefund(
  deps: AppDeps,
  options: { userId: string; orderId: string; choice: RefundChoiceBody },
): Promise<RefundState> {
  const now = deps.now();
  const actor = `customer:${options.userId}`;
  return deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, options.orderId);
    if (!order || order.userId !== options.userId) throw new AppError("NOT_FOUND", { message: "No such order." });
    const state = await getRefundState(tx, order);
    const { choice } = options;
    const creditKey = `refund-sent:store-credit:${order.id}:${state.totalOwedDzdMinor}`;
    if (choice.kind === "store_credit" && (await findLedgerMovement(tx, [creditKey]))) return state;
    if (choice.kind === "transfer" && state.choice?.kind === "transfer") {
      if (state.choice.accountNumber === choice.account) return state;
    }
    if (!state.canChoose) {
      throw new AppError("REFUND_CHOICE_NOT_OPEN", { message: "This order's refund is not open to a choice." });
    }
    if (choice.kind === "store_credit") {
      await sendRefund(tx, deps, {
        order,
        key: creditKey,
        amountDzdMinor: state.owedDzdMinor,
        method: "store_credit",
        reference: null,
        actor,
        now,
      });
    } else {
      await insertRefundChoice(tx, {
        orderId: order.id,
        userId: options.userId,
        kind: "transfer",
        accountNumber: choice.account,
        holderName: choice.holderName,
        chosenAt: now,
      });
    }
    return getRefundState(tx, order);
  });
}

/** The refund of one of the customer's orders; anyone else's answers NOT_FOUND. */
export async function getCustomerRefund(deps: AppDeps, options: { userId: string; orderId: string }) {
  const [order] = await listOrdersWithBuyer(deps.db, [options.orderId]);
  if (!order || order.order.userId !== options.userId) throw new AppError("NOT_FOUND", { message: "No such order." });
  return getRefundState(deps.db, order.order);
}

/**
 * The orders we owe money on as the ledger says, oldest debt first, each with its buyer's live email (null once the
 * account is gone), what is still owed and since when, whatever the order's status.
 */
export async function listRefundsOwed(deps: Pick<AppDeps, "db">, limit: number) {
  const owed = await listOwedOrders(deps.db, limit);
  const rows = new Map(
    (
      await listOrdersWithBuyer(
        deps.db,
        owed.map((debt) => debt.orderId),
      )
    ).map((row) => [row.order.id, row]),
  );
  return owed.flatMap((debt) => {
    const row = rows.get(debt.orderId);
    if (!row) return [];
    return [
      {
        order: row.order,
        email: row.deletedAt ? null : row.email,
        language: row.language,
        deletedAt: row.deletedAt,
        owedDzdMinor: debt.owedDzdMinor,
        since: debt.since,
      },
    ];
  });
}
