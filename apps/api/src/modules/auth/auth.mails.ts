import type { Language } from "@esim/shared/locale";
import type { MailMessage } from "../../providers/mail/mail-port.ts";

interface SignInCodeTexts {
  subject: string;
  greeting: string;
  intro: string;
  validity: (minutes: number) => string;
  ignore: string;
  signature: string;
}

const TEXTS: Record<Language, SignInCodeTexts> = {
  fr: {
    subject: "Votre code de connexion",
    greeting: "Bonjour,",
    intro: "Voici votre code de connexion :",
    validity: (minutes) => `Il est valable ${minutes} minutes et ne sert qu'une fois.`,
    ignore: "Si vous n'avez pas demandé ce code, ignorez ce message : personne ne peut se connecter sans lui.",
    signature: "L'équipe eSIM Store",
  },
  en: {
    subject: "Your sign-in code",
    greeting: "Hello,",
    intro: "Here is your sign-in code:",
    validity: (minutes) => `It is valid for ${minutes} minutes and works once.`,
    ignore: "If you did not ask for this code, ignore this message: nobody can sign in without it.",
    signature: "The eSIM Store team",
  },
  ar: {
    subject: "رمز تسجيل الدخول الخاص بك",
    greeting: "مرحبًا،",
    intro: "إليك رمز تسجيل الدخول الخاص بك:",
    validity: (minutes) => `هذا الرمز صالح لمدة ${minutes} دقائق ويُستخدم مرة واحدة فقط.`,
    ignore: "إذا لم تطلب هذا الرمز، فتجاهل هذه الرسالة: لا يمكن لأحد تسجيل الدخول بدونه.",
    signature: "فريق eSIM Store",
  },
};

const HTML_LANG: Record<Language, string> = { fr: "fr", en: "en", ar: "ar" };

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * The sign-in code email in the recipient's language. Arabic is laid out right to left;
 * the code stays left to right inside it (a `<bdi dir="ltr">` in HTML, Unicode isolates
 * in the text part) so its digits never reorder.
 */
export function signInCodeMail(options: {
  to: string;
  code: string;
  language: Language;
  validityMinutes: number;
}): MailMessage {
  const texts = TEXTS[options.language];
  const isRtl = options.language === "ar";
  const direction = isRtl ? "rtl" : "ltr";
  const codeInText = isRtl ? `\u2066${options.code}\u2069` : options.code;
  const validity = texts.validity(options.validityMinutes);
  const text = [texts.greeting, "", texts.intro, "", codeInText, "", validity, texts.ignore, "", texts.signature].join(
    "\n",
  );
  const html = `<!doctype html>
<html dir="${direction}" lang="${HTML_LANG[options.language]}">
<head><meta charset="utf-8"><title>${escapeHtml(texts.subject)}</title></head>
<body dir="${direction}" style="font-family: Arial, Helvetica, sans-serif; color: #1f2937; text-align: ${isRtl ? "right" : "left"};">
<p>${escapeHtml(texts.greeting)}</p>
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
