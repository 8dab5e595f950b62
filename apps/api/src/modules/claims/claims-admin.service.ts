import type { AdminClaim, ClaimStatus } from "@esim/shared/claims/contracts";
import type { RefundChoice } from "@esim/shared/orders/refunds";
import type { DbOrTx } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { getOrderMoney } from "../ledger/index.ts";
import { type AuditActor, recordAudit } from "../operators/index.ts";
import { lockOrder, oweRefund, sendRefund } from "../orders/index.ts";
import { claimOrderUrl, queueClaimEmail } from "./claim-emails.ts";
import { applyClaimEvent, type ClaimRow } from "./claim-lifecycle.ts";
import { presentAdminClaimItem, presentClaim } from "./claims.presenter.ts";
import {
  findAdminClaim,
  findClaimFacts,
  insertClaimMessage,
  listAdminClaims,
  listClaimMessages,
  lockClaim,
} from "./claims.repo.ts";

// The console's side of claims (decision 080): the list by deadline, a claim's page with its eSIM's and order's facts,
// and the three decisions (answer, refund, refuse), each audited, each emailed to the traveller in the same
// transaction.

const LIST_LIMIT = 200;

/** Claims as the console lists them: open ones by deadline (overdue first), then settled ones, newest first. */
export async function listClaimsForOperator(deps: Pick<AppDeps, "db" | "now">, options: { status?: ClaimStatus }) {
  const now = deps.now();
  const rows = await listAdminClaims(deps.db, { ...options, limit: LIST_LIMIT });
  return rows.map((row) => presentAdminClaimItem(row, now));
}

/** A claim with its thread, its eSIM's usage, status, APN and networks, the order's charge and what is owed on it. */
export async function showClaim(deps: Pick<AppDeps, "db" | "now">, claimId: string, db: DbOrTx = deps.db) {
  const row = await findAdminClaim(db, claimId);
  if (!row) throw new AppError("NOT_FOUND", { message: "No such claim." });
  const [facts, messages, money] = await Promise.all([
    findClaimFacts(db, row.claim),
    listClaimMessages(db, [row.claim.id]),
    getOrderMoney(db, row.claim.orderId),
  ]);
  if (!facts) throw new AppError("NOT_FOUND", { message: "No such claim." });
  const { esim, order } = facts;
  return {
    claim: presentClaim(row.claim, messages),
    item: presentAdminClaimItem(row, deps.now()),
    esim: {
      status: esim.status,
      dataUsedBytes: esim.dataUsedBytes,
      dataTotalBytes: esim.dataTotalBytes,
      usageUpdatedAt: esim.usageUpdatedAt?.toISOString() ?? null,
      expiresAt: esim.expiresAt?.toISOString() ?? null,
      apn: esim.apn,
      networks: facts.networks.map((network) => ({ name: network.operator, type: network.networkType })),
    },
    order: {
      chargeDzdMinor: order.chargeDzdMinor,
      owedDzdMinor: money.owedDzdMinor,
      paidAt: order.confirmedAt?.toISOString() ?? null,
    },
    esimShareDzdMinor: Math.round(order.chargeDzdMinor / order.quantity),
  } satisfies AdminClaim;
}

/** Locks the claim; an unknown one is NOT_FOUND. */
async function lockKnownClaim(tx: DbOrTx, claimId: string): Promise<ClaimRow> {
  const claim = await lockClaim(tx, claimId);
  if (!claim) throw new AppError("NOT_FOUND", { message: "No such claim." });
  return claim;
}

function notOpen(claim: ClaimRow): AppError {
  return new AppError("CLAIM_NOT_OPEN", { message: `The claim is ${claim.status}.` });
}

/** The operator writes to the traveller: answered, the message in the thread, emailed, audited. Settled: CLAIM_NOT_OPEN. */
export async function answerClaim(
  deps: AppDeps,
  options: { claimId: string; message: string; decidedBy: AuditActor & { operatorId: string } },
) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const before = await lockKnownClaim(tx, options.claimId);
    const claim = await applyClaimEvent(tx, {
      claimId: before.id,
      event: "answered",
      actor: `operator:${options.decidedBy.operatorId}`,
      now,
    });
    if (!claim) throw notOpen(before);
    await insertClaimMessage(tx, {
      claimId: claim.id,
      author: "operator",
      operatorId: options.decidedBy.operatorId,
      body: options.message,
      createdAt: now,
    });
    await queueClaimEmail(tx, deps, {
      claim,
      key: `answered:${now.getTime()}`,
      step: { kind: "answered", message: options.message },
    });
    await recordAudit(tx, {
      operatorId: options.decidedBy.operatorId,
      action: "claim.answered",
      entityType: "claim",
      entityId: claim.id,
      before: { status: before.status },
      after: { status: claim.status, message: options.message },
      ip: options.decidedBy.ip,
      now,
    });
    return showClaim(deps, claim.id, tx);
  });
}

