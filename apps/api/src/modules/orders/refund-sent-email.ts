import { toDisplayText } from "@esim/shared/display-text";
import type { RefundMethod } from "@esim/shared/ledger/vocabulary";
import type { Language } from "@esim/shared/locale";
import { formatMoney } from "@esim/shared/money";
import { WEB_PATHS } from "@esim/shared/web-paths";
import type { DbOrTx } from "../../db/client.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { escapeHtml } from "../../lib/html.ts";
import { emailPage } from "../../providers/mail/email-page.ts";
import type { MailMessage } from "../../providers/mail/mail-port.ts";
import { queueEmail } from "../mail-outbox/index.ts";
import { findOrderForMail } from "./orders.repo.ts";

// The traveller told that a refund was sent (decision 062): how much, how, the transfer's reference, and what is still
// owed. In their language, queued in the transaction that records the refund.

interface RefundSentTexts {
  greeting: (name: string | null) => string;
  subject: (number: string) => string;
  sent: (amount: string, method: string) => string;
  storeCredit: (amount: string) => string;
  reference: string;
  stillOwed: (amount: string) => string;
  settled: string;
  details: string;
  signature: string;
  methods: Record<Exclude<RefundMethod, "store_credit">, string>;
}

const TEXTS: Record<Language, RefundSentTexts> = {
  fr: {
    greeting: (name) => (name ? `Bonjour ${name},` : "Bonjour,"),
    subject: (number) => `Remboursement envoyé – commande ${number}`,
    sent: (amount, method) => `Nous vous avons envoyé ${amount} par ${method}.`,
    storeCredit: (amount) =>
      `${amount} ont été ajoutés à votre avoir : ils sont déduits de votre prochaine commande, tout de suite.`,
    reference: "Référence du virement :",
    stillOwed: (amount) => `Il nous reste ${amount} à vous rembourser : vous recevrez un autre message à son envoi.`,
    settled: "Votre commande est maintenant entièrement remboursée.",
    details: "Voir ma commande",
    signature: "L'équipe eSIM Store",
    methods: { ccp_transfer: "virement CCP", bank_transfer: "virement bancaire", gateway: "la passerelle de paiement" },
  },
  en: {
    greeting: (name) => (name ? `Hello ${name},` : "Hello,"),
    subject: (number) => `Refund sent – order ${number}`,
    sent: (amount, method) => `We have sent you ${amount} by ${method}.`,
    storeCredit: (amount) => `${amount} was added to your store credit: it comes off your next order, right away.`,
    reference: "Transfer reference:",
    stillOwed: (amount) => `We still owe you ${amount}: you will get another message when it is sent.`,
    settled: "Your order is now fully refunded.",
    details: "See my order",
    signature: "The eSIM Store team",
    methods: { ccp_transfer: "CCP transfer", bank_transfer: "bank transfer", gateway: "the payment gateway" },
  },
  ar: {
    greeting: (name) => (name ? `مرحبًا ${name}،` : "مرحبًا،"),
    subject: (number) => `تم إرسال المبلغ المسترد – الطلب ${number}`,
    sent: (amount, method) => `أرسلنا إليك ${amount} عبر ${method}.`,
    storeCredit: (amount) => `أُضيف ${amount} إلى رصيدك في المتجر: يُخصم من طلبك القادم مباشرةً.`,
    reference: "مرجع التحويل:",
    stillOwed: (amount) => `لا يزال علينا أن نعيد لك ${amount}: ستصلك رسالة أخرى عند إرساله.`,
    settled: "تم الآن استرداد مبلغ طلبك بالكامل.",
    details: "عرض طلبي",
    signature: "فريق eSIM Store",
    methods: { ccp_transfer: "تحويل بريدي (CCP)", bank_transfer: "تحويل بنكي", gateway: "بوابة الدفع" },
  },
};

/** One refund sent, in the traveller's language: amount, method and reference, then what is still owed if any. */
export function refundSentEmail(options: {
  to: string;
  language: Language;
  name: string | null;
  order: { id: string; number: string };
  amountDzdMinor: number;
  method: RefundMethod;
  reference: string | null;
  stillOwedDzdMinor: number;
  publicUrl: string;
}): MailMessage {
  const texts = TEXTS[options.language];
  const amount = formatMoney(options.amountDzdMinor, "DZD");
  const subject = texts.subject(options.order.number);
  const detailsUrl = `${options.publicUrl}${WEB_PATHS.orderStatus(options.order.id)}`;
  const paragraphs = [
    texts.greeting(options.name ? toDisplayText(options.name) : null),
    options.method === "store_credit" ? texts.storeCredit(amount) : texts.sent(amount, texts.methods[options.method]),
    ...(options.reference && options.method !== "store_credit"
      ? [`${texts.reference} ${toDisplayText(options.reference)}`]
      : []),
    options.stillOwedDzdMinor > 0 ? texts.stillOwed(formatMoney(options.stillOwedDzdMinor, "DZD")) : texts.settled,
  ];
  return {
    to: options.to,
    subject,
    text: [...paragraphs, `${texts.details}: ${detailsUrl}`, texts.signature].join("\n\n"),
    html: emailPage({
      language: options.language,
      title: subject,
      body: [
        ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
        `<p><a href="${escapeHtml(detailsUrl)}">${escapeHtml(texts.details)}</a></p>`,
        `<p>${escapeHtml(texts.signature)}</p>`,
      ].join("\n"),
    }),
  };
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
    message: refundSentEmail({
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
