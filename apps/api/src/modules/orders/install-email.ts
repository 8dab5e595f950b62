import { localPlanName, planTitle } from "@esim/shared/catalog/plan-name";
import { validityAdvice } from "@esim/shared/catalog/validity-start";
import { toDisplayText } from "@esim/shared/display-text";
import type { Language } from "@esim/shared/locale";
import { formatMoney } from "@esim/shared/money";
import { WEB_PATHS } from "@esim/shared/web-paths";
import type { DbOrTx } from "../../db/client.ts";
import { escapeHtml } from "../../lib/html.ts";
import { emailPage } from "../../providers/mail/email-page.ts";
import type { QrAttachment, QueuedMailMessage } from "../../providers/mail/mail-port.ts";
import { ICCID_TO_COME, iccidLine } from "../esims/index.ts";
import { queueEmail } from "../mail-outbox/index.ts";
import { findInstallEmailData } from "./provisioning.repo.ts";

type InstallEmailData = NonNullable<Awaited<ReturnType<typeof findInstallEmailData>>>;

interface InstallTexts {
  subject: (number: string) => string;
  greeting: (name: string | null) => string;
  intro: (destination: string) => string;
  esimHeading: (index: number, count: number) => string;
  scan: string;
  manual: string;
  smdp: string;
  activationCode: string;
  lpa: string;
  iphone: string;
  iphoneLink: string;
  singleUse: string;
  summary: string;
  orderNumber: string;
  plan: string;
  quantity: string;
  total: string;
  charged: string;
  signature: string;
}

const TEXTS: Record<Language, InstallTexts> = {
  fr: {
    subject: (number) => `Votre eSIM est prête – commande ${number}`,
    greeting: (name) => (name ? `Bonjour ${name},` : "Bonjour,"),
    intro: (destination) => `Merci pour votre achat. Voici comment installer votre eSIM ${destination}.`,
    esimHeading: (index, count) => (count > 1 ? `eSIM ${index} sur ${count}` : "Votre eSIM"),
    scan: "Scannez ce code QR depuis Réglages › Données cellulaires (iPhone) ou Réglages › Réseau › SIM (Android).",
    manual: "Installation manuelle :",
    smdp: "Adresse SM-DP+",
    activationCode: "Code d'activation",
    lpa: "Code complet (Android)",
    iphone: "Sur iPhone (iOS 17.4 ou plus récent), installez-la en un geste :",
    iphoneLink: "Installer sur iPhone",
    singleUse: "Le code QR ne sert en général qu'une fois : installez l'eSIM en Wi-Fi et ne la supprimez pas.",
    summary: "Récapitulatif de la commande",
    orderNumber: "Commande",
    plan: "Forfait",
    quantity: "Quantité",
    total: "Total",
    charged: "Montant débité",
    signature: "L'équipe eSIM Store",
  },
  en: {
    subject: (number) => `Your eSIM is ready – order ${number}`,
    greeting: (name) => (name ? `Hello ${name},` : "Hello,"),
    intro: (destination) => `Thank you for your purchase. Here is how to install your ${destination} eSIM.`,
    esimHeading: (index, count) => (count > 1 ? `eSIM ${index} of ${count}` : "Your eSIM"),
    scan: "Scan this QR code from Settings › Cellular (iPhone) or Settings › Network › SIMs (Android).",
    manual: "Manual installation:",
    smdp: "SM-DP+ address",
    activationCode: "Activation code",
    lpa: "Full code (Android)",
    iphone: "On iPhone (iOS 17.4 or later), install it in one tap:",
    iphoneLink: "Install on iPhone",
    singleUse: "The QR code usually works once: install the eSIM on Wi-Fi and do not delete it.",
    summary: "Order summary",
    orderNumber: "Order",
    plan: "Plan",
    quantity: "Quantity",
    total: "Total",
    charged: "Charged",
    signature: "The eSIM Store team",
  },
  ar: {
    subject: (number) => `شريحة eSIM الخاصة بك جاهزة – الطلب ${number}`,
    greeting: (name) => (name ? `مرحبًا ${name}،` : "مرحبًا،"),
    intro: (destination) => `شكرًا على شرائك. إليك طريقة تثبيت شريحة eSIM الخاصة بـ${destination}.`,
    esimHeading: (index, count) => (count > 1 ? `شريحة eSIM رقم ${index} من ${count}` : "شريحة eSIM الخاصة بك"),
    scan: "امسح رمز QR هذا من الإعدادات › البيانات الخلوية (iPhone) أو الإعدادات › الشبكة › شرائح SIM (Android).",
    manual: "التثبيت اليدوي:",
    smdp: "عنوان SM-DP+",
    activationCode: "رمز التفعيل",
    lpa: "الرمز الكامل (Android)",
    iphone: "على iPhone (iOS 17.4 أو أحدث)، ثبّتها بلمسة واحدة:",
    iphoneLink: "التثبيت على iPhone",
    singleUse: "رمز QR يُستخدم عادةً مرة واحدة فقط: ثبّت الشريحة عبر شبكة Wi-Fi ولا تحذفها.",
    summary: "ملخص الطلب",
    orderNumber: "الطلب",
    plan: "الباقة",
    quantity: "الكمية",
    total: "المجموع",
    charged: "المبلغ المدفوع",
    signature: "فريق eSIM Store",
  },
};

