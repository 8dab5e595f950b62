import { toDisplayText } from "@esim/shared/display-text";
import type { Language } from "@esim/shared/locale";
import { formatMoney } from "@esim/shared/money";
import { escapeHtml } from "../../lib/html.ts";
import { emailPage } from "../../providers/mail/email-page.ts";
import type { MailMessage } from "../../providers/mail/mail-port.ts";
import { operatorEmail } from "../../providers/mail/operator-email.ts";
import type { OrderRow } from "./order-lifecycle.ts";

// The order's emails besides the install details: the operator's alerts (in French, as the operator's other emails)
// and the buyer's notice of a refund for a payment that came too late.

/** An order needs the operator: what, which order, and the commands that show and act on it. */
export function operatorAlertEmail(options: {
  to: string;
  order: Pick<OrderRow, "number" | "status" | "chargeDzdMinor" | "billing">;
  reason: string;
}): MailMessage {
  const { order } = options;
  const subject = `Commande ${order.number} à vérifier – ${options.reason.slice(0, 80)}`;
  const lines = [
    `Commande : ${order.number} (statut ${order.status})`,
    `Client : ${order.billing.email}`,
    `Montant payé ou attendu : ${formatMoney(order.chargeDzdMinor, "DZD")}`,
    `Motif : ${toDisplayText(options.reason, { isMultiline: true })}`,
    "",
    `Voir : npm run ops -- order:show ${order.number}`,
    `À traiter : npm run ops -- orders:attention`,
  ];
  return operatorEmail({ to: options.to, subject, lines });
}

interface LateRefundTexts {
  subject: (number: string) => string;
  greeting: (name: string | null) => string;
  body: (amount: string) => string;
  signature: string;
}

const LATE_REFUND_TEXTS: Record<Language, LateRefundTexts> = {
  fr: {
    subject: (number) => `Votre paiement pour la commande ${number} sera remboursé`,
    greeting: (name) => (name ? `Bonjour ${name},` : "Bonjour,"),
    body: (amount) =>
      `Votre paiement de ${amount} nous est parvenu après l'expiration de votre commande, et son code promo n'était plus disponible. Nous ne pouvons donc pas livrer cette eSIM : nous vous remboursons ${amount} sur le moyen de paiement utilisé. Vous pouvez passer une nouvelle commande à tout moment.`,
    signature: "L'équipe eSIM Store",
  },
  en: {
    subject: (number) => `Your payment for order ${number} will be refunded`,
    greeting: (name) => (name ? `Hello ${name},` : "Hello,"),
    body: (amount) =>
      `Your payment of ${amount} reached us after your order had expired, and its promo code was no longer available. We cannot deliver this eSIM, so we are refunding ${amount} to the payment method you used. You can place a new order at any time.`,
    signature: "The eSIM Store team",
  },
  ar: {
    subject: (number) => `سيتم استرداد دفعتك للطلب ${number}`,
    greeting: (name) => (name ? `مرحبًا ${name}،` : "مرحبًا،"),
    body: (amount) =>
      `وصلتنا دفعتك البالغة ${amount} بعد انتهاء صلاحية طلبك، ولم يعد رمز الخصم الخاص به متاحًا. لذلك لا يمكننا تسليم هذه الشريحة، وسنعيد لك ${amount} إلى وسيلة الدفع المستعملة. يمكنك تقديم طلب جديد في أي وقت.`,
    signature: "فريق eSIM Store",
  },
};

/** Tells the payer, in their language, that a payment which came after the order lapsed goes back to them. */
export function lateRefundEmail(options: {
  to: string;
  language: Language;
  name?: string | null;
  order: Pick<OrderRow, "number" | "chargeDzdMinor">;
}): MailMessage {
  const texts = LATE_REFUND_TEXTS[options.language];
  const amount = formatMoney(options.order.chargeDzdMinor, "DZD");
  const subject = texts.subject(options.order.number);
  const paragraphs = [
    texts.greeting(options.name ? toDisplayText(options.name) : null),
    texts.body(amount),
    texts.signature,
  ];
  return {
    to: options.to,
    subject,
    text: paragraphs.join("\n\n"),
    html: emailPage({
      language: options.language,
      title: subject,
      body: paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join("\n"),
    }),
  };
}
