import type { Database } from "../../db/client.ts";
import { devMails } from "../providers.schema.ts";
import type { Mailer } from "./mail-port.ts";

/** Keeps messages in the database, shown at /dev/mailbox: lets a new user sign in with no SMTP server. */
export function createDevMailboxMailer(db: Database): Mailer {
  return {
    kind: "dev-mailbox",
    async send({ attachments = [], messageId, ...message }) {
      // No mail client here to resolve `cid:` images: keep them visible as data URLs (the QR codes).
      let html = message.html;
      for (const attachment of attachments) {
        if (!attachment.cid) continue;
        const dataUrl = `data:${attachment.contentType};base64,${attachment.content.toString("base64")}`;
        html = html.replaceAll(`cid:${attachment.cid}`, dataUrl);
      }
      await db.insert(devMails).values({ ...message, html, headers: messageId ? { "Message-ID": messageId } : {} });
    },
    async close() {},
  };
}
