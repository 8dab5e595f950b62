import type { Language } from "@esim/shared/locale";
import { codeEmail, renderEmail } from "@esim/ui/emails";
import type { MailMessage } from "../../providers/mail/mail-port.ts";

/** The sign-in code email in the recipient's language (Arabic right to left, the code left to right). */
export async function signInCodeMail(options: {
  to: string;
  code: string;
  language: Language;
  validityMinutes: number;
}): Promise<MailMessage> {
  const { to, code, language, validityMinutes } = options;
  return { to, ...(await renderEmail(codeEmail, { kind: "signIn", code, validityMinutes }, language)) };
}
