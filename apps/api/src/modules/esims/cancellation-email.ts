import { toDisplayText } from "@esim/shared/display-text";
import type { Language } from "@esim/shared/locale";
import { formatMoney } from "@esim/shared/money";
import { WEB_PATHS } from "@esim/shared/web-paths";
import { escapeHtml } from "../../lib/html.ts";
import { emailPage } from "../../providers/mail/email-page.ts";
import type { MailMessage } from "../../providers/mail/mail-port.ts";
import { operatorEmail } from "../../providers/mail/operator-email.ts";
import type { findCancellationEmailData } from "./cancellation.repo.ts";
import { iccidLine } from "./iccid-text.ts";

type EmailData = NonNullable<Awaited<ReturnType<typeof findCancellationEmailData>>>;

interface DecisionTexts {
  greeting: (name: string | null) => string;
  approvedSubject: (orderNumber: string) => string;
  approved: (destination: string, amount: string) => string;
  refusedSubject: (orderNumber: string) => string;
  refused: (destination: string) => string;
  reason: string;
  note: string;
  details: string;
  order: string;
  signature: string;
}

const TEXTS: Record<Language, DecisionTexts> = {
  fr: {
    greeting: (name) => (name ? `Bonjour ${name},` : "Bonjour,"),
    approvedSubject: (number) => `Annulation acceptée – commande ${number}`,
    approved: (destination, amount) =>
      `Votre eSIM ${destination} est annulée. Nous vous devons ${amount}. Choisissez sur la page de votre commande comment le recevoir : en avoir, utilisable tout de suite, ou par virement sur votre compte CCP ou bancaire, envoyé sous 7 jours. Vous recevrez un message à chaque envoi.`,
    refusedSubject: (number) => `Annulation refusée – commande ${number}`,
    refused: (destination) => `Nous ne pouvons pas annuler votre eSIM ${destination}.`,
    reason: "Motif :",
    note: "Message de notre équipe :",
    details: "Voir mon eSIM",
    order: "Choisir mon remboursement",
    signature: "L'équipe eSIM Store",
  },
  en: {
    greeting: (name) => (name ? `Hello ${name},` : "Hello,"),
    approvedSubject: (number) => `Cancellation accepted – order ${number}`,
    approved: (destination, amount) =>
      `Your ${destination} eSIM is cancelled. We owe you ${amount}. Choose on your order's page how to get it back: as store credit, usable right away, or by transfer to your CCP or bank account, sent within 7 days. You will get a message each time money is sent.`,
    refusedSubject: (number) => `Cancellation refused – order ${number}`,
    refused: (destination) => `We cannot cancel your ${destination} eSIM.`,
    reason: "Reason:",
    note: "A word from our team:",
    details: "See my eSIM",
    order: "Choose my refund",
    signature: "The eSIM Store team",
  },
  ar: {
    greeting: (name) => (name ? `مرحبًا ${name}،` : "مرحبًا،"),
    approvedSubject: (number) => `تم قبول الإلغاء – الطلب ${number}`,
    approved: (destination, amount) =>
      `تم إلغاء شريحة eSIM الخاصة بـ${destination}. لك عندنا ${amount}. اختر في صفحة طلبك طريقة استرجاعه: رصيدًا في المتجر يُستعمل فورًا، أو تحويلًا إلى حسابك البريدي (CCP) أو البنكي يُرسل خلال 7 أيام. ستصلك رسالة عند كل إرسال.`,
    refusedSubject: (number) => `تم رفض الإلغاء – الطلب ${number}`,
    refused: (destination) => `لا يمكننا إلغاء شريحة eSIM الخاصة بـ${destination}.`,
    reason: "السبب:",
    note: "رسالة من فريقنا:",
    details: "عرض شريحتي",
    order: "اختيار طريقة الاسترداد",
    signature: "فريق eSIM Store",
  },
};

/** The operator's email: what was asked, by whom, for which eSIM, and the commands that decide it. */
export function buildOperatorEmail(data: EmailData, to: string): MailMessage {
  const { request } = data;
  const amount = formatMoney(request.refundDzdMinor, "DZD");
  const iccid = iccidLine(data.iccid, "fr");
  const subject = `Demande d'annulation – ${data.orderNumber} – ${iccid}`;
  const lines = [
    `Commande : ${data.orderNumber}`,
    `ICCID : ${data.iccid ?? "à venir"}`,
    `Client : ${data.user?.email ?? "(compte supprimé)"}`,
    `Destination : ${data.destination.nameFr}`,
    `Demandée le : ${request.requestedAt.toISOString()}`,
    `Montant dû au client une fois acceptée : ${amount} (avoir ou virement, au choix du client)`,
    `Motif du client : ${request.reason ? toDisplayText(request.reason) : "(aucun)"}`,
    "",
    `Accepter : npm run ops -- cancellation:approve ${request.id}`,
    `Refuser : npm run ops -- cancellation:refuse ${request.id} "<motif lu par le client>"`,
  ];
  return operatorEmail({ to, subject, lines });
}

/**
 * The traveller's answer, in their language: approved with the refund, or refused with the operator's reason; the
 * operator's words on an approval (`note`) are quoted as typed.
 */
export function buildDecisionEmail(
  data: EmailData,
  options: { to: string; publicUrl: string; note?: string | null },
): MailMessage {
  const language: Language = data.user?.language ?? "fr";
  const texts = TEXTS[language];
  const destination = { fr: data.destination.nameFr, en: data.destination.nameEn, ar: data.destination.nameAr }[
    language
  ];
  const isApproved = data.request.status === "approved";
  const amount = formatMoney(data.request.refundDzdMinor, "DZD");
  const subject = isApproved ? texts.approvedSubject(data.orderNumber) : texts.refusedSubject(data.orderNumber);
  const body = isApproved ? texts.approved(destination, amount) : texts.refused(destination);
  const reason = isApproved
    ? options.note
      ? `${texts.note} ${toDisplayText(options.note, { isMultiline: true })}`
      : null
    : `${texts.reason} ${toDisplayText(data.request.refusalReason ?? "", { isMultiline: true })}`;
  const detailsUrl = `${options.publicUrl}${WEB_PATHS.esimDetails(data.esimId)}`;
  // Approved: the refund is owed, chosen on the order's page.
  const orderUrl = isApproved ? `${options.publicUrl}${WEB_PATHS.orderStatus(data.request.orderId)}` : null;
  const greeting = texts.greeting(data.user?.name ? toDisplayText(data.user.name) : null);
  const text = [
    greeting,
    "",
    body,
    ...(reason ? [reason] : []),
    "",
    ...(orderUrl ? [`${texts.order}: ${orderUrl}`] : []),
    `${texts.details}: ${detailsUrl}`,
    "",
    texts.signature,
  ].join("\n");
  const html = emailPage({
    language,
    title: subject,
    body: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(body)}</p>`,
      ...(reason ? [`<p>${escapeHtml(reason)}</p>`] : []),
      ...(orderUrl ? [`<p><a href="${escapeHtml(orderUrl)}">${escapeHtml(texts.order)}</a></p>`] : []),
      `<p><a href="${escapeHtml(detailsUrl)}">${escapeHtml(texts.details)}</a></p>`,
      `<p>${escapeHtml(texts.signature)}</p>`,
    ].join("\n"),
  });
  return { to: options.to, subject, text, html };
}
