import type { ChildProcess } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { queueEmail } from "./modules/mail-outbox/index.ts";
import { devMails } from "./providers/providers.schema.ts";
import { createTestDatabase } from "./test/database.ts";
import { freePort } from "./test/free-port.ts";
import { COMPILED_SERVER, spawnServer, waitFor } from "./test/server-process.ts";

// The compiled server in its two split roles on one database, as deployed on several machines: `web` answers and never
// runs a job; `worker` runs them and listens on no port.

const database = await createTestDatabase();
const children: ChildProcess[] = [];

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  await database.close();
});

/** The compiled server on the test's database, without the web build or the simulator's webhooks. */
function startCompiledServer(args: string[], env: Record<string, string>) {
  const server = spawnServer([COMPILED_SERVER, ...args], {
    NODE_ENV: "development",
    DATABASE_URL: database.url,
    WEB_DIST_DIR: "/nonexistent",
    SIMULATOR_NOTIFY_SECONDS: "0",
    ...env,
  });
  children.push(server.child);
  return server;
}

const sentMails = async () => (await database.db.select().from(devMails)).length;
const heartbeats = async () =>
  (await database.db.execute<{ count: number }>(sql`select count(*)::int as count from worker_heartbeats`)).rows[0]!
    .count;

describe("process roles", () => {
  it("a web instance answers and leaves a queued email alone; a worker sends it, listening on no port", async () => {
    await queueEmail(database.db, {
      key: "roles-test",
      message: { to: "traveller@example.com", subject: "Your eSIM", text: "Hello", html: "<p>Hello</p>" },
      publicUrl: "http://localhost",
    });
    const webPort = await freePort();
    const web = startCompiledServer(["--role", "web"], { PORT: String(webPort) });
    await waitFor(async () => {
      if (web.child.exitCode !== null) throw new Error(`the web instance exited:\n${web.output()}`);
      return (await fetch(`http://127.0.0.1:${webPort}/api/health`).catch(() => undefined))?.ok === true;
    }, "the web instance answers");
    // Longer than graphile-worker's poll (2 s): a worker in this process would have sent it by now.
    await sleep(3000);
    expect(await sentMails()).toBe(0);
    expect(await heartbeats()).toBe(0);

    const workerPort = await freePort();
    const worker = startCompiledServer([], { PROCESS_ROLE: "worker", PORT: String(workerPort) });
    await waitFor(async () => {
      if (worker.child.exitCode !== null) throw new Error(`the worker exited:\n${worker.output()}`);
      return (await sentMails()) === 1;
    }, "the worker sends the email");
    expect(await heartbeats()).toBe(1);
    const workerAnswer = await fetch(`http://127.0.0.1:${workerPort}/api/health`).catch(() => "refused");
    expect(workerAnswer).toBe("refused");

    web.child.kill("SIGTERM");
    worker.child.kill("SIGTERM");
    expect(await web.exited).toBe(0);
    expect(await worker.exited).toBe(0);
  }, 60_000);
});
