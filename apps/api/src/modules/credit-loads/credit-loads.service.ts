import { TERMS_VERSION } from "@esim/shared/checkout/contracts";
import {
  CREDIT_LOAD_MAX_DZD,
  CREDIT_LOAD_MIN_DZD,
  type CreditLoadStatus,
  PENDING_CREDIT_LOADS_PER_ACCOUNT,
} from "@esim/shared/credit-loads/contracts";
import { toMinor } from "@esim/shared/money";
import type { DbOrTx } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import { algiersYearOf, formatYearlyNumber } from "../../lib/yearly-number.ts";
import { findLedgerMovement, lockStoreCredit, postMovement } from "../ledger/index.ts";
import {
  type CreditLoadRow,
  countPendingCreditLoads,
  findCreditLoadByReference,
  insertCreditLoad,
  lockCreditLoad,
  markCreditLoadEnded,
  markCreditLoadPaid,
  takeReceiptSequence,
} from "./credit-loads.repo.ts";

// Store credit bought with a card (decision 068): the load's own life and its money. The payments module reports the
// gateway's word on a load's payment here, in the transaction that records it, as it does an order's to the orders
// module.

/** The money a gateway took for a load, as the payments module reports it. */
export interface LoadCapturedMoney {
  paymentId: string;
  reference: string | null;
  provider: string;
  amountDzdMinor: number;
}

/** The gateway's word on a load's payment (the same shape the payments module gives an order's outcome). */
export type CreditLoadOutcome =
  | { kind: "paid"; captured?: LoadCapturedMoney }
  | { kind: "mismatched"; reason: string; captured: LoadCapturedMoney }
  | { kind: "failed" | "canceled" | "lapsed" | "customer_cancelled" };

const ENDED_STATUS = {
  failed: "failed",
  canceled: "canceled",
  lapsed: "expired",
  customer_cancelled: "canceled",
} as const satisfies Record<string, CreditLoadStatus>;

/**
 * Refuses a load that is not a whole amount from CREDIT_LOAD_MIN_DZD (or the gateway's minimum, if ever higher) to
 * CREDIT_LOAD_MAX_DZD with CREDIT_LOAD_AMOUNT_OUT_OF_RANGE.
 */
export function checkCreditLoadAmount(amountDzd: number, minimumChargeDzd: number): void {
  const minimumDzd = Math.max(CREDIT_LOAD_MIN_DZD, minimumChargeDzd);
  if (!Number.isSafeInteger(amountDzd) || amountDzd < minimumDzd || amountDzd > CREDIT_LOAD_MAX_DZD) {
    throw new AppError("CREDIT_LOAD_AMOUNT_OUT_OF_RANGE", {
      message: `A load is a whole amount from ${minimumDzd} to ${CREDIT_LOAD_MAX_DZD} DZD.`,
    });
  }
}

/**
 * Writes a pending load in the caller's transaction, or answers the one this client reference made already (the same
 * amount and method; another answers IDEMPOTENCY_CONFLICT). A new load is refused outside CREDIT_LOAD_MIN_DZD …
 * CREDIT_LOAD_MAX_DZD (whole dinars, never under the gateway's minimum) with CREDIT_LOAD_AMOUNT_OUT_OF_RANGE, and
 * beyond PENDING_CREDIT_LOADS_PER_ACCOUNT awaiting payment with CREDIT_LOADS_PENDING_LIMIT_REACHED: each opens a
 * gateway checkout. The account's loads are serialised (its credit lock), so concurrent ones count each other.
 */
