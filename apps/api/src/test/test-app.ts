import { desc } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll } from "vitest";
import { buildApp } from "../app.ts";
import { type Config, loadConfig } from "../config.ts";
import type { Database } from "../db/client.ts";
import { devMails } from "../db/schema.ts";
import type { AppDeps } from "../lib/deps.ts";
import { createDevMailboxMailer } from "../providers/mail/dev-mailbox-mailer.ts";
import type { Mailer } from "../providers/mail/mail-port.ts";
import { createTestDatabase } from "./database.ts";

/** A clock tests move by hand, so "10 minutes later" takes no time. */
export interface TestClock {
  now: () => Date;
  advance(ms: number): void;
  set(date: Date): void;
}

export function createTestClock(start = new Date("2026-06-01T10:00:00Z")): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (date) => {
      current = date.getTime();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  deps: AppDeps;
  clock: TestClock;
  /** Dev-mailbox messages, newest first. */
  mails(): Promise<(typeof devMails.$inferSelect)[]>;
}

/**
 * The real app on a fresh database of this test file, with the dev mailbox as mailer
 * and a hand-moved clock. Closed after the file's tests.
 */
export async function createTestApp(
  options: { config?: Partial<Config>; mailer?: (db: Database) => Mailer } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig(
    { NODE_ENV: "test", LOG_LEVEL: "silent" },
    { WEB_DIST_DIR: "/nonexistent", DATABASE_URL: database.url, ...options.config },
  );
  const clock = createTestClock();
  const mailer = options.mailer ? options.mailer(database.db) : createDevMailboxMailer(database.db);
  const deps: AppDeps = { config, db: database.db, mailer, now: clock.now };
  const app = await buildApp(deps, { logger: false });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await mailer.close();
    await database.close();
  });
  return {
    app,
    db: database.db,
    deps,
    clock,
    mails: () => database.db.select().from(devMails).orderBy(desc(devMails.createdAt)),
  };
}
