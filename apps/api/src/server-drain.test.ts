import type { ChildProcess } from "node:child_process";
import { createServer, type Socket } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queueEmail } from "./modules/mail-outbox/index.ts";
import { mailOutbox } from "./modules/mail-outbox/mail-outbox.schema.ts";
import { createTestDatabase } from "./test/database.ts";
import { freePort } from "./test/free-port.ts";
import { COMPILED_SERVER, spawnServer, startSlowRequest, waitFor } from "./test/server-process.ts";

// The compiled server (`node apps/api/dist/server.js`, as deployed) stopped by SIGTERM while a request is in flight and
// a job hangs on a mail server that never answers: systemd and Docker send SIGKILL 10 s after SIGTERM.

const database = await createTestDatabase();
const children: ChildProcess[] = [];
const mailSockets: Socket[] = [];
// Accepts SMTP connections and never greets: nodemailer waits 30 s before giving up.
const silentMailServer = createServer((socket) => mailSockets.push(socket));

beforeAll(async () => {
  await new Promise<void>((resolve) => silentMailServer.listen(0, "127.0.0.1", resolve));
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  for (const socket of mailSockets) socket.destroy();
  silentMailServer.close();
  await database.close();
});

describe("the compiled server on SIGTERM", () => {
  it("answers the request in flight, hands a hung job back to the queue and exits 0 within 10 s", async () => {
    await queueEmail(database.db, {
      key: "drain-test",
      message: { to: "traveller@example.com", subject: "Your eSIM", text: "Hello", html: "<p>Hello</p>" },
      publicUrl: "http://localhost",
    });
    const port = await freePort();
    const server = spawnServer([COMPILED_SERVER], {
      DATABASE_URL: database.url,
      PORT: String(port),
      NODE_ENV: "development",
      SMTP_URL: `smtp://127.0.0.1:${(silentMailServer.address() as { port: number }).port}`,
      WEB_DIST_DIR: "/nonexistent",
      SIMULATOR_NOTIFY_SECONDS: "0",
    });
    children.push(server.child);
    await waitFor(async () => {
      if (server.child.exitCode !== null) throw new Error(`the server exited:\n${server.output()}`);
      return (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined))?.ok === true;
    }, "the server answers");
    // The job is running: it has connected to the mail server and waits for a greeting that never comes.
    await waitFor(() => mailSockets.length > 0, "the send-email job connects to the mail server");

    const slow = await startSlowRequest(port, JSON.stringify({ email: "not-an-address", language: "en" }));
    const signalledAt = Date.now();
    server.child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 300));
    const { status } = await slow.finish();
    const code = await server.exited;
    const stoppedInMs = Date.now() - signalledAt;

    // An answer (the address is refused), not a connection reset.
    expect(status).toBe(400);
    expect(code).toBe(0);
    expect(stoppedInMs).toBeLessThan(10_000);
    const jobs = await database.db.execute<{ locked_at: string | null; attempts: number }>(
      sql`select locked_at, attempts from graphile_worker._private_jobs j
          join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier = 'send-email'`,
    );
    // Free for any worker now, not held by a dead process until WORKER_DEAD_AFTER_SECONDS.
    expect(jobs.rows).toEqual([{ locked_at: null, attempts: 1 }]);
    const [email] = await database.db.select().from(mailOutbox);
    expect(email?.sentAt).toBeNull();
  }, 60_000);
});
