import { toDisplayText } from "@esim/shared/display-text";
import type { Language } from "@esim/shared/locale";
import { formatMoney } from "@esim/shared/money";
import type { DbOrTx } from "../../db/client.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { escapeHtml } from "../../lib/html.ts";
import { emailPage } from "../../providers/mail/email-page.ts";
import type { MailMessage } from "../../providers/mail/mail-port.ts";
import { queueEmail } from "../mail-outbox/index.ts";
import type { OrderRow } from "./order-lifecycle.ts";
import { findOrderForMail } from "./orders.repo.ts";

// The traveller's answer when their paid order could not be delivered: the money goes back (approved), or we keep
// delivering it (refused); and when their held payment (not the order's amount, currency or checkout) is refused: the
// money goes back. Fixed texts in their language; the operator's words quoted as typed.

/** approved / refused: a refund for an undelivered order; held_payment_refused: a held payment sent back. */
export type RefundDecision = "approved" | "refused" | "held_payment_refused";

interface RefundDecisionTexts {
  greeting: (name: string | null) => string;
  approvedSubject: (number: string) => string;
  approved: (amount: string) => string;
  refusedSubject: (number: string) => string;
  refused: string;
  heldRefusedSubject: (number: string) => string;
  /** No amount: what the gateway took differs from the order's charge, and the exact refund is the ledger's. */
  heldRefused: string;
  reason: string;
  signature: string;
}

const TEXTS: Record<Language, RefundDecisionTexts> = {
  fr: {
    greeting: (name) => (name ? `Bonjour ${name},` : "Bonjour,"),
    approvedSubject: (number) => `Remboursement accepté – commande ${number}`,
    approved: (amount) =>
      `Nous n'avons pas pu livrer votre eSIM. Nous vous remboursons ${amount} sur le moyen de paiement utilisé, sous 7 jours ; le délai dépend ensuite de votre banque.`,
    refusedSubject: (number) => `Votre commande ${number} reste en cours`,
    refused: "Nous ne remboursons pas cette commande pour l'instant : nous continuons à préparer votre eSIM.",
    heldRefusedSubject: (number) => `Paiement non accepté – commande ${number}`,
    heldRefused:
      "Nous n'avons pas pu accepter votre paiement : il ne correspond pas à votre commande, qui ne sera donc pas livrée. Nous vous remboursons le montant payé sous 7 jours ; le délai dépend ensuite de votre banque.",
    reason: "Motif :",
    signature: "L'équipe eSIM Store",
  },
  en: {
    greeting: (name) => (name ? `Hello ${name},` : "Hello,"),
    approvedSubject: (number) => `Refund accepted – order ${number}`,
    approved: (amount) =>
      `We could not deliver your eSIM. We are refunding ${amount} to the payment method you used within 7 days; your bank then decides how long it takes.`,
    refusedSubject: (number) => `Your order ${number} is still in progress`,
    refused: "We are not refunding this order for now: we are still preparing your eSIM.",
    heldRefusedSubject: (number) => `Payment not accepted – order ${number}`,
    heldRefused:
      "We could not accept your payment: it does not match your order, which will therefore not be delivered. We are refunding the amount you paid within 7 days; your bank then decides how long it takes.",
    reason: "Reason:",
    signature: "The eSIM Store team",
  },
  ar: {
    greeting: (name) => (name ? `مرحبًا ${name}،` : "مرحبًا،"),
    approvedSubject: (number) => `تم قبول الاسترداد – الطلب ${number}`,
    approved: (amount) =>
      `لم نتمكن من تسليم شريحة eSIM الخاصة بك. سنعيد لك ${amount} إلى وسيلة الدفع المستعملة خلال 7 أيام، ثم تتوقف المدة على بنكك.`,
    refusedSubject: (number) => `طلبك ${number} لا يزال قيد المعالجة`,
    refused: "لن نسترد مبلغ هذا الطلب في الوقت الحالي: ما زلنا نحضّر شريحة eSIM الخاصة بك.",
    heldRefusedSubject: (number) => `لم يُقبل الدفع – الطلب ${number}`,
    heldRefused:
      "لم نتمكن من قبول دفعتك: فهي لا تطابق طلبك، لذلك لن يتم تسليمه. سنعيد لك المبلغ المدفوع خلال 7 أيام، ثم تتوقف المدة على بنكك.",
    reason: "السبب:",
    signature: "فريق eSIM Store",
  },
};

/** The decision on a refund or a held payment, in the traveller's language, with the operator's reason. */
export function refundDecisionEmail(options: {
  to: string;
  language: Language;
  name: string | null;
  order: Pick<OrderRow, "number" | "chargeDzdMinor">;
  decision: RefundDecision;
  reason: string;
}): MailMessage {
  const texts = TEXTS[options.language];
  const { number } = options.order;
  const [subject, body] =
    options.decision === "approved"
      ? [texts.approvedSubject(number), texts.approved(formatMoney(options.order.chargeDzdMinor, "DZD"))]
      : options.decision === "refused"
        ? [texts.refusedSubject(number), texts.refused]
        : [texts.heldRefusedSubject(number), texts.heldRefused];
  const paragraphs = [
    texts.greeting(options.name ? toDisplayText(options.name) : null),
    body,
    `${texts.reason} ${toDisplayText(options.reason, { isMultiline: true })}`,
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

/** Queues the decision's email to the buyer (none once the account is gone), once per order and decision. */
export async function queueRefundDecisionEmail(
  tx: DbOrTx,
  deps: Pick<AppDeps, "config">,
  options: { order: OrderRow; decision: RefundDecision; reason: string },
): Promise<void> {
  const mail = await findOrderForMail(tx, options.order.id);
  if (!mail?.to) return;
  await queueEmail(tx, {
    key: `refund-decision:${options.decision}:${options.order.id}:${options.order.updatedAt.getTime()}`,
    message: refundDecisionEmail({
      to: mail.to,
      language: mail.language,
      name: mail.name,
      order: options.order,
      decision: options.decision,
      reason: options.reason,
    }),
    orderId: options.order.id,
    publicUrl: deps.config.PUBLIC_URL,
  });
}
