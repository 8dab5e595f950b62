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
// delivering it (refused). Fixed texts in their language; the operator's words quoted as typed.

interface RefundDecisionTexts {
  greeting: (name: string | null) => string;
  approvedSubject: (number: string) => string;
  approved: (amount: string) => string;
  /** A held payment refused: its money goes back the way it came (no choice, decision 062). */
  approvedHeld: (amount: string) => string;
  refusedSubject: (number: string) => string;
  refused: string;
  reason: string;
  signature: string;
}

const TEXTS: Record<Language, RefundDecisionTexts> = {
  fr: {
    greeting: (name) => (name ? `Bonjour ${name},` : "Bonjour,"),
    approvedSubject: (number) => `Remboursement accepté – commande ${number}`,
    approved: (amount) =>
      `Nous n'avons pas pu livrer votre eSIM. Nous vous devons ${amount}. Choisissez sur la page de votre commande comment le recevoir : en avoir, utilisable tout de suite, ou par virement sur votre compte CCP ou bancaire, envoyé sous 7 jours.`,
    approvedHeld: (amount) =>
      `Nous ne pouvons pas accepter ce paiement. Nous vous devons ${amount}, renvoyés par le moyen utilisé pour payer sous 7 jours ; vous recevrez un message à l'envoi.`,
    refusedSubject: (number) => `Votre commande ${number} reste en cours`,
    refused: "Nous ne remboursons pas cette commande pour l'instant : nous continuons à préparer votre eSIM.",
    reason: "Motif :",
    signature: "L'équipe eSIM Store",
  },
  en: {
    greeting: (name) => (name ? `Hello ${name},` : "Hello,"),
    approvedSubject: (number) => `Refund accepted – order ${number}`,
    approved: (amount) =>
      `We could not deliver your eSIM. We owe you ${amount}. Choose on your order's page how to get it back: as store credit, usable right away, or by transfer to your CCP or bank account, sent within 7 days.`,
    approvedHeld: (amount) =>
      `We cannot accept this payment. We owe you ${amount}, sent back the way it was paid within 7 days; you will get a message when it is sent.`,
    refusedSubject: (number) => `Your order ${number} is still in progress`,
    refused: "We are not refunding this order for now: we are still preparing your eSIM.",
    reason: "Reason:",
    signature: "The eSIM Store team",
  },
  ar: {
    greeting: (name) => (name ? `مرحبًا ${name}،` : "مرحبًا،"),
    approvedSubject: (number) => `تم قبول الاسترداد – الطلب ${number}`,
    approved: (amount) =>
      `لم نتمكن من تسليم شريحة eSIM الخاصة بك. لك عندنا ${amount}. اختر في صفحة طلبك طريقة استرجاعه: رصيدًا في المتجر يُستعمل فورًا، أو تحويلًا إلى حسابك البريدي (CCP) أو البنكي يُرسل خلال 7 أيام.`,
    approvedHeld: (amount) =>
      `لا يمكننا قبول هذا الدفع. لك عندنا ${amount}، نعيدها بالوسيلة التي دفعت بها خلال 7 أيام؛ ستصلك رسالة عند الإرسال.`,
    refusedSubject: (number) => `طلبك ${number} لا يزال قيد المعالجة`,
    refused: "لن نسترد مبلغ هذا الطلب في الوقت الحالي: ما زلنا نحضّر شريحة eSIM الخاصة بك.",
    reason: "السبب:",
    signature: "فريق eSIM Store",
  },
};

/** The decision on a refund for an undelivered order, in the traveller's language, with the operator's reason. */
export function refundDecisionEmail(options: {
  to: string;
  language: Language;
  name: string | null;
  order: Pick<OrderRow, "number" | "chargeDzdMinor">;
  decision: "approved" | "refused";
  reason: string;
  /** What is owed (the order's charge unless said). */
  amountDzdMinor?: number;
  /** The money owed is a held payment's: it goes back the way it came. */
  isHeldMoney?: boolean;
}): MailMessage {
  const texts = TEXTS[options.language];
  const isApproved = options.decision === "approved";
  const subject = isApproved ? texts.approvedSubject(options.order.number) : texts.refusedSubject(options.order.number);
  const paragraphs = [
    texts.greeting(options.name ? toDisplayText(options.name) : null),
    isApproved
      ? (options.isHeldMoney ? texts.approvedHeld : texts.approved)(
          formatMoney(options.amountDzdMinor ?? options.order.chargeDzdMinor, "DZD"),
        )
      : texts.refused,
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
  options: {
    order: OrderRow;
    decision: "approved" | "refused";
    reason: string;
    amountDzdMinor?: number;
    isHeldMoney?: boolean;
  },
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
      ...(options.amountDzdMinor === undefined ? {} : { amountDzdMinor: options.amountDzdMinor }),
      isHeldMoney: options.isHeldMoney ?? false,
    }),
    orderId: options.order.id,
    publicUrl: deps.config.PUBLIC_URL,
  });
}