export async function startCreditLoad(
  tx: DbOrTx,
  options: {
    userId: string;
    clientReference: string;
    amountDzd: number;
    paymentMethod: string;
    minimumChargeDzd: number;
    now: Date;
  },
): Promise<{ load: CreditLoadRow; isNew: boolean }> {
  const isSameLoad = (load: CreditLoadRow) =>
    load.amountDzdMinor === toMinor(options.amountDzd) && load.paymentMethod === options.paymentMethod;
  const placed = await findCreditLoadByReference(tx, options.userId, options.clientReference);
  if (placed) {
    if (!isSameLoad(placed)) {
      throw new AppError("IDEMPOTENCY_CONFLICT", { message: "This reference was already used for another load." });
    }
    return { load: placed, isNew: false };
  }
  checkCreditLoadAmount(options.amountDzd, options.minimumChargeDzd);
  await lockStoreCredit(tx, options.userId);
  const pending = await countPendingCreditLoads(tx, options.userId);
  if (pending >= PENDING_CREDIT_LOADS_PER_ACCOUNT) {
    throw new AppError("CREDIT_LOADS_PENDING_LIMIT_REACHED", {
      message: `${pending} loads await payment: pay them or let them lapse before loading again.`,
    });
  }
  const load = await insertCreditLoad(tx, {
    userId: options.userId,
    clientReference: options.clientReference,
    amountDzdMinor: toMinor(options.amountDzd),
    paymentMethod: options.paymentMethod,
    // The contract refused a body without the acceptance: the terms now published are the ones accepted.
    termsVersion: TERMS_VERSION,
    now: options.now,
  });
  if (load) return { load, isNew: true };
  // The same reference sent concurrently: the other request's load (its transaction committed first).
  const raced = await findCreditLoadByReference(tx, options.userId, options.clientReference);
  if (!raced || !isSameLoad(raced)) {
    throw new AppError("IDEMPOTENCY_CONFLICT", { message: "This reference was already used for another load." });
  }
  return { load: raced, isNew: false };
}

/**
 * Applies the gateway's word on a load's payment in the caller's transaction, forward only and once however often it
 * comes: paid → the load paid, its receipt numbered and the money credited to the buyer (credit_bought, cash → store
 * credit, for what the gateway says it took, keyed per load); ended unpaid → failed, canceled or expired, nothing
 * credited. Money taken always wins: a load that had ended is credited when its checkout turns out paid, and a second
 * checkout paid for a paid load is credited too (keyed by its checkout), never silently kept.
 */
export async function recordCreditLoadOutcome(
  tx: DbOrTx,
  input: { creditLoadId: string; outcome: CreditLoadOutcome; cause: string; actor: string; now: Date },
): Promise<"confirmed" | "rejected" | "unchanged"> {
  const { outcome, now } = input;
  const load = await lockCreditLoad(tx, input.creditLoadId);
  if (!load) return "unchanged";

  if (outcome.kind === "paid" || outcome.kind === "mismatched") {
    const captured = outcome.captured;
    if (!captured) return "unchanged";
    // The receipt's number leads the cause: the customer's credit history shows it beside the amount.
    const said = outcome.kind === "mismatched" ? `${input.cause}; credited as taken: ${outcome.reason}` : input.cause;
    let key = `credit-bought:${load.id}`;
    let receiptNumber = load.receiptNumber;
    if (load.status === "paid") {
      const credited = await findLedgerMovement(tx, [key]);
      if (!credited || credited.reference === captured.reference) return "unchanged";
      key = `credit-bought:${load.id}:${captured.reference}`;
    } else {
      const year = algiersYearOf(now);
      const sequence = await takeReceiptSequence(tx, year, now);
      // A receipt (reçu) of its own series, apart from invoices (F) and credit notes (A).
      receiptNumber = formatYearlyNumber("R", year, sequence);
      await markCreditLoadPaid(tx, load.id, { year, sequence, number: receiptNumber, now });
    }
    await lockStoreCredit(tx, load.userId);
    const posted = await postMovement(tx, {
      kind: "credit_bought",
      key,
      amountDzdMinor: captured.amountDzdMinor,
      userId: load.userId,
      method: captured.provider,
      reference: captured.reference,
      cause: `receipt ${receiptNumber}: ${said}`,
      actor: input.actor,
      now,
    });
    return posted?.isNew ? "confirmed" : "unchanged";
  }
  const ended = await markCreditLoadEnded(tx, load.id, ENDED_STATUS[outcome.kind], now);
  return ended ? "rejected" : "unchanged";
}
