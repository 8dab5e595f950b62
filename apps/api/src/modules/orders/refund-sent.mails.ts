import type { RefundMethod } from "@esim/shared/ledger/vocabulary";
import type { Language } from "@esim/shared/locale";
import { WEB_PATHS } from "@esim/shared/web-paths";
import { refundSentEmail as refundSentEmailTemplate, renderEmail } from "@esim/ui/emails";
import type { DbOrTx } from "../../db/client.ts";
import type { AppDeps } from "../../lib/deps.ts";
import type { MailMessage } from "../../providers/mail/mail-port.ts";
import { queueEmail } from "../mail-outbox/index.ts";
import { findOrderForMail } from "./orders.repo.ts";

// The traveller told that a refund was sent (decision 062): how much, how, the transfer's reference, and what is still
// owed. In their language, queued in the transaction that records the refund.

/** One refund sent, in the traveller's language: amount, method and reference, then what is still owed if any. */
export async function refundSentEmail(options: {
  to: string;
  language: Language;
  name: string | null;
  order: { id: string; number: string };
  amountDzdMinor: number;
  method: RefundMethod;
  reference: string | null;
  stillOwedDzdMinor: number;
  publicUrl: string;
}): Promise<MailMessage> {
  const rendered = await renderEmail(
    refundSentEmailTemplate,
    {
      name: options.name,
      orderNumber: options.order.number,
      amountDzdMinor: options.amountDzdMinor,
      method: options.method,
      reference: options.reference,
      stillOwedDzdMinor: options.stillOwedDzdMinor,
      orderUrl: `${options.publicUrl}${WEB_PATHS.orderStatus(options.order.id)}`,
    },
    options.language,
  );
  return { to: options.to, ...rendered };
}

/** Queues the email of one refund sent (its ledger movement), once; none once the account is gone. */
export async function queueRefundSentEmail(
  tx: DbOrTx,
  deps: Pick<AppDeps, "config">,
  options: {
    order: { id: string; number: string };
    movementId: string;
    amountDzdMinor: number;
    method: RefundMethod;
    reference: string | null;
    stillOwedDzdMinor: number;
  },
): Promise<void> {
  const mail = await findOrderForMail(tx, options.order.id);
  if (!mail?.to) return;
  await queueEmail(tx, {
    key: `refund-sent:${options.movementId}`,
    message: await refundSentEmail({
      to: mail.to,
      language: mail.language,
      name: mail.name,
      order: options.order,
      amountDzdMinor: options.amountDzdMinor,
      method: options.method,
      reference: options.reference,
      stillOwedDzdMinor: options.stillOwedDzdMinor,
      publicUrl: deps.config.PUBLIC_URL,
    }),
    orderId: options.order.id,
    publicUrl: deps.config.PUBLIC_URL,
  });
}
