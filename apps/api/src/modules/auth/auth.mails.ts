import type { Language } from "@esim/shared/locale";
import { type CodeMailTexts, codeMail } from "../../providers/mail/code-mail.ts";
import type { MailMessage } from "../../providers/mail/mail-port.ts";

const TEXTS: Record<Language, CodeMailTexts> = {
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

/** The sign-in code email in the recipient's language (Arabic right to left, the code left to right). */
export function signInCodeMail(options: {
  to: string;
  code: string;
  language: Language;
  validityMinutes: number;
}): MailMessage {
  return codeMail({ ...options, texts: TEXTS });
}
