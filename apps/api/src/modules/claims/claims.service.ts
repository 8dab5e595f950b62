import {
  CLAIM_REFUND_WINDOW_DAYS,
  type Claim,
  type EsimClaims,
  type OpenClaimBody,
} from "@esim/shared/claims/contracts";
import { REFUND_PROMISE_DAYS } from "@esim/shared/console/refunds-contract";
import { AppError } from "../../lib/app-error.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { findUserEsimView } from "../esims/index.ts";
import { applyClaimEvent } from "./claim-lifecycle.ts";
import { queueClaimEmail, queueClaimOperatorAlert } from "./claims.mails.ts";
import { presentClaim } from "./claims.presenter.ts";
import {
  countClaimsSince,
  findClaim,
  findOrderPaidAt,
  insertClaim,
  insertClaimMessage,
  listClaimMessages,
  listClaimsOfUser,
} from "./claims.repo.ts";

// The traveller's side of claims (decision 080): file one on an eSIM after the guided check, follow it, write again.

const DAY_MS = 24 * 60 * 60 * 1000;
/** Claims one traveller may file in a day, whatever the eSIM: a real traveller files one or two. */
export const CLAIMS_PER_DAY = 5;

/**
 * The 7-day rule (decision 080): a claim is refundable when filed within CLAIM_REFUND_WINDOW_DAYS of the purchase's
 * payment; the shop settles every claim within the refund promise (REFUND_PROMISE_DAYS) of its filing.
 */
export function claimDates(options: { paidAt: Date; openedAt: Date }) {
  const refundableUntil = new Date(options.paidAt.getTime() + CLAIM_REFUND_WINDOW_DAYS * DAY_MS);
  return {
    refundableUntil,
    isRefundable: options.openedAt <= refundableUntil,
    settleBy: new Date(options.openedAt.getTime() + REFUND_PROMISE_DAYS * DAY_MS),
  };
}

/**
 * Files a claim on one of the traveller's eSIMs with their first message, and emails them "received" in the same
 * transaction. Someone else's eSIM: NOT_FOUND; an open claim on it already: CLAIM_ALREADY_OPEN; over CLAIMS_PER_DAY
 * in 24 hours: RATE_LIMITED.
 */
export async function openClaim(
  deps: AppDeps,
  options: { userId: string; esimId: string; body: OpenClaimBody },
): Promise<Claim> {
  const view = await findUserEsimView(deps.db, options.userId, options.esimId);
  if (!view) throw new AppError("NOT_FOUND", { message: "No such eSIM." });
  const now = deps.now();
  if ((await countClaimsSince(deps.db, options.userId, new Date(now.getTime() - DAY_MS))) >= CLAIMS_PER_DAY) {
    throw new AppError("RATE_LIMITED", { message: "Too many claims today." });
  }
  const paidAt = (await findOrderPaidAt(deps.db, view.esim.orderId)) ?? now;
  return deps.db.transaction(async (tx) => {
    const claim = await insertClaim(tx, {
      esimId: view.esim.id,
      orderId: view.esim.orderId,
      userId: options.userId,
      reason: options.body.reason,
      refundPreference: options.body.refundPreference ?? "store_credit",
      ...claimDates({ paidAt, openedAt: now }),
      openedAt: now,
    });
    if (!claim) throw new AppError("CLAIM_ALREADY_OPEN", { message: "This eSIM already has an open claim." });
    await insertClaimMessage(tx, {
      claimId: claim.id,
      author: "traveller",
      body: options.body.message,
      createdAt: now,
    });
    await queueClaimEmail(tx, deps, {
      claim,
      key: "received",
      step: { kind: "received", settleBy: claim.settleBy, isRefundable: claim.isRefundable },
    });
    await queueClaimOperatorAlert(tx, deps, claim);
    return presentClaim(claim, await listClaimMessages(tx, [claim.id]));
  });
}

/** The guided check's facts for one of the traveller's eSIMs (its APN, its plan's networks) and its claims. */
export async function getEsimClaims(deps: AppDeps, options: { userId: string; esimId: string }): Promise<EsimClaims> {
  const view = await findUserEsimView(deps.db, options.userId, options.esimId);
  if (!view) throw new AppError("NOT_FOUND", { message: "No such eSIM." });
  return {
    apn: view.esim.apn,
    networks: view.package.networks,
    claims: await listMyClaims(deps, options),
  };
}

/** The traveller's claims (on one eSIM, or all), newest first, each with its thread. */
export async function listMyClaims(deps: AppDeps, options: { userId: string; esimId?: string }): Promise<Claim[]> {
  const rows = await listClaimsOfUser(deps.db, options.userId, options.esimId);
  const messages = await listClaimMessages(
    deps.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => presentClaim(row, messages));
}

/** The traveller writes again on their open claim: it goes back to the shop (received). Settled: CLAIM_NOT_OPEN. */
export async function replyToClaim(
  deps: AppDeps,
  options: { userId: string; claimId: string; message: string },
): Promise<Claim> {
  const found = await findClaim(deps.db, options.claimId);
  if (!found || found.userId !== options.userId) throw new AppError("NOT_FOUND", { message: "No such claim." });
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const claim = await applyClaimEvent(tx, {
      claimId: found.id,
      event: "traveller_replied",
      actor: `customer:${options.userId}`,
      now,
    });
    if (!claim) throw new AppError("CLAIM_NOT_OPEN", { message: "This claim is settled." });
    await insertClaimMessage(tx, { claimId: claim.id, author: "traveller", body: options.message, createdAt: now });
    return presentClaim(claim, await listClaimMessages(tx, [claim.id]));
  });
}
