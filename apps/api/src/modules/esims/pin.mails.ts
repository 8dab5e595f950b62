import type { Language } from "@esim/shared/locale";
import { type CodeMailTexts, codeMail } from "../../providers/mail/code-mail.ts";
import type { MailMessage } from "../../providers/mail/mail-port.ts";

const TEXTS: Record<Language, CodeMailTexts> = {
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

/** The PIN reset code email in the user's language; the code stays left to right inside Arabic. */
export function pinResetMail(options: {
  to: string;
  code: string;
  language: Language;
  validityMinutes: number;
}): MailMessage {
  return codeMail({ ...options, texts: TEXTS });
}
