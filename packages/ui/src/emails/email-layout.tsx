import { HTML_LANG, textDirection } from "@esim/shared/locale";
import { Body, Container, Head, Html } from "@react-email/components";
import type { ReactNode } from "react";
import { useLanguage, useT } from "../i18n.ts";
import { EmailParagraph } from "./email-paragraph.tsx";

/**
 * The page around every email: the reader's language and direction (Arabic right to left), text aligned to the start
 * of the line (so it mirrors by itself), the one font and colour, and the team's signature last.
 */
export function EmailLayout({ title, children }: { title: string; children: ReactNode }) {
  const t = useT();
  const language = useLanguage();
  const direction = textDirection(language);
  return (
    <Html lang={HTML_LANG[language]} dir={direction}>
      <Head>
        <title>{title}</title>
      </Head>
      <Body
        dir={direction}
        style={{ fontFamily: "Arial, Helvetica, sans-serif", color: "#1f2937", textAlign: "start" }}
      >
        <Container style={{ maxWidth: "600px", padding: "0 16px" }}>
          {children}
          <EmailParagraph>{t("mail.signature")}</EmailParagraph>
        </Container>
      </Body>
    </Html>
  );
}
