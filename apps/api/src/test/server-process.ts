import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { API_BASE_PATH } from "@esim/shared/http";

// The server as a real process, for the tests of what only a process shows: signals, roles, start-up.

const API_DIR = path.resolve(import.meta.dirname, "../..");

/** The compiled entry (built once per run by global-setup), as production starts it. */
export const COMPILED_SERVER = path.join(API_DIR, "dist/server.js");

export interface ServerProcess {
  child: ChildProcess;
  exited: Promise<number | null>;
  /** Everything it printed so far, for a failure's message. */
  output(): string;
}

/**
 * Spawns `node <entryArgs>` in apps/api with only the environment given (nothing of the test runner's, such as
 * DATABASE_URL, leaks in), collecting its output.
 */
export function spawnServer(
  entryArgs: string[],
  env: Record<string, string>,
  options: { ownProcessGroup?: boolean } = {},
): ServerProcess {
  const child = spawn(process.execPath, entryArgs, {
    cwd: API_DIR,
    detached: options.ownProcessGroup ?? false,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? tmpdir(), LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
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

/** Polls `condition` every 100 ms; throws naming `what` after `timeoutMs`. */
export async function waitFor(condition: () => Promise<boolean> | boolean, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await sleep(100);
  }
}

/**
 * Starts a POST /auth/code whose body arrives in two halves: once this resolves the request is in flight; `finish`
 * sends the second half and resolves with the answer.
 */
export async function startSlowRequest(port: number, body: string) {
  const request = http.request({
    host: "127.0.0.1",
    port,
    method: "POST",
    path: `${API_BASE_PATH}/auth/code`,
    headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on("response", (response) => {
      let text = "";
      response.on("data", (chunk) => {
        text += chunk;
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.on("error", reject);
  });
  // Observed by `finish`; a reset before then must not count as an unhandled rejection.
  answer.catch(() => {});
  const half = Math.floor(body.length / 2);
  request.write(body.slice(0, half));
  // Let the server read the headers and the first half.
  await sleep(300);
  return {
    finish: () => {
      request.end(body.slice(half));
      return answer;
    },
  };
}
