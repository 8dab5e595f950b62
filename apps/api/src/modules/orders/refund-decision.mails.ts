import type { Language } from "@esim/shared/locale";
import { refundDecisionEmail as refundDecisionEmailTemplate, renderEmail } from "@esim/ui/emails";
import type { DbOrTx } from "../../db/client.ts";
import type { AppDeps } from "../../lib/deps.ts";
import type { MailMessage } from "../../providers/mail/mail-port.ts";
import { queueEmail } from "../mail-outbox/index.ts";
import type { OrderRow } from "./order-lifecycle.ts";
import { findOrderForMail } from "./orders.repo.ts";

// The traveller's answer when their paid order could not be delivered: the money goes back (approved), or we keep
// delivering it (refused); and when their held payment (not the order's amount, currency or checkout) is refused: the
// money goes back. In their language (packages/ui's refundDecisionEmail); the operator's words quoted as typed.

/** approved / refused: a refund for an undelivered order; held_payment_refused: a held payment sent back. */
export type RefundDecision = "approved" | "refused" | "held_payment_refused";

/** The decision on a refund or a held payment, in the traveller's language, with the operator's reason. */
export async function refundDecisionEmail(options: {
  to: string;
  language: Language;
  name: string | null;
  order: Pick<OrderRow, "number" | "chargeDzdMinor">;
  decision: RefundDecision;
  reason: string;
  /** What is owed (the order's charge unless said). */
  amountDzdMinor?: number;
  /** The money owed is a held payment's: it goes back the way it came. */
  isHeldMoney?: boolean;
}): Promise<MailMessage> {
  const isHeld = options.decision === "held_payment_refused" || options.isHeldMoney;
  const rendered = await renderEmail(
    refundDecisionEmailTemplate,
    {
      name: options.name,
      orderNumber: options.order.number,
      decision: options.decision === "refused" ? "refused" : isHeld ? "held_refused" : "approved",
      reason: options.reason,
      owedDzdMinor: options.amountDzdMinor ?? options.order.chargeDzdMinor,
    },
    options.language,
  );
  return { to: options.to, ...rendered };
}

/** Queues the decision's email to the buyer (none once the account is gone), once per order and decision. */
export async function queueRefundDecisionEmail(
  tx: DbOrTx,
  deps: Pick<AppDeps, "config">,
  options: {
    order: OrderRow;
    decision: RefundDecision;
    reason: string;
    amountDzdMinor?: number;
    isHeldMoney?: boolean;
  },
): Promise<void> {
  const mail = await findOrderForMail(tx, options.order.id);
  if (!mail?.to) return;
  await queueEmail(tx, {
    key: `refund-decision:${options.decision}:${options.order.id}:${options.order.updatedAt.getTime()}`,
    message: await refundDecisionEmail({
      to: mail.to,
      language: mail.language,
      name: mail.name,
      order: options.order,
      decision: options.decision,
      reason: options.reason,
      ...(options.amountDzdMinor === undefined ? {} : { amountDzdMinor: options.amountDzdMinor }),
      isHeldMoney: options.isHeldMoney ?? false,
    }),
    orderId: options.order.id,
    publicUrl: deps.config.PUBLIC_URL,
  });
}
