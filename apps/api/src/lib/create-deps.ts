import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { createMailer } from "../providers/mail/create-mailer.ts";
import type { AppDeps } from "./deps.ts";

/** The one place the outside world is chosen from configuration: used by the server, the CLI and tests. */
export function createAppDeps(config: Config, db: Database, overrides: Partial<AppDeps> = {}): AppDeps {
  return {
    config,
    db,
    mailer: createMailer(config, db),
    now: () => new Date(),
    ...overrides,
  };
}
