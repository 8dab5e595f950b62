import type { ConsoleClaim } from "@esim/shared/claims/contracts";
import type { RefundChoice } from "@esim/shared/orders/refunds";
import type { DbOrTx } from "../db/client.ts";
import { AppError } from "../lib/app-error.ts";
import type { AppDeps } from "../lib/deps.ts";
import { lockClaimToRefund, markClaimRefunded, showClaim } from "../modules/claims/index.ts";
import { findEsimById, iccidLine } from "../modules/esims/index.ts";
import { claimRefundedReason } from "../modules/invoices/index.ts";
import { getOrderMoney } from "../modules/ledger/index.ts";
import { type AuditActor, recordAudit } from "../modules/operators/index.ts";
import { lockOrder, type OrderRow, oweRefund, sendRefund } from "../modules/orders/index.ts";

// Settling a claim (decisions 080, 091): the operator refunds a traveller's claim that their eSIM did not work. Every
// step writes rows of one transaction (the traveller's email is an outbox row of it, nothing is sent outside it), so
// it is crash-safe without lib/workflow.ts: all of it commits or none, and the operator may click again.
//
//   1. the claim locked, still open and filed within its 7 days (claims);
//   2. the amount: the eSIM's share of the order or the whole order, never more than the order has left unrefunded
//      (a cancellation, an earlier claim): REFUND_AMOUNT_TOO_HIGH when nothing is left;
//   3. the refund owed on the ledger with its credit note (the order's refunds, decision 062); as store credit, sent
//      at once; as a transfer, owed until the operator records it (the traveller gives their account on the order's
//      page);
//   4. the claim refunded and the traveller emailed (claims);
//   5. the decision audited (operators).
//
// Handed to the claims routes where they are registered.

interface SettleClaimInput {
  claimId: string;
  method: RefundChoice;
  scope: "esim" | "order";
  decidedBy: AuditActor & { operatorId: string };
}

/** Refunds a claim; answers the claim as the console shows it. Settled already: CLAIM_NOT_OPEN. */
export async function settleClaim(deps: AppDeps, input: SettleClaimInput): Promise<ConsoleClaim> {
  const now = deps.now();
  const actor = `operator:${input.decidedBy.operatorId}`;
  return deps.db.transaction(async (tx) => {
    const before = await lockClaimToRefund(tx, input.claimId);
    const order = await lockOrder(tx, before.orderId);
    if (!order) throw new AppError("NOT_FOUND", { message: "No such order." });
    const amountDzdMinor = await refundableAmount(tx, order, input.scope);
    const iccid = (await findEsimById(tx, before.esimId))?.iccid ?? null;
    await oweRefund(tx, deps, {
      order,
      key: `refund-owed:claim:${before.id}`,
      source: "sale",
      amountDzdMinor,
      reason: `claim ${before.id}: the eSIM did not work (${before.reason})`,
      // The credit note and the accountant's export read the customer's language, with no raw code or id.
      documentReason: (language) => claimRefundedReason(language, iccidLine(iccid, language), before.reason),
      actor,
      now,
    });
    if (input.method === "store_credit") {
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
    const claim = await markClaimRefunded(tx, deps, { before, method: input.method, amountDzdMinor, actor, now });
    await recordAudit(tx, {
      operatorId: input.decidedBy.operatorId,
      action: "claim.refunded",
      entityType: "claim",
      entityId: claim.id,
      before: { status: before.status },
      after: { status: claim.status, method: input.method, amountDzdMinor, orderNumber: order.number },
      ip: input.decidedBy.ip,
      now,
    });
    return showClaim(deps, claim.id, tx);
  });
}

/** Step 2: the eSIM's share or the whole order, capped by what the order sold and has not refunded yet. */
async function refundableAmount(tx: DbOrTx, order: OrderRow, scope: SettleClaimInput["scope"]): Promise<number> {
  const share = Math.round(order.chargeDzdMinor / order.quantity);
  const money = await getOrderMoney(tx, order.id);
  const leftDzdMinor = money.soldDzdMinor - money.refundedDzdMinor;
  const amountDzdMinor = Math.min(scope === "order" ? order.chargeDzdMinor : share, leftDzdMinor);
  if (amountDzdMinor <= 0) {
    throw new AppError("REFUND_AMOUNT_TOO_HIGH", { message: "The order has nothing left to refund." });
  }
  return amountDzdMinor;
}
