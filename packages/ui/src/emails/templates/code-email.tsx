import { formatNumber } from "@esim/shared/format";
import { type AnyMessageId, useConsoleT } from "../../console-i18n.ts";
import { EmailCode } from "../email-code.tsx";
import { EmailGreeting } from "../email-greeting.tsx";
import { EmailParagraph } from "../email-paragraph.tsx";
import type { EmailTemplate } from "../render-email.tsx";

/** The three one-time-code emails: a traveller's sign-in, a PIN reset, an operator's console sign-in. */
export type CodeEmailKind = "signIn" | "pinReset" | "console";

export interface CodeEmailProps {
  kind: CodeEmailKind;
  code: string;
  validityMinutes: number;
}

const WORDS: Record<
  CodeEmailKind,
  { subject: AnyMessageId; intro: AnyMessageId; ignore: AnyMessageId; next?: AnyMessageId }
> = {
  signIn: { subject: "mail.code.signIn.subject", intro: "mail.code.signIn.intro", ignore: "mail.code.signIn.ignore" },
  pinReset: {
    subject: "mail.code.pinReset.subject",
    intro: "mail.code.pinReset.intro",
    ignore: "mail.code.pinReset.ignore",
  },
  console: {
    subject: "console.mail.code.subject",
    intro: "console.mail.code.intro",
    ignore: "console.mail.code.ignore",
    next: "console.mail.code.next",
  },
};

function CodeEmailBody({ kind, code, validityMinutes }: CodeEmailProps) {
  const t = useConsoleT();
  const words = WORDS[kind];
  const validity = t("mail.code.validity", { minutes: validityMinutes, minutesText: formatNumber(validityMinutes) });
  return (
    <>
      <EmailGreeting name={null} />
      <EmailParagraph>{t(words.intro)}</EmailParagraph>
      <EmailCode code={code} />
      <EmailParagraph>{words.next ? `${validity} ${t(words.next)}` : validity}</EmailParagraph>
      <EmailParagraph>{t(words.ignore)}</EmailParagraph>
    </>
  );
}

/** A one-time code in the reader's language; the code stays left to right inside Arabic. */
export const codeEmail: EmailTemplate<CodeEmailProps> = {
  subject: (t, { kind }) => t(WORDS[kind].subject),
  Body: CodeEmailBody,
};
