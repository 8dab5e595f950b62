import nodemailer from "nodemailer";
import type { Mailer } from "./mail-port.ts";

/** Sends over SMTP (nodemailer). */
export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.url);
  return {
    kind: "smtp",
    async send(message) {
      await transport.sendMail({ from: options.from, ...message });
    },
    async close() {
      transport.close();
    },
  };
}
