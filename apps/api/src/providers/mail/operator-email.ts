import { escapeHtml } from "../../lib/html.ts";
import { emailPage } from "./email-page.ts";
import type { MailMessage } from "./mail-port.ts";

/** An email to the shop's operator: French, plain lines (facts, then the commands that act), shown as they are. */
export function operatorEmail(options: { to: string; subject: string; lines: string[] }): MailMessage {
  const text = options.lines.join("\n");
  return {
    to: options.to,
    subject: options.subject,
    text,
    html: emailPage({
      language: "fr",
      title: options.subject,
      body: `<pre style="font-family: monospace;">${escapeHtml(text)}</pre>`,
    }),
  };
}