interface TopUpTexts {
  subject: (number: string) => string;
  intro: (plan: string, destination: string) => string;
  keep: string;
  details: string;
}

const TOP_UP_TEXTS: Record<Language, TopUpTexts> = {
  fr: {
    subject: (number) => `Votre recharge est appliquée – commande ${number}`,
    intro: (plan, destination) => `La recharge ${plan} est ajoutée à votre eSIM ${destination}.`,
    keep: "Rien à réinstaller : gardez simplement l'eSIM sur votre téléphone.",
    details: "Voir le solde de données",
  },
  en: {
    subject: (number) => `Your top-up is applied – order ${number}`,
    intro: (plan, destination) => `The ${plan} top-up is added to your ${destination} eSIM.`,
    keep: "Nothing to reinstall: just keep the eSIM on your phone.",
    details: "See the data left",
  },
  ar: {
    subject: (number) => `تمت إضافة إعادة الشحن – الطلب ${number}`,
    intro: (plan, destination) => `تمت إضافة باقة إعادة الشحن ${plan} إلى شريحة eSIM الخاصة بـ${destination}.`,
    keep: "لا حاجة لإعادة التثبيت: فقط أبقِ الشريحة على هاتفك.",
    details: "عرض البيانات المتبقية",
  },
};

/** Apple's one-tap install link (iOS 17.4+) for an LPA string. */
export function iphoneInstallUrl(activationCode: string): string {
  return `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${encodeURIComponent(activationCode)}`;
}

/**
 * The install email in the buyer's language (Arabic right to left; codes, ICCIDs and addresses stay left to right in
 * `<bdi>`): per eSIM its QR code as an inline image (CID attachment), the SM-DP+ address and activation code for a
 * manual install, the iPhone one-tap link; then the order summary.
 */
