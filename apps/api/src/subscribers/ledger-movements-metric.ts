import type { LedgerSubscriber } from "./order-subscriber.ts";

/** Counts a money movement and its dinars on this worker's /metrics; a run repeated after a crash counts twice. */
export const countLedgerMovement: LedgerSubscriber = async (message, { deps }) => {
  deps.metrics.ledgerMovements.inc({ kind: message.kind });
  deps.metrics.ledgerAmountDzd.inc({ kind: message.kind }, message.amountDzdMinor / 100);
};
