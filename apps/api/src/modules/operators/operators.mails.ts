import type { Language } from "@esim/shared/locale";
import { type CodeMailTexts, codeMail } from "../../providers/mail/code-mail.ts";
import type { MailMessage } from "../../providers/mail/mail-port.ts";

const TEXTS: Record<Language, CodeMailTexts> = {
  fr: {
    subject: "Votre code de connexion à la console",
    greeting: "Bonjour,",
    intro: "Voici votre code de connexion à la console d’exploitation :",
    validity: (minutes) =>
      `Il est valable ${minutes} minutes et ne sert qu'une fois. Votre application d'authentification vous sera demandée ensuite.`,
    ignore:
      "Si vous n'avez pas demandé ce code, ignorez ce message et prévenez un administrateur : personne ne peut se connecter sans lui.",
    signature: "L'équipe eSIM Store",
  },
  en: {
    subject: "Your console sign-in code",
    greeting: "Hello,",
    intro: "Here is your sign-in code for the operator's console:",
    validity: (minutes) =>
      `It is valid for ${minutes} minutes and works once. Your authenticator app will be asked for next.`,
    ignore:
      "If you did not ask for this code, ignore this message and tell an administrator: nobody can sign in without it.",
    signature: "The eSIM Store team",
  },
  ar: {
    subject: "رمز تسجيل الدخول إلى لوحة التشغيل",
    greeting: "مرحبًا،",
    intro: "إليك رمز تسجيل الدخول إلى لوحة تشغيل المتجر:",
    validity: (minutes) =>
      `هذا الرمز صالح لمدة ${minutes} دقائق ويُستخدم مرة واحدة فقط. سيُطلب منك بعد ذلك رمز تطبيق المصادقة.`,
    ignore: "إذا لم تطلب هذا الرمز، فتجاهل هذه الرسالة وأبلغ أحد المسؤولين: لا يمكن لأحد تسجيل الدخول بدونه.",
    signature: "فريق eSIM Store",
  },
};

/** The console's sign-in code email in the operator's chosen language (the code stays left to right). */
export function operatorCodeMail(options: {
  to: string;
  code: string;
  language: Language;
  validityMinutes: number;
}): MailMessage {
  return codeMail({ ...options, texts: TEXTS });
}
