import type { Language } from "@esim/shared/locale";
import { escapeHtml } from "../../lib/html.ts";
import { emailPage } from "./email-page.ts";
import type { MailMessage } from "./mail-port.ts";

/** What one kind of one-time-code email says, in one language. */
export interface CodeMailTexts {
  subject: string;
  /** Optional first line ("Hello,"). */
  greeting?: string;
  intro: string;
  validity: (minutes: number) => string;
  ignore: string;
  signature: string;
}

/**
 * A one-time-code email (sign-in, PIN reset) in the recipient's language. Arabic is laid out right to left;
 * the code stays left to right inside it (a `<bdi dir="ltr">` in HTML, Unicode isolates in the text part) so
 * its digits never reorder.
 */
export function codeMail(options: {
  to: string;
  code: string;
  language: Language;
  validityMinutes: number;
  texts: Record<Language, CodeMailTexts>;
}): MailMessage {
  const texts = options.texts[options.language];
  const isRtl = options.language === "ar";
  const codeInText = isRtl ? `\u2066${options.code}\u2069` : options.code;
  const validity = texts.validity(options.validityMinutes);
  const opening = texts.greeting ? [texts.greeting, ""] : [];
  const text = [...opening, texts.intro, "", codeInText, "", validity, texts.ignore, "", texts.signature].join("\n");
  const paragraphs = [...(texts.greeting ? [texts.greeting] : []), texts.intro]
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join("\n");
  const html = emailPage({
    language: options.language,
    title: texts.subject,
    body: `${paragraphs}
<p style="font-size: 28px; font-weight: bold; letter-spacing: 6px;"><bdi dir="ltr">${escapeHtml(options.code)}</bdi></p>
<p>${escapeHtml(validity)}</p>
<p>${escapeHtml(texts.ignore)}</p>
<p>${escapeHtml(texts.signature)}</p>`,
  });
  return { to: options.to, subject: texts.subject, text, html };
}
