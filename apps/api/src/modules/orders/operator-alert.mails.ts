import type { OrderAttentionKind } from "@esim/shared/statuses";
import { WEB_PATHS } from "@esim/shared/web-paths";
import { operatorAlertEmail as operatorAlertEmailTemplate, renderEmail } from "@esim/ui/emails";
import type { MailMessage } from "../../providers/mail/mail-port.ts";
import type { OrderRow } from "./order-lifecycle.ts";

// The order's emails besides the install details: the operator's alerts. Operators have no language of their own
// yet, so alerts are written in French, the shop's language (decision 071), all of it: labels, status, attention.
export const OPERATOR_ALERT_LANGUAGE = "fr";

/** An order needs the operator: what, which order, and its page in the console. */
export async function operatorAlertEmail(options: {
  to: string;
  order: Pick<OrderRow, "number" | "status" | "chargeDzdMinor" | "billing">;
  kind: OrderAttentionKind;
  publicUrl: string;
}): Promise<MailMessage> {
  const { order } = options;
  const rendered = await renderEmail(
    operatorAlertEmailTemplate,
    {
      orderNumber: order.number,
      status: order.status,
      attention: options.kind,
      customerEmail: order.billing.email,
      chargeDzdMinor: order.chargeDzdMinor,
      consoleUrl: `${options.publicUrl}${WEB_PATHS.consoleOrder(order.number)}`,
    },
    OPERATOR_ALERT_LANGUAGE,
  );
  return { to: options.to, ...rendered };
}
