import type { Language } from "@esim/shared/locale";
import type { AutomaticRefundReason } from "@esim/shared/orders/refunds";
import { WEB_PATHS } from "@esim/shared/web-paths";
import { automaticRefundEmail, renderEmail } from "@esim/ui/emails";
import { serverTranslator } from "@esim/ui/server-i18n";
import type { DbOrTx } from "../../db/client.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { queueEmail } from "../mail-outbox/index.ts";
import type { OrderRow } from "./order-lifecycle.ts";
import { findOrderForMail } from "./orders.repo.ts";

// A refund owed without an operator (decision 083): the traveller is told why in their language, from a stable reason
// code, never with the worker's own sentence nor an operator's "approved".

/** The credit note's reason for a refund owed without an operator, in the buyer's language. */
export function automaticRefundDocumentReason(reason: AutomaticRefundReason): (language: Language) => string {
  return (language) => serverTranslator(language)(`invoice.creditNote.automatic.${reason}`);
}

/** Queues the traveller's email (none once the account is gone), once per order and reason, in the caller's tx. */
export async function queueAutomaticRefundEmail(
  tx: DbOrTx,
  deps: Pick<AppDeps, "config">,
  options: {
    order: Pick<OrderRow, "id" | "number">;
    reason: AutomaticRefundReason;
    amountDzdMinor: number;
    /** Money held, never sold: it goes back the way it came, nothing to choose. */
    isHeldMoney: boolean;
  },
): Promise<void> {
  const mail = await findOrderForMail(tx, options.order.id);
  if (!mail?.to) return;
  const rendered = await renderEmail(
    automaticRefundEmail,
    {
      name: mail.name,
      orderNumber: options.order.number,
      reason: options.reason,
      owedDzdMinor: options.amountDzdMinor,
      isHeldMoney: options.isHeldMoney,
      orderUrl: `${deps.config.PUBLIC_URL}${WEB_PATHS.orderStatus(options.order.id)}`,
    },
    mail.language,
  );
  await queueEmail(tx, {
    key: `automatic-refund:${options.reason}:${options.order.id}`,
    message: { to: mail.to, ...rendered },
    orderId: options.order.id,
    publicUrl: deps.config.PUBLIC_URL,
  });
}
