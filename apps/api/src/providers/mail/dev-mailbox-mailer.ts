import type { Database } from "../../db/client.ts";
import { devMails } from "../../db/schema.ts";
import type { Mailer } from "./mail-port.ts";

/** Keeps messages in the database, shown at /dev/mailbox: lets a new user sign in with no SMTP server. */
export function createDevMailboxMailer(db: Database): Mailer {
  return {
    kind: "dev-mailbox",
    async send(message) {
      await db.insert(devMails).values(message);
    },
    async close() {},
  };
}
