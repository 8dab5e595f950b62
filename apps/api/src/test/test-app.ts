import type { Writable } from "node:stream";
import { asc, desc } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll } from "vitest";
import { buildApp } from "../app.ts";
import { type Config, loadConfig } from "../config.ts";
import { createAppDeps } from "../create-deps.ts";
import type { Database } from "../db/client.ts";
import type { AppDeps } from "../lib/deps.ts";
import { codeMailsSent } from "../modules/auth/index.ts";
import type { EsimProvider } from "../providers/esim/esim-port.ts";
import { createDevMailboxMailer } from "../providers/mail/dev-mailbox-mailer.ts";
import type { Mailer } from "../providers/mail/mail-port.ts";
import type { PaymentGateway } from "../providers/payment/payment-port.ts";
import { devMails, pushMessages } from "../providers/providers.schema.ts";
import type { PushSender } from "../providers/push/push-port.ts";
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
  /** Pushes the recorder kept (no FCM or APNs credentials in tests), oldest first. */
  pushes(): Promise<(typeof pushMessages.$inferSelect)[]>;
}

/**
 * The real app on a fresh database of this test file, with the dev mailbox as mailer
 * and a hand-moved clock. Closed after the file's tests.
 */
export async function createTestApp(
  options: {
    config?: Partial<Config>;
    mailer?: (db: Database) => Mailer;
    /** Replace a provider (e.g. the eSIM Access client pointed at its local double). */
    esim?: (deps: { config: Config; db: Database; now: () => Date }) => EsimProvider;
    payments?: (deps: { config: Config; db: Database; now: () => Date }) => PaymentGateway;
    push?: (deps: { config: Config; db: Database; now: () => Date }) => PushSender;
    /** Where the app's log lines go (with a LOG_LEVEL in `config`); without it the app logs nothing. */
    logStream?: Writable;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig(
    { NODE_ENV: "test", LOG_LEVEL: "silent" },
    {
      WEB_DIST_DIR: "/nonexistent",
      CONSOLE_DIST_DIR: "/nonexistent",
      DATABASE_URL: database.url,
      // Every test of a file is one client address (inject's 127.0.0.1); the tests of this cap set their own.
      UNPAID_ORDERS_PER_ADDRESS_PER_HOUR: 1_000_000,
      ...options.config,
    },
  );
  const clock = createTestClock();
  const mailer = options.mailer ? options.mailer(database.db) : createDevMailboxMailer(database.db);
  const providerDeps = { config, db: database.db, now: clock.now };
  const deps = createAppDeps(config, database.db, {
    mailer,
    now: clock.now,
    ...(options.esim ? { esim: options.esim(providerDeps) } : {}),
    ...(options.payments ? { payments: options.payments(providerDeps) } : {}),
    ...(options.push ? { push: options.push(providerDeps) } : {}),
  });
  const app = await buildApp(deps, options.logStream ? { logStream: options.logStream } : { logger: false });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await mailer.close();
    await deps.push.close();
    await database.close();
  });
  return {
    app,
    db: database.db,
    deps,
    clock,
    // Code emails go out after the answer: wait for those on their way, as a person waits for their inbox.
    mails: async () => {
      await codeMailsSent();
      return database.db.select().from(devMails).orderBy(desc(devMails.createdAt));
    },
    pushes: () => database.db.select().from(pushMessages).orderBy(asc(pushMessages.createdAt), asc(pushMessages.id)),
  };
}
