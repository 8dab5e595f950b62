import type { ClaimStatus } from "@esim/shared/claims/contracts";
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { claimEvents, claims } from "./claims.schema.ts";

// A claim's life (decision 080): one table of events and the statuses each may leave from, and
// one function that applies an event. Nothing else writes claims.status.

interface Transition {
  from: readonly ClaimStatus[];
  to: ClaimStatus;
}

export const CLAIM_LIFECYCLE = {
  /** The operator writes to the traveller. */
  answered: { from: ["received", "answered"], to: "answered" },
  /** The traveller writes again: the claim is back with the shop. */
  traveller_replied: { from: ["received", "answered"], to: "received" },
  /** The money goes back (store credit at once, or a transfer owed on the order). */
  refunded: { from: ["received", "answered"], to: "refunded" },
  /** No refund, with the operator's reason. */
  refused: { from: ["received", "answered"], to: "refused" },
} as const satisfies Record<string, Transition>;

export type ClaimEvent = keyof typeof CLAIM_LIFECYCLE;
export const CLAIM_EVENTS = Object.keys(CLAIM_LIFECYCLE) as ClaimEvent[];
export type ClaimRow = typeof claims.$inferSelect;

/** The status an event leads to from `status`, or null when the table does not allow it. */
export function nextClaimStatus(status: ClaimStatus, event: ClaimEvent): ClaimStatus | null {
  const transition: Transition = CLAIM_LIFECYCLE[event];
  return transition.from.includes(status) ? transition.to : null;
}

/**
 * Applies an event to a claim, the only way its status changes: a guarded `UPDATE … WHERE status = <as read>` and a
 * claim_events row in the caller's transaction, with the event's other columns (`set`). Undefined when the table
 * does not allow the event from the claim's status (or the claim moved meanwhile): nothing changed.
 */
export async function applyClaimEvent(
  tx: DbOrTx,
  input: {
    claimId: string;
    event: ClaimEvent;
    actor: string;
    now: Date;
    set?: Partial<Pick<ClaimRow, "refundMethod" | "refundDzdMinor" | "refusalReason">>;
  },
): Promise<ClaimRow | undefined> {
  const [current] = await tx.select({ status: claims.status }).from(claims).where(eq(claims.id, input.claimId));
  if (!current) return undefined;
  const to = nextClaimStatus(current.status, input.event);
  if (!to) return undefined;
  const isSettled = to === "refunded" || to === "refused";
  const [row] = await tx
    .update(claims)
    .set({ ...input.set, status: to, updatedAt: input.now, ...(isSettled ? { settledAt: input.now } : {}) })
    .where(and(eq(claims.id, input.claimId), eq(claims.status, current.status)))
    .returning();
  if (!row) return undefined;
  await tx.insert(claimEvents).values({
    claimId: row.id,
    event: input.event,
    fromStatus: current.status,
    toStatus: to,
    actor: input.actor,
    createdAt: input.now,
  });
  return row;
}
