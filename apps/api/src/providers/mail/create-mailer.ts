import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { createDevMailboxMailer } from "./dev-mailbox-mailer.ts";
import type { Mailer } from "./mail-port.ts";
import { createSmtpMailer } from "./smtp-mailer.ts";

/** SMTP when SMTP_URL is set, else the dev mailbox (never in production: loadConfig refuses production without SMTP_URL). */
export function createMailer(config: Config, db: Database): Mailer {
  if (config.SMTP_URL) return createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM });
  return createDevMailboxMailer(db);
}
