import type { LedgerMovementKind } from "@esim/shared/ledger/vocabulary";
import type { DbOrTx } from "../../db/client.ts";
import { addJob, readPayload } from "../../lib/job-queue.ts";

// Reactions to money movements (decision 066's pattern, as modules/orders/order-subscribers.ts for order events):
// the one registry of the ledger's subscribers and the movement kinds each listens to. postMovement queues one job per
// subscriber of a new movement in the transaction that posts it, so a reaction exists exactly when the money moved;
// the handlers live in apps/api/src/subscribers/ and must be idempotent on the movement id.

export const LEDGER_SUBSCRIBERS = {
  /** Counts money moved on the worker's /metrics (esim_ledger_movements_total / esim_ledger_amount_dzd_total{kind}). */
  "ledger-movements-metric": "every movement",
  /** Money owed back on an order: a referral reward it earned is taken back, a pending one cancelled (decision 079). */
  "referral-reward-taken-back": ["refund_owed"],
} as const satisfies Record<string, readonly LedgerMovementKind[] | "every movement">;

export type LedgerSubscriberName = keyof typeof LEDGER_SUBSCRIBERS;

/** What a subscriber's job is given: the movement (its lines are read through the ledger's front door). */
export interface LedgerMovementMessage {
  movementId: string;
  kind: LedgerMovementKind;
  orderId: string | null;
  userId: string | null;
  amountDzdMinor: number;
}

export function ledgerSubscribersOf(kind: LedgerMovementKind): LedgerSubscriberName[] {
  return (Object.keys(LEDGER_SUBSCRIBERS) as LedgerSubscriberName[]).filter((name) => {
    const kinds = LEDGER_SUBSCRIBERS[name] as readonly LedgerMovementKind[] | "every movement";
    return kinds === "every movement" || kinds.includes(kind);
  });
}

export function ledgerSubscriberTask(name: LedgerSubscriberName): string {
  return `ledger-subscriber:${name}`;
}

/** Queues, in the caller's transaction, one job per subscriber of the movement's kind: queued twice, one job. */
export async function queueLedgerSubscribers(tx: DbOrTx, message: LedgerMovementMessage): Promise<void> {
  for (const name of ledgerSubscribersOf(message.kind)) {
    await addJob(tx, {
      task: ledgerSubscriberTask(name),
      payload: { ...message },
      key: `ledger-subscriber:${name}:${message.movementId}`,
    });
  }
}

export function readLedgerMovementMessage(payload: unknown): LedgerMovementMessage {
  const fields = readPayload(payload, ["movementId", "kind"]);
  const raw = payload as Record<string, unknown>;
  return {
    movementId: fields.movementId,
    kind: fields.kind as LedgerMovementKind,
    orderId: typeof raw.orderId === "string" ? raw.orderId : null,
    userId: typeof raw.userId === "string" ? raw.userId : null,
    amountDzdMinor: Number(raw.amountDzdMinor ?? 0),
  };
}