/**
 * Refunds a claim through the order's refunds (decision 062): oweRefund (with its credit note) of the eSIM's share or
 * the whole order (never more than the order has left unrefunded: REFUND_AMOUNT_TOO_HIGH), then, for store credit, sent at once; for a transfer, owed until the operator records it (the
 * traveller gives their account on the order's page). The claim moves to refunded, the traveller is emailed, the
 * decision audited. Settled: CLAIM_NOT_OPEN; filed outside the 7 days: CLAIM_NOT_REFUNDABLE.
 */
export async function refundClaim(
  deps: AppDeps,
  options: {
    claimId: string;
    method: RefundChoice;
    scope: "esim" | "order";
    decidedBy: AuditActor & { operatorId: string };
  },
) {
  const now = deps.now();
  const actor = `operator:${options.decidedBy.operatorId}`;
  return deps.db.transaction(async (tx) => {
    const before = await lockKnownClaim(tx, options.claimId);
    if (before.status !== "received" && before.status !== "answered") throw notOpen(before);
    if (!before.isRefundable) {
      throw new AppError("CLAIM_NOT_REFUNDABLE", { message: "Filed after the 7-day refund window." });
    }
    const order = await lockOrder(tx, before.orderId);
    if (!order) throw new AppError("NOT_FOUND", { message: "No such order." });
    const share = Math.round(order.chargeDzdMinor / order.quantity);
    // Never more than what the order sold and was not refunded yet (a cancellation, an earlier claim).
    const money = await getOrderMoney(tx, order.id);
    const refundableDzdMinor = money.soldDzdMinor - money.refundedDzdMinor;
    const amountDzdMinor = Math.min(options.scope === "order" ? order.chargeDzdMinor : share, refundableDzdMinor);
    if (amountDzdMinor <= 0) {
      throw new AppError("REFUND_AMOUNT_TOO_HIGH", { message: "The order has nothing left to refund." });
    }
    const reason = `claim ${before.id}: the eSIM did not work (${before.reason})`;
    await oweRefund(tx, deps, {
      order,
      key: `refund-owed:claim:${before.id}`,
      source: "sale",
      amountDzdMinor,
      reason,
      actor,
      now,
    });
    if (options.method === "store_credit") {
      await sendRefund(tx, deps, {
        order,
        key: `refund-sent:claim:${before.id}`,
        amountDzdMinor,
        method: "store_credit",
        reference: null,
        actor,
        now,
      });
    }
    const claim = await applyClaimEvent(tx, {
      claimId: before.id,
      event: "refunded",
      actor,
      now,
      set: { refundMethod: options.method, refundDzdMinor: amountDzdMinor },
    });
    if (!claim) throw notOpen(before);
    await queueClaimEmail(tx, deps, {
      claim,
      key: "refunded",
      step: { kind: "refunded", method: options.method, amountDzdMinor, orderUrl: claimOrderUrl(deps, claim) },
    });
    await recordAudit(tx, {
      operatorId: options.decidedBy.operatorId,
      action: "claim.refunded",
      entityType: "claim",
      entityId: claim.id,
      before: { status: before.status },
      after: { status: claim.status, method: options.method, amountDzdMinor, orderNumber: order.number },
      ip: options.decidedBy.ip,
      now,
    });
    return showClaim(deps, claim.id, tx);
  });
}

/** No refund, with the reason the traveller reads: refused, emailed, audited. Settled: CLAIM_NOT_OPEN. */
export async function refuseClaim(
  deps: AppDeps,
  options: { claimId: string; reason: string; decidedBy: AuditActor & { operatorId: string } },
) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const before = await lockKnownClaim(tx, options.claimId);
    const claim = await applyClaimEvent(tx, {
      claimId: before.id,
      event: "refused",
      actor: `operator:${options.decidedBy.operatorId}`,
      now,
      set: { refusalReason: options.reason },
    });
    if (!claim) throw notOpen(before);
    await queueClaimEmail(tx, deps, { claim, key: "refused", step: { kind: "refused", reason: options.reason } });
    await recordAudit(tx, {
      operatorId: options.decidedBy.operatorId,
      action: "claim.refused",
      entityType: "claim",
      entityId: claim.id,
      before: { status: before.status },
      after: { status: claim.status, reason: options.reason },
      ip: options.decidedBy.ip,
      now,
    });
    return showClaim(deps, claim.id, tx);
  });
}
