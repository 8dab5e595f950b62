import type { Language } from "@esim/shared/locale";
import { codeEmail, renderEmail } from "@esim/ui/emails";
import type { MailMessage } from "../../providers/mail/mail-port.ts";

/** The console's sign-in code email in the operator's chosen language (the code stays left to right). */
export async function operatorCodeMail(options: {
  to: string;
  code: string;
  language: Language;
  validityMinutes: number;
}): Promise<MailMessage> {
  const { to, code, language, validityMinutes } = options;
  return { to, ...(await renderEmail(codeEmail, { kind: "console", code, validityMinutes }, language)) };
}
