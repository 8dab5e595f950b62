import { toDisplayText } from "@esim/shared/display-text";
import { formatDate, formatDateTime, formatNumber } from "@esim/shared/format";
import type { Language } from "@esim/shared/locale";
import { WEB_PATHS } from "@esim/shared/web-paths";
import { escapeHtml } from "../../lib/html.ts";
import { emailPage } from "../../providers/mail/email-page.ts";
import type { MailMessage } from "../../providers/mail/mail-port.ts";
import type { EsimAlertKind, EsimAlertSubject } from "./esim-alerts.repo.ts";

const BYTES_PER_MB = 1024 * 1024;
const MB_PER_GB = 1024;

// Texts take their variable parts as arguments and hold no HTML special characters themselves: the HTML version is
// the same function called with escaped arguments (dates wrapped left to right).
interface AlertTexts {
  greeting: (name: string | null) => string;
  gb: (amount: string) => string;
  mb: (amount: string) => string;
  usageSubject: (destination: string) => string;
  usageIntro: (destination: string) => string;
  dataLeft: (amount: string, validUntil: string | null) => string;
  usageAction: (canTopUp: boolean) => string;
  usageButton: (canTopUp: boolean) => string;
  expirySubject: (destination: string, isToday: boolean) => string;
  expiryIntro: (destination: string, expiresAt: string, isToday: boolean) => string;
  expiryAction: (canTopUp: boolean) => string;
  expiryButton: string;
  signature: string;
}

const TEXTS: Record<Language, AlertTexts> = {
  fr: {
    greeting: (name) => (name ? `Bonjour ${name},` : "Bonjour,"),
    gb: (amount) => `${amount} Go`,
    mb: (amount) => `${amount} Mo`,
    usageSubject: (destination) => `80 % des données de votre eSIM ${destination} sont utilisées`,
    usageIntro: (destination) => `Vous avez utilisé 80 % des données de votre eSIM ${destination}.`,
    dataLeft: (amount, validUntil) =>
      validUntil
        ? `Il vous reste ${amount}, valables jusqu'au ${validUntil} (heure d'Alger).`
        : `Il vous reste ${amount}.`,
    usageAction: (canTopUp) =>
      canTopUp
        ? "Rechargez-la dès maintenant pour rester connecté."
        : "Achetez un nouveau forfait pour rester connecté.",
    usageButton: (canTopUp) => (canTopUp ? "Recharger mon eSIM" : "Voir mon eSIM"),
    expirySubject: (destination, isToday) => `Votre eSIM ${destination} expire ${isToday ? "aujourd'hui" : "demain"}`,
    expiryIntro: (destination, expiresAt, isToday) =>
      `Votre eSIM ${destination} expire ${isToday ? "aujourd'hui" : "demain"}, le ${expiresAt} (heure d'Alger).`,
    expiryAction: (canTopUp) =>
      canTopUp
        ? "Rechargez-la ou achetez un nouveau forfait pour rester connecté."
        : "Achetez un nouveau forfait pour rester connecté.",
    expiryButton: "Voir mon eSIM",
    signature: "L'équipe eSIM Store",
  },
  en: {
    greeting: (name) => (name ? `Hello ${name},` : "Hello,"),
    gb: (amount) => `${amount} GB`,
    mb: (amount) => `${amount} MB`,
    usageSubject: (destination) => `80% of your ${destination} eSIM data is used`,
    usageIntro: (destination) => `You have used 80% of the data of your ${destination} eSIM.`,
    dataLeft: (amount, validUntil) =>
      validUntil ? `${amount} left, valid until ${validUntil} (Algiers time).` : `${amount} left.`,
    usageAction: (canTopUp) => (canTopUp ? "Top it up now to stay connected." : "Buy a new plan to stay connected."),
    usageButton: (canTopUp) => (canTopUp ? "Top up my eSIM" : "See my eSIM"),
    expirySubject: (destination, isToday) => `Your ${destination} eSIM expires ${isToday ? "today" : "tomorrow"}`,
    expiryIntro: (destination, expiresAt, isToday) =>
      `Your ${destination} eSIM expires ${isToday ? "today" : "tomorrow"}, on ${expiresAt} (Algiers time).`,
    expiryAction: (canTopUp) =>
      canTopUp ? "Top it up or buy a new plan to stay connected." : "Buy a new plan to stay connected.",
    expiryButton: "See my eSIM",
    signature: "The eSIM Store team",
  },
  ar: {
    greeting: (name) => (name ? `مرحبًا ${name}،` : "مرحبًا،"),
    gb: (amount) => `${amount} جيغابايت`,
    mb: (amount) => `${amount} ميغابايت`,
    usageSubject: (destination) => `تم استخدام 80٪ من بيانات شريحة eSIM الخاصة بـ${destination}`,
    usageIntro: (destination) => `لقد استخدمت 80٪ من بيانات شريحة eSIM الخاصة بـ${destination}.`,
    dataLeft: (amount, validUntil) =>
      validUntil ? `يتبقى لك ${amount}، صالحة حتى ${validUntil} (بتوقيت الجزائر).` : `يتبقى لك ${amount}.`,
    usageAction: (canTopUp) => (canTopUp ? "أعد شحنها الآن لتبقى متصلًا." : "اشترِ باقة جديدة لتبقى متصلًا."),
    usageButton: (canTopUp) => (canTopUp ? "إعادة شحن الشريحة" : "عرض الشريحة"),
    expirySubject: (destination, isToday) =>
      `تنتهي صلاحية شريحة eSIM الخاصة بـ${destination} ${isToday ? "اليوم" : "غدًا"}`,
    expiryIntro: (destination, expiresAt, isToday) =>
      `تنتهي صلاحية شريحة eSIM الخاصة بـ${destination} ${isToday ? "اليوم" : "غدًا"}، في ${expiresAt} (بتوقيت الجزائر).`,
    expiryAction: (canTopUp) =>
      canTopUp ? "أعد شحنها أو اشترِ باقة جديدة لتبقى متصلًا." : "اشترِ باقة جديدة لتبقى متصلًا.",
    expiryButton: "عرض الشريحة",
    signature: "فريق eSIM Store",
  },
};

