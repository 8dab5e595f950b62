import type { Language } from "@esim/shared/locale";
import type { MailMessage } from "../../providers/mail/mail-port.ts";

const TEXTS: Record<
  Language,
  { subject: string; intro: string; validity: (minutes: number) => string; ignore: string; signature: string }
> = {
  fr: {
    subject: "Réinitialisation de votre code PIN",
    intro: "Voici le code pour choisir un nouveau code PIN :",
    validity: (minutes) => `Il est valable ${minutes} minutes et ne sert qu'une fois.`,
    ignore: "Si vous n'avez pas demandé ce code, ignorez ce message : votre code PIN reste inchangé.",
    signature: "L'équipe eSIM Store",
  },
  en: {
    subject: "Reset your PIN",
    intro: "Here is the code to choose a new PIN:",
    validity: (minutes) => `It is valid for ${minutes} minutes and works once.`,
    ignore: "If you did not ask for this code, ignore this message: your PIN stays as it is.",
    signature: "The eSIM Store team",
  },
  ar: {
    subject: "إعادة تعيين رمز PIN",
    intro: "إليك الرمز لاختيار رمز PIN جديد:",
    validity: (minutes) => `هذا الرمز صالح لمدة ${minutes} دقائق ويُستخدم مرة واحدة فقط.`,
    ignore: "إذا لم تطلب هذا الرمز، فتجاهل هذه الرسالة: يبقى رمز PIN الخاص بك دون تغيير.",
    signature: "فريق eSIM Store",
  },
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** The PIN reset code email in the user's language; the code stays left to right inside Arabic. */
export function pinResetMail(options: {
  to: string;
  code: string;
  language: Language;
  validityMinutes: number;
}): MailMessage {
  const texts = TEXTS[options.language];
  const isRtl = options.language === "ar";
  const direction = isRtl ? "rtl" : "ltr";
  const validity = texts.validity(options.validityMinutes);
  const codeInText = isRtl ? `\u2066${options.code}\u2069` : options.code;
  const text = [texts.intro, "", codeInText, "", validity, texts.ignore, "", texts.signature].join("\n");
  const html = `<!doctype html>
<html dir="${direction}" lang="${options.language}">
<head><meta charset="utf-8"><title>${escapeHtml(texts.subject)}</title></head>
<body dir="${direction}" style="font-family: Arial, Helvetica, sans-serif; color: #1f2937; text-align: ${isRtl ? "right" : "left"};">
<p>${escapeHtml(texts.intro)}</p>
<p style="font-size: 28px; font-weight: bold; letter-spacing: 6px;"><bdi dir="ltr">${escapeHtml(options.code)}</bdi></p>
<p>${escapeHtml(validity)}</p>
<p>${escapeHtml(texts.ignore)}</p>
<p>${escapeHtml(texts.signature)}</p>
</body>
</html>
`;
  return { to: options.to, subject: texts.subject, text, html };
}
