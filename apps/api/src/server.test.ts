import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { API_BASE_PATH } from "@esim/shared/http";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "./test/free-port.ts";
import { type ServerProcess, spawnServer, startSlowRequest } from "./test/server-process.ts";

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

type RunningServer = ServerProcess;

/** Whether something accepts connections on this local port (the embedded PostgreSQL left running, say). */
function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** With `ownProcessGroup`, the server leads a process group of its own, as in a terminal (Ctrl-C signals the group). */
function startServer(env: Record<string, string>, options: { ownProcessGroup?: boolean } = {}): RunningServer {
  return spawnServer(["--import", "tsx", "src/server.ts"], env, options);
}

async function waitForHealth(port: number, server: RunningServer, timeoutMs = 25_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`the server exited early:\n${server.output()}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok && ((await response.json()) as { status?: string }).status === "ok") return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`no healthy answer within ${timeoutMs} ms:\n${server.output()}`);
}

const dataDir = await mkdtemp(path.join(tmpdir(), "esim-server-test-"));

/** A development server's environment on free ports, with its data in `dir`. */
async function serverEnv(dir: string) {
  return {
    PORT: String(await freePort()),
    EMBEDDED_PG_PORT: String(await freePort()),
    DATA_DIR: dir,
    WEB_DIST_DIR: "/nonexistent",
    NODE_ENV: "development",
  };
}
const started: RunningServer[] = [];
afterAll(async () => {
  for (const server of started) if (server.child.exitCode === null) server.child.kill("SIGKILL");
  await rm(dataDir, { recursive: true, force: true });
});

describe("server lifecycle", () => {
  it("finishes the request in flight on SIGTERM, stops PostgreSQL cleanly, exits 0 and starts again on the same data", async () => {
    const env = await serverEnv(dataDir);
    const port = Number(env.PORT);
    const first = startServer(env);
    started.push(first);
    await waitForHealth(port, first);

    const slow = await startSlowRequest(port, JSON.stringify({ email: "in-flight@example.com", language: "en" }));
    first.child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 300));
    const answer = await slow.finish();

    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ data: { sent: true, resendAfterSeconds: 60 } });
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(dataDir, "postgres", "PG_VERSION"))).toBe(true);
    expect(existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(false);

    const second = startServer(env);
    started.push(second);
    await waitForHealth(port, second);
    const mailbox = (await (await fetch(`http://127.0.0.1:${port}/dev/mailbox.json`)).json()) as { to: string }[];
    expect(mailbox.map((mail) => mail.to)).toContain("in-flight@example.com");
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
  }, 60_000);

  it("stops cleanly on Ctrl-C, as a terminal sends it to the whole group: no error logged, exit 0, PostgreSQL stopped", async () => {
    const ctrlCDataDir = await mkdtemp(path.join(tmpdir(), "esim-server-ctrl-c-"));
    const env = { ...(await serverEnv(ctrlCDataDir)), LOG_LEVEL: "info" };
    const port = Number(env.PORT);
    const server = startServer(env, { ownProcessGroup: true });
    started.push(server);
    await waitForHealth(port, server);

    // What a terminal's Ctrl-C does: SIGINT to every process of the foreground group, the embedded PostgreSQL included.
    process.kill(-server.child.pid!, "SIGINT");

    expect(await server.exited).toBe(0);
    expect(server.output()).not.toMatch(/error while stopping/);
    // A polite stop logs no error (pino's level 50) and the start says nothing of a crontab it never needed.
    const lines = server.output().split("\n");
    expect(lines.filter((line) => /"level":(50|60)/.test(line) || line.startsWith("Trace:"))).toEqual([]);
    expect(server.output()).not.toMatch(/crontab/i);
    expect(existsSync(path.join(ctrlCDataDir, "postgres", "postmaster.pid"))).toBe(false);
    expect(await isListening(Number(env.EMBEDDED_PG_PORT))).toBe(false);
    await rm(ctrlCDataDir, { recursive: true, force: true });
  }, 60_000);

  it("starts again after its Node process was killed (SIGKILL) with the embedded PostgreSQL left running", async () => {
    const killedDataDir = await mkdtemp(path.join(tmpdir(), "esim-server-killed-"));
    const env = await serverEnv(killedDataDir);
    const port = Number(env.PORT);
    const first = startServer(env);
    started.push(first);
    await waitForHealth(port, first);
    await fetch(`http://127.0.0.1:${port}${API_BASE_PATH}/auth/code`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "before-the-crash@example.com", language: "fr" }),
    });
    // The code's email goes out after the answer (decision 056): the kill comes once it is stored, as data to keep.
    await expect
      .poll(async () => {
        const mails = (await (await fetch(`http://127.0.0.1:${port}/dev/mailbox.json`)).json()) as { to: string }[];
        return mails.map((mail) => mail.to);
      })
      .toContain("before-the-crash@example.com");
    const pidFile = path.join(killedDataDir, "postgres", "postmaster.pid");
    const orphanPid = Number((await readFile(pidFile, "utf8")).split("\n")[0]);

    first.child.kill("SIGKILL");
    await first.exited;
    expect(isAlive(orphanPid)).toBe(true);

    const second = startServer(env);
    started.push(second);
    await waitForHealth(port, second);
    const mailbox = (await (await fetch(`http://127.0.0.1:${port}/dev/mailbox.json`)).json()) as { to: string }[];
    expect(mailbox.map((mail) => mail.to)).toContain("before-the-crash@example.com");
    expect(second.output()).toMatch(/left running by a process that is gone/);

    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
    expect(isAlive(orphanPid)).toBe(false);
    expect(existsSync(pidFile)).toBe(false);
    await rm(killedDataDir, { recursive: true, force: true });
  }, 90_000);

  it("refuses to start, saying what to do, while another server runs on the same data", async () => {
    const sharedDataDir = await mkdtemp(path.join(tmpdir(), "esim-server-twice-"));
    const env = await serverEnv(sharedDataDir);
    const firstPort = Number(env.PORT);
    const first = startServer(env);
    started.push(first);
    await waitForHealth(firstPort, first);

    const second = startServer({ ...env, PORT: String(await freePort()) });
    started.push(second);

    expect(await second.exited).not.toBe(0);
    expect(second.output()).toMatch(/another server \(process \d+\) is using/);
    expect(second.output()).toContain("DATA_DIR");
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    await rm(sharedDataDir, { recursive: true, force: true });
  }, 90_000);

  it("exits non-zero, naming the variable, when a configuration value is bad", async () => {
    const server = startServer({ PORT: "not-a-port", DATA_DIR: dataDir, WEB_DIST_DIR: "/nonexistent" });
    started.push(server);

    const code = await server.exited;

    expect(code).not.toBe(0);
    expect(server.output()).toContain('PORT="not-a-port"');
  }, 20_000);
});
