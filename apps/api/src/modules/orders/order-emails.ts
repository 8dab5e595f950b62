import { toDisplayText } from "@esim/shared/display-text";
import { formatMoney } from "@esim/shared/money";
import type { MailMessage } from "../../providers/mail/mail-port.ts";
import { operatorEmail } from "../../providers/mail/operator-email.ts";
import type { OrderRow } from "./order-lifecycle.ts";

// The order's emails besides the install details: the operator's alerts (in French, as the operator's other emails).

/** An order needs the operator: what, which order, and where to act on it (the console's order page, the commands). */
export function operatorAlertEmail(options: {
  to: string;
  order: Pick<OrderRow, "number" | "status" | "chargeDzdMinor" | "billing">;
  reason: string;
  publicUrl: string;
}): MailMessage {
  const { order } = options;
  const subject = `Commande ${order.number} à vérifier – ${options.reason.slice(0, 80)}`;
  const lines = [
    `Commande : ${order.number} (statut ${order.status})`,
    `Client : ${order.billing.email}`,
    `Montant payé ou attendu : ${formatMoney(order.chargeDzdMinor, "DZD")}`,
    `Motif : ${toDisplayText(options.reason, { isMultiline: true })}`,
    "",
    `Dans la console : ${options.publicUrl}/admin/orders/${order.number}`,
    `Voir : npm run ops -- order:show ${order.number}`,
    `À traiter : npm run ops -- orders:attention`,
  ];
  return operatorEmail({ to: options.to, subject, lines });
}
