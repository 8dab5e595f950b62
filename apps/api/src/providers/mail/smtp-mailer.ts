import type { Transporter } from "nodemailer";
import type { Mailer } from "./mail-port.ts";

/** Sends over SMTP (nodemailer, loaded at the first mail: a web-only instance may never send one). */
export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  let transport: Promise<Transporter> | undefined;
  const connect = () => {
    transport ??= import("nodemailer").then(({ default: nodemailer }) => nodemailer.createTransport(options.url));
    return transport;
  };
  return {
    kind: "smtp",
    async send(message) {
      await (await connect()).sendMail({ from: options.from, ...message });
    },
    async close() {
      if (transport) (await transport).close();
    },
  };
}
