import type { Language } from "@esim/shared/locale";
import { codeEmail, renderEmail } from "@esim/ui/emails";
import type { MailMessage } from "../../providers/mail/mail-port.ts";

/** The PIN reset code email in the user's language; the code stays left to right inside Arabic. */
export async function pinResetMail(options: {
  to: string;
  code: string;
  language: Language;
  validityMinutes: number;
}): Promise<MailMessage> {
  const { to, code, language, validityMinutes } = options;
  return { to, ...(await renderEmail(codeEmail, { kind: "pinReset", code, validityMinutes }, language)) };
}
