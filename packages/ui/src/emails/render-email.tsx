import { type Language, textDirection } from "@esim/shared/locale";
import { I18nProvider } from "@lingui/react";
import { render, toPlainText } from "@react-email/render";
import type { ComponentType } from "react";
import type { TranslateAny } from "../console-i18n.ts";
import { serverI18n, serverTranslator } from "../server-i18n.ts";
import { EmailLayout } from "./email-layout.tsx";

/** One kind of email: its subject and its body, both in the words of the one catalogue. */
export interface EmailTemplate<Props> {
  // Either catalogue: the operators' emails speak the console's words (decision 072).
  subject: (t: TranslateAny, props: Props) => string;
  Body: ComponentType<Props>;
}

/** An email ready for the outbox, in one language: subject, HTML and the plain-text part made from that HTML. */
export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** Renders a template in the reader's language, as Documenso's and Outline's emails are: React on the server. */
export async function renderEmail<Props extends object>(
  template: EmailTemplate<Props>,
  props: NoInfer<Props>,
  language: Language,
): Promise<RenderedEmail> {
  const subject = template.subject(serverTranslator(language), props);
  const { Body } = template;
  const html = await render(
    <I18nProvider i18n={serverI18n(language)}>
      <EmailLayout title={subject}>
        <Body {...props} />
      </EmailLayout>
    </I18nProvider>,
  );
  return { subject, html, text: toPlainText(html, plainTextOptions(textDirection(language) === "rtl")) };
}

// The parts of html-to-text's formatter API used here (its types are not installed).
interface TextElement {
  attribs?: Record<string, string>;
  children: unknown[];
}
interface TextBuilder {
  addInline(text: string, options?: { noWordTransform?: boolean }): void;
  addLineBreak(): void;
  openBlock(options: { leadingLineBreaks: number }): void;
  closeBlock(options: { trailingLineBreaks: number }): void;
}
type TextWalk = (nodes: unknown[], builder: TextBuilder) => void;

/**
 * The plain-text part: headings as written (not upper-cased), in a right-to-left email every `<bdi>` between
 * Unicode isolates (left to right for `dir="ltr"`), as the HTML shows them, and each link's words on their line with
 * its address alone on the next: a mail client takes a word glued to an address (Arabic too) as part of it.
 */
function plainTextOptions(isRtl: boolean) {
  return {
    selectors: [
      { selector: "h1", options: { uppercase: false } },
      { selector: "h2", options: { uppercase: false } },
      { selector: "bdi", format: isRtl ? "isolate" : "inline" },
      { selector: "a", format: "linkOnItsLine" },
    ],
    formatters: {
      isolate: (element: TextElement, walk: TextWalk, builder: TextBuilder) => {
        const isLtr = element.attribs?.dir === "ltr";
        builder.addInline(isLtr ? "\u2066" : "\u2068", { noWordTransform: true });
        walk(element.children, builder);
        builder.addInline("\u2069", { noWordTransform: true });
      },
      linkOnItsLine: (element: TextElement, walk: TextWalk, builder: TextBuilder) => {
        const href = element.attribs?.href ?? "";
        builder.openBlock({ leadingLineBreaks: 1 });
        walk(element.children, builder);
        if (href) {
          builder.addLineBreak();
          builder.addInline(href, { noWordTransform: true });
        }
        builder.closeBlock({ trailingLineBreaks: 1 });
      },
    },
  };
}
