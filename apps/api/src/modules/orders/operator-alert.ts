import type { OrderAttentionKind } from "@esim/shared/statuses";
import type { DbOrTx } from "../../db/client.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { queueEmail } from "../mail-outbox/index.ts";
import { operatorAlertEmail } from "./operator-alert.mails.ts";
import { flagOrder, type OrderActor, type OrderRow } from "./order-lifecycle.ts";

/**
 * An order that needs the operator, in the caller's transaction: flagged with the kind and reason (the transition
 * that resolves the kind clears it) and the operator emailed, once per order and kind. A delivery found overdue keeps
 * an earlier, more precise flag (provisioning failed for good), and the operator is still emailed.
 */
export async function alertOperator(
  tx: DbOrTx,
  deps: Pick<AppDeps, "config">,
  input: { order: OrderRow; kind: OrderAttentionKind; reason: string; actor: OrderActor; now: Date },
): Promise<void> {
  const { order, kind, reason } = input;
  const keepsEarlierFlag = kind === "delivery_overdue" && order.attentionKind === "provisioning_failed";
  if (!keepsEarlierFlag) {
    await flagOrder(tx, { orderId: order.id, kind, reason, actor: input.actor, now: input.now });
  }
  await queueEmail(tx, {
    key: `operator-alert:${kind}:${order.id}`,
    message: await operatorAlertEmail({
      to: deps.config.OPERATOR_EMAIL,
      order,
      kind,
      publicUrl: deps.config.PUBLIC_URL,
    }),
    orderId: order.id,
    publicUrl: deps.config.PUBLIC_URL,
  });
}