function languageOf(subject: EsimAlertSubject): Language {
  return subject.user?.language ?? "fr";
}

function destinationName(subject: EsimAlertSubject, language: Language): string {
  const { nameFr, nameEn, nameAr } = subject.destination;
  return { fr: nameFr, en: nameEn, ar: nameAr }[language];
}

/** Bytes as people read them in the language: "1.25 Go", "300 MB" (GB from 1024 MB, as the web app shows them). */
export function formatDataAmount(bytes: number, language: Language): string {
  const texts = TEXTS[language];
  const mb = Math.max(0, bytes) / BYTES_PER_MB;
  if (mb >= MB_PER_GB) return texts.gb(formatNumber(Math.round((mb / MB_PER_GB) * 100) / 100));
  return texts.mb(formatNumber(Math.round(mb)));
}

/**
 * The alert email in the owner's language (Arabic right to left, dates left to right in `<bdi>`), with a button to
 * the eSIM's page (`/details/<id>`) where it is topped up. Dates are in Algiers time.
 */
export function buildEsimAlertEmail(
  kind: EsimAlertKind,
  subject: EsimAlertSubject,
  options: { to: string; publicUrl: string; now: Date },
): MailMessage {
  const language = languageOf(subject);
  const texts = TEXTS[language];
  const isRtl = language === "ar";
  const { esim } = subject;
  const destination = destinationName(subject, language);
  const detailsUrl = `${options.publicUrl}${WEB_PATHS.esimDetails(esim.id)}`;
  const expiresAt = esim.expiresAt ? formatDateTime(esim.expiresAt) : null;
  const ltrHtml = (value: string) => `<bdi dir="ltr">${escapeHtml(value)}</bdi>`;
  const ltrText = (value: string) => (isRtl ? `\u2066${value}\u2069` : value);
  const greeting = texts.greeting(subject.user?.name ? toDisplayText(subject.user.name) : null);

  let title: string;
  let lines: { text: string; html: string }[];
  let button: string;
  if (kind === "usage") {
    const left = formatDataAmount((esim.dataTotalBytes ?? 0) - esim.dataUsedBytes, language);
    title = texts.usageSubject(destination);
    lines = [
      { text: texts.usageIntro(destination), html: texts.usageIntro(escapeHtml(destination)) },
      {
        text: texts.dataLeft(left, expiresAt && ltrText(expiresAt)),
        html: texts.dataLeft(`<strong>${escapeHtml(left)}</strong>`, expiresAt && ltrHtml(expiresAt)),
      },
      { text: texts.usageAction(subject.supportsTopUp), html: escapeHtml(texts.usageAction(subject.supportsTopUp)) },
    ];
    button = texts.usageButton(subject.supportsTopUp);
  } else {
    const isToday = isExpiringToday(subject, options.now);
    const date = expiresAt ?? "";
    title = texts.expirySubject(destination, isToday);
    lines = [
      {
        text: texts.expiryIntro(destination, ltrText(date), isToday),
        html: texts.expiryIntro(escapeHtml(destination), ltrHtml(date), isToday),
      },
      { text: texts.expiryAction(subject.supportsTopUp), html: escapeHtml(texts.expiryAction(subject.supportsTopUp)) },
    ];
    button = texts.expiryButton;
  }

  const html = emailPage({
    language,
    title,
    body: `<p>${escapeHtml(greeting)}</p>
${lines.map((line) => `<p>${line.html}</p>`).join("\n")}
<p><a href="${escapeHtml(detailsUrl)}" style="display: inline-block; padding: 12px 20px; background: #227871; color: #ffffff; text-decoration: none; border-radius: 8px; font-weight: bold;">${escapeHtml(button)}</a></p>
<p>${escapeHtml(texts.signature)}</p>`,
  });
  const text = [
    greeting,
    "",
    ...lines.map((line) => line.text),
    "",
    `${button}: ${detailsUrl}`,
    "",
    texts.signature,
  ].join("\n");
  return { to: options.to, subject: title, text, html };
}

/** Whether the eSIM ends today by the Algiers calendar ("today" rather than "tomorrow"). */
function isExpiringToday(subject: EsimAlertSubject, now: Date): boolean {
  return subject.esim.expiresAt !== null && formatDate(subject.esim.expiresAt) === formatDate(now);
}

/**
 * The alert as a push notification, in the owner's language: the email's subject as title, what is left and what to
 * do as body, and the eSIM for the app to open its /details page when tapped.
 */
export function buildEsimAlertPush(kind: EsimAlertKind, subject: EsimAlertSubject, options: { now: Date }) {
  const language = languageOf(subject);
  const texts = TEXTS[language];
  const destination = destinationName(subject, language);
  const { esim, supportsTopUp } = subject;
  const data = { type: kind === "usage" ? ("esim_usage" as const) : ("esim_expiry" as const), esimId: esim.id };
  if (kind === "usage") {
    const left = formatDataAmount((esim.dataTotalBytes ?? 0) - esim.dataUsedBytes, language);
    return {
      title: texts.usageSubject(destination),
      body: `${texts.dataLeft(left, null)} ${texts.usageAction(supportsTopUp)}`,
      data,
    };
  }
  return {
    title: texts.expirySubject(destination, isExpiringToday(subject, options.now)),
    body: texts.expiryAction(supportsTopUp),
    data,
  };
}