export function buildInstallEmail(data: InstallEmailData & { to: string; publicUrl: string }): QueuedMailMessage {
  const language: Language = data.user?.language ?? "fr";
  const texts = TEXTS[language];
  const isRtl = language === "ar";
  const ltr = (value: string) => `<bdi dir="ltr">${escapeHtml(value)}</bdi>`;
  const ltrText = (value: string) => (isRtl ? `\u2066${value}\u2069` : value);
  // An eSIM delivered before the upstream gave its ICCID installs with its code alone: the email says it is to come.
  const iccidHtml = (iccid: string | null) => (iccid ? `ICCID ${ltr(iccid)}` : escapeHtml(ICCID_TO_COME[language]));
  const names = { fr: data.destination.nameFr, en: data.destination.nameEn, ar: data.destination.nameAr };
  const destination = names[language];
  const { order } = data;
  const count = data.esims.length;
  const isTopUp = order.kind === "top_up";

  const attachments: QrAttachment[] = [];
  const htmlBlocks: string[] = [];
  const textBlocks: string[] = [];
  // A top-up needs no install: it says what was added and where to follow the data.
  const installEsims = isTopUp ? [] : data.esims;
  const topUpTexts = TOP_UP_TEXTS[language];
  if (isTopUp) {
    const detailsUrl = `${data.publicUrl}${WEB_PATHS.esimDetails(data.esims[0]?.id ?? "")}`;
    const iccid = data.esims[0]?.iccid ?? null;
    htmlBlocks.push(`<p>${iccidHtml(iccid)}</p>
<p><strong>${escapeHtml(topUpTexts.keep)}</strong></p>
<p><a href="${escapeHtml(detailsUrl)}">${escapeHtml(topUpTexts.details)}</a></p>`);
    textBlocks.push(
      [iccidLine(iccid, language, ltrText), topUpTexts.keep, `${topUpTexts.details}: ${detailsUrl}`].join("\n"),
    );
  }
  for (const [index, esim] of installEsims.entries()) {
    const cid = `esim-qr-${index + 1}@esim-store`;
    attachments.push({
      filename: `esim-${index + 1}-qr.png`,
      contentType: "image/png",
      cid,
      qrCodeOf: esim.activationCode,
    });
    const iphoneUrl = iphoneInstallUrl(esim.activationCode);
    htmlBlocks.push(`<h2 style="font-size: 18px;">${escapeHtml(texts.esimHeading(index + 1, count))} · ${iccidHtml(esim.iccid)}</h2>
<p>${escapeHtml(texts.scan)}</p>
<p><img src="cid:${cid}" width="240" height="240" alt="QR ${escapeHtml(esim.iccid ?? texts.esimHeading(index + 1, count))}" style="display: block;"></p>
<p>${escapeHtml(texts.iphone)} <a href="${escapeHtml(iphoneUrl)}">${escapeHtml(texts.iphoneLink)}</a></p>
<p>${escapeHtml(texts.manual)}</p>
<ul>
<li>${escapeHtml(texts.smdp)} : ${ltr(esim.smdpAddress)}</li>
<li>${escapeHtml(texts.activationCode)} : ${ltr(esim.matchingId)}</li>
<li>${escapeHtml(texts.lpa)} : ${ltr(esim.activationCode)}</li>
</ul>`);
    textBlocks.push(
      [
        `${texts.esimHeading(index + 1, count)} · ${iccidLine(esim.iccid, language, ltrText)}`,
        texts.scan,
        `${texts.iphone} ${iphoneUrl}`,
        texts.manual,
        `- ${texts.smdp}: ${ltrText(esim.smdpAddress)}`,
        `- ${texts.activationCode}: ${ltrText(esim.matchingId)}`,
        `- ${texts.lpa}: ${ltrText(esim.activationCode)}`,
      ].join("\n"),
    );
  }

  const summaryRows: [string, string][] = [
    [texts.orderNumber, order.number],
    [texts.plan, localPlanName({ ...data.package, destinationName: destination }, language)],
    [texts.quantity, String(order.quantity)],
    [texts.total, formatMoney(order.totalMinor, order.currency)],
    [texts.charged, formatMoney(order.chargeDzdMinor, "DZD")],
  ];
  const subject = isTopUp ? topUpTexts.subject(order.number) : texts.subject(order.number);
  const greeting = texts.greeting(data.user?.name ? toDisplayText(data.user.name) : null);
  const intro = isTopUp ? topUpTexts.intro(planTitle(data.package, language), destination) : texts.intro(destination);
  // When to install follows the plan (decision 050): on the day of departure, or before leaving and the deadline.
  const advice = validityAdvice({ ...data.package, activateBefore: data.esims[0]?.activateBefore }, language);
  const closing = isTopUp
    ? ""
    : `<p><strong>${escapeHtml(advice.sentence)}</strong> ${escapeHtml(advice.lasts)}</p>
<p><strong>${escapeHtml(texts.singleUse)}</strong></p>`;
  const html = emailPage({
    language,
    title: subject,
    body: `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
${htmlBlocks.join("\n")}
${closing}
<h2 style="font-size: 18px;">${escapeHtml(texts.summary)}</h2>
<table role="presentation">
${summaryRows.map(([label, value]) => `<tr><td>${escapeHtml(label)}</td><td>${ltr(value)}</td></tr>`).join("\n")}
</table>
<p>${escapeHtml(texts.signature)}</p>`,
  });
  const text = [
    greeting,
    "",
    intro,
    "",
    textBlocks.join("\n\n"),
    "",
    ...(isTopUp ? [] : [`${advice.sentence} ${advice.lasts}`, texts.singleUse, ""]),
    texts.summary,
    ...summaryRows.map(([label, value]) => `- ${label}: ${ltrText(value)}`),
    "",
    texts.signature,
  ].join("\n");
  return { to: data.to, subject, text, html, attachments };
}

/**
 * Queues the install details of an order just delivered (a top-up's "data added" email) in the delivery's own
 * transaction: decided once with the delivery, sent by the outbox after commit. Nothing when the buyer deleted the
 * account.
 */
export async function queueInstallEmail(
  tx: DbOrTx,
  options: {
    orderId: string;
    publicUrl: string /** Another key sends it again (the operator's resend). */;
    key?: string;
  },
): Promise<boolean> {
  const data = await findInstallEmailData(tx, options.orderId);
  const to = data?.user?.deletedAt ? null : data?.user?.email;
  if (!data || !to) return false;
  return queueEmail(tx, {
    key: options.key ?? `install:${options.orderId}`,
    message: buildInstallEmail({ ...data, to, publicUrl: options.publicUrl }),
    orderId: options.orderId,
    publicUrl: options.publicUrl,
  });
}
