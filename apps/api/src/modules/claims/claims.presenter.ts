import type { Claim, ConsoleClaimItem } from "@esim/shared/claims/contracts";
import type { ClaimRow } from "./claim-lifecycle.ts";
import type { ClaimMessageRow, ConsoleClaimRow } from "./claims.repo.ts";

const OPEN = new Set(["received", "answered"]);

/** A claim as its traveller (and the console) reads it, with its thread oldest first. */
export function presentClaim(claim: ClaimRow, messages: ClaimMessageRow[]): Claim {
  return {
    id: claim.id,
    esimId: claim.esimId,
    orderId: claim.orderId,
    reason: claim.reason,
    status: claim.status,
    refundPreference: claim.refundPreference,
    openedAt: claim.openedAt.toISOString(),
    settleBy: claim.settleBy.toISOString(),
    isRefundable: claim.isRefundable,
    refundableUntil: claim.refundableUntil.toISOString(),
    refund:
      claim.refundMethod && claim.refundDzdMinor !== null && claim.settledAt
        ? { method: claim.refundMethod, amountDzdMinor: claim.refundDzdMinor, at: claim.settledAt.toISOString() }
        : null,
    refusalReason: claim.refusalReason,
    canReply: OPEN.has(claim.status),
    messages: messages
      .filter((message) => message.claimId === claim.id)
      .map((message) => ({ author: message.author, body: message.body, at: message.createdAt.toISOString() })),
  };
}

/** A line of the console's list: whose, which eSIM, the deadline and whether it passed. */
export function presentConsoleClaimItem(row: ConsoleClaimRow, now: Date): ConsoleClaimItem {
  const { claim } = row;
  return {
    id: claim.id,
    status: claim.status,
    reason: claim.reason,
    orderNumber: row.orderNumber,
    email: row.deletedAt ? null : row.email,
    language: row.language,
    iccid: row.iccid,
    destinationCode: row.destinationCode,
    openedAt: claim.openedAt.toISOString(),
    settleBy: claim.settleBy.toISOString(),
    isOverdue: OPEN.has(claim.status) && claim.settleBy <= now,
    isRefundable: claim.isRefundable,
  };
}
