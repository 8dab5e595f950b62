import type { PayLinkStatus } from "@esim/shared/pay-links/contracts";
import { and, eq, inArray, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { payLinks } from "./pay-links.schema.ts";

// A pay-for-me link's life (decision 077): the one table of its states and allowed transitions, and the one
// function that applies an event, a guarded UPDATE (`WHERE status IN from`). Its timestamps are its history.

/** Each event, the states it may leave and the state it leads to. */
export const PAY_LINK_LIFECYCLE = {
  /** The order a payer placed through it is paid. Money always wins: a checkout opened in time may be paid late. */
  paid: { from: ["waiting", "expired", "revoked"], to: "paid" },
  /** Its end passed unpaid (found when it is read or paid: no sweep needed). */
  expired: { from: ["waiting"], to: "expired" },
  /** Its traveller took it back. */
  revoked: { from: ["waiting"], to: "revoked" },
} as const satisfies Record<string, { from: readonly PayLinkStatus[]; to: PayLinkStatus }>;

export type PayLinkEvent = keyof typeof PAY_LINK_LIFECYCLE;

/** The state `event` leads to from `status`, or null when the table does not allow it. */
export function nextPayLinkStatus(status: PayLinkStatus, event: PayLinkEvent): PayLinkStatus | null {
  const transition = PAY_LINK_LIFECYCLE[event];
  return (transition.from as readonly PayLinkStatus[]).includes(status) ? transition.to : null;
}

/**
 * Applies `event` to the link if its state allows it, in the caller's transaction: answers the updated row, or
 * undefined when the link was not in a state the event leaves (a concurrent change won, or the table forbids it).
 * `extra` narrows further (an expiry only once the end passed).
 */
export async function applyPayLinkEvent(
  tx: DbOrTx,
  options: { linkId: string; event: PayLinkEvent; now: Date; orderId?: string; extra?: SQL },
) {
  const transition = PAY_LINK_LIFECYCLE[options.event];
  const [row] = await tx
    .update(payLinks)
    .set({
      status: transition.to,
      updatedAt: options.now,
      ...(options.event === "paid" ? { paidAt: options.now, orderId: options.orderId } : {}),
      ...(options.event === "revoked" ? { revokedAt: options.now } : {}),
    })
    .where(
      and(
        eq(payLinks.id, options.linkId),
        inArray(payLinks.status, [...transition.from]),
        ...(options.extra ? [options.extra] : []),
      ),
    )
    .returning();
  return row;
}
