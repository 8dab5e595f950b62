import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import { createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { API_BASE_PATH } from "@esim/shared/http";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "./db/schema.ts";
import { queueEmail } from "./modules/mail-outbox/index.ts";
import { createTestDatabase } from "./test/database.ts";
import { freePort } from "./test/free-port.ts";

// The compiled server (`node apps/api/dist/server.js`, as deployed) stopped by SIGTERM while a request is in flight and
// a job hangs on a mail server that never answers: systemd and Docker send SIGKILL 10 s after SIGTERM.

const REPO_ROOT = path.resolve(import.meta.dirname, "../../..");
const COMPILED_SERVER = path.join(REPO_ROOT, "apps/api/dist/server.js");
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

function startCompiledServer(env: Record<string, string>) {
  const child = spawn(process.execPath, [COMPILED_SERVER], {
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? tmpdir(), LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitFor(condition: () => Promise<boolean> | boolean, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A POST whose body arrives in two halves; `finish` sends the second half and resolves with the answer. */
async function startSlowRequest(port: number, body: string) {
  const request = http.request({
    host: "127.0.0.1",
    port,
    method: "POST",
    path: `${API_BASE_PATH}/auth/code`,
    headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
  });
  const answer = new Promise<number>((resolve, reject) => {
    request.on("response", (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    request.on("error", reject);
  });
  answer.catch(() => {});
  const half = Math.floor(body.length / 2);
  request.write(body.slice(0, half));
  await new Promise((resolve) => setTimeout(resolve, 300));
  return {
    finish: () => {
      request.end(body.slice(half));
      return answer;
    },
  };
}

describe("the compiled server on SIGTERM", () => {
  it("answers the request in flight, hands a hung job back to the queue and exits 0 within 10 s", async () => {
    await queueEmail(database.db, {
      key: "drain-test",
      message: { to: "traveller@example.com", subject: "Your eSIM", text: "Hello", html: "<p>Hello</p>" },
      publicUrl: "http://localhost",
    });
    const port = await freePort();
    const server = startCompiledServer({
      DATABASE_URL: database.url,
      PORT: String(port),
      NODE_ENV: "development",
      SMTP_URL: `smtp://127.0.0.1:${(silentMailServer.address() as { port: number }).port}`,
      WEB_DIST_DIR: "/nonexistent",
      SIMULATOR_NOTIFY_SECONDS: "0",
    });
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
    const status = await slow.finish();
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
