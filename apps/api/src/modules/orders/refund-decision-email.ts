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
  /** A held payment refused: what the gateway took (the ledger's) goes back the way it came (no choice, decision 062). */
  heldRefused: (amount: string) => string;
  reason: string;
  signature: string;
}

const TEXTS: Record<Language, RefundDecisionTexts> = {
  fr: {
    greeting: (name) => (name ? `Bonjour ${name},` : "Bonjour,"),
    approvedSubject: (number) => `Remboursement accepté – commande ${number}`,
    approved: (amount) =>
      `Nous n'avons pas pu livrer votre eSIM. Nous vous devons ${amount}. Choisissez sur la page de votre commande comment le recevoir : en avoir, utilisable tout de suite, ou par virement sur votre compte CCP ou bancaire, envoyé sous 7 jours.`,
    refusedSubject: (number) => `Votre commande ${number} reste en cours`,
    refused: "Nous ne remboursons pas cette commande pour l'instant : nous continuons à préparer votre eSIM.",
    heldRefusedSubject: (number) => `Paiement non accepté – commande ${number}`,
    heldRefused: (amount) =>
      `Nous n'avons pas pu accepter votre paiement : il ne correspond pas à votre commande, qui ne sera donc pas livrée. Nous vous devons ${amount}, renvoyés par le moyen utilisé pour payer sous 7 jours ; vous recevrez un message à l'envoi.`,
    reason: "Motif :",
    signature: "L'équipe eSIM Store",
  },
  en: {
    greeting: (name) => (name ? `Hello ${name},` : "Hello,"),
    approvedSubject: (number) => `Refund accepted – order ${number}`,
    approved: (amount) =>
      `We could not deliver your eSIM. We owe you ${amount}. Choose on your order's page how to get it back: as store credit, usable right away, or by transfer to your CCP or bank account, sent within 7 days.`,
    refusedSubject: (number) => `Your order ${number} is still in progress`,
    refused: "We are not refunding this order for now: we are still preparing your eSIM.",
    heldRefusedSubject: (number) => `Payment not accepted – order ${number}`,
    heldRefused: (amount) =>
      `We could not accept your payment: it does not match your order, which will therefore not be delivered. We owe you ${amount}, sent back the way it was paid within 7 days; you will get a message when it is sent.`,
    reason: "Reason:",
    signature: "The eSIM Store team",
  },
  ar: {
    greeting: (name) => (name ? `مرحبًا ${name}،` : "مرحبًا،"),
    approvedSubject: (number) => `تم قبول الاسترداد – الطلب ${number}`,
    approved: (amount) =>
      `لم نتمكن من تسليم شريحة eSIM الخاصة بك. لك عندنا ${amount}. اختر في صفحة طلبك طريقة استرجاعه: رصيدًا في المتجر يُستعمل فورًا، أو تحويلًا إلى حسابك البريدي (CCP) أو البنكي يُرسل خلال 7 أيام.`,
    refusedSubject: (number) => `طلبك ${number} لا يزال قيد المعالجة`,
    refused: "لن نسترد مبلغ هذا الطلب في الوقت الحالي: ما زلنا نحضّر شريحة eSIM الخاصة بك.",
    heldRefusedSubject: (number) => `لم يُقبل الدفع – الطلب ${number}`,
    heldRefused: (amount) =>
      `لم نتمكن من قبول دفعتك: فهي لا تطابق طلبك، لذلك لن يتم تسليمه. لك عندنا ${amount}، نعيدها بالوسيلة التي دفعت بها خلال 7 أيام؛ ستصلك رسالة عند الإرسال.`,
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
  /** What is owed (the order's charge unless said). */
  amountDzdMinor?: number;
  /** The money owed is a held payment's: it goes back the way it came. */
  isHeldMoney?: boolean;
}): MailMessage {
  const texts = TEXTS[options.language];
  const { number } = options.order;
  const owed = formatMoney(options.amountDzdMinor ?? options.order.chargeDzdMinor, "DZD");
  const isHeld = options.decision === "held_payment_refused" || options.isHeldMoney;
  const [subject, body] =
    options.decision === "refused"
      ? [texts.refusedSubject(number), texts.refused]
      : isHeld
        ? [texts.heldRefusedSubject(number), texts.heldRefused(owed)]
        : [texts.approvedSubject(number), texts.approved(owed)];
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
