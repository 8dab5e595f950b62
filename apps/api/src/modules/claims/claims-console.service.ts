import type { ClaimStatus, ConsoleClaim } from "@esim/shared/claims/contracts";
import type { RefundChoice } from "@esim/shared/orders/refunds";
import type { DbOrTx } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { getOrderMoney } from "../ledger/index.ts";
import { type AuditActor, recordAudit } from "../operators/index.ts";
import { applyClaimEvent, type ClaimRow } from "./claim-lifecycle.ts";
import { claimOrderUrl, queueClaimEmail } from "./claims.mails.ts";
import { presentClaim, presentConsoleClaimItem } from "./claims.presenter.ts";
import {
  findClaimFacts,
  findConsoleClaim,
  insertClaimMessage,
  listClaimMessages,
  listConsoleClaims,
  lockClaim,
} from "./claims.repo.ts";

// The console's side of claims (decision 080): the list by deadline, a claim's page with its eSIM's and order's facts,
// and the three decisions (answer, refund, refuse), each audited, each emailed to the traveller in the same
// transaction. Refunding spans the order's refunds and the ledger: the settle-claim flow (decision 091) does it over
// the claim's own steps below.

const LIST_LIMIT = 200;

/** Claims as the console lists them: open ones by deadline (overdue first), then settled ones, newest first. */
export async function listClaimsForOperator(deps: Pick<AppDeps, "db" | "now">, options: { status?: ClaimStatus }) {
  const now = deps.now();
  const rows = await listConsoleClaims(deps.db, { ...options, limit: LIST_LIMIT });
  return rows.map((row) => presentConsoleClaimItem(row, now));
}

/** A claim with its thread, its eSIM's usage, status, APN and networks, the order's charge and what is owed on it. */
export async function showClaim(deps: Pick<AppDeps, "db" | "now">, claimId: string, db: DbOrTx = deps.db) {
  const row = await findConsoleClaim(db, claimId);
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
    item: presentConsoleClaimItem(row, deps.now()),
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
  } satisfies ConsoleClaim;
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
 * The settle-claim flow (decision 091): an operator refunds a claim across claims, the order's refunds, the ledger and
 * the audit. Handed in where the claims routes are registered (modules/index.ts): a module never imports a flow.
 */
export type SettleClaim = (
  deps: AppDeps,
  options: {
    claimId: string;
    method: RefundChoice;
    scope: "esim" | "order";
    decidedBy: AuditActor & { operatorId: string };
  },
) => Promise<ConsoleClaim>;

/**
 * The claim the settle-claim flow refunds, locked: still open (else CLAIM_NOT_OPEN) and filed within the 7 days (else
 * CLAIM_NOT_REFUNDABLE); unknown, NOT_FOUND.
 */
export async function lockClaimToRefund(tx: DbOrTx, claimId: string): Promise<ClaimRow> {
  const claim = await lockKnownClaim(tx, claimId);
  if (claim.status !== "received" && claim.status !== "answered") throw notOpen(claim);
  if (!claim.isRefundable) {
    throw new AppError("CLAIM_NOT_REFUNDABLE", { message: "Filed after the 7-day refund window." });
  }
  return claim;
}

/** The claim refunded (how, how much) and the traveller emailed in the caller's transaction; settled: CLAIM_NOT_OPEN. */
export async function markClaimRefunded(
  tx: DbOrTx,
  deps: AppDeps,
  options: { before: ClaimRow; method: RefundChoice; amountDzdMinor: number; actor: string; now: Date },
): Promise<ClaimRow> {
  const { before, method, amountDzdMinor } = options;
  const claim = await applyClaimEvent(tx, {
    claimId: before.id,
    event: "refunded",
    actor: options.actor,
    now: options.now,
    set: { refundMethod: method, refundDzdMinor: amountDzdMinor },
  });
  if (!claim) throw notOpen(before);
  await queueClaimEmail(tx, deps, {
    claim,
    key: "refunded",
    step: { kind: "refunded", method, amountDzdMinor, orderUrl: claimOrderUrl(deps, claim) },
  });
  return claim;
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
