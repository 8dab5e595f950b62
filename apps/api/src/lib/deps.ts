import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import type { Mailer } from "../providers/mail/mail-port.ts";

/** What services need from the outside world, built once at start (and by each test). */
export interface AppDeps {
  config: Config;
  db: Database;
  mailer: Mailer;
  /** The current time; tests move it instead of waiting. */
  now: () => Date;
}
