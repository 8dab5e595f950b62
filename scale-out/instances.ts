/**
 * Instances of the product as deployed: separate `node` processes of the same build, each with its role
 * (PROCESS_ROLE), its own free port, and the shared PostgreSQL through DATABASE_URL. Local providers only (simulator
 * upstream, sandbox gateway, dev mailbox), all of which keep their state in that database.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { freePort } from "../apps/api/src/test/free-port.ts";

const REPO_ROOT = path.resolve(import.meta.dirname, "..");
const COMPILED_SERVER = path.join(REPO_ROOT, "apps/api/dist/server.js");

/** What starts one instance: the compiled build when there is one (as in production), else the sources through tsx. */
export const SERVER_COMMAND: readonly string[] = existsSync(COMPILED_SERVER)
  ? [process.execPath, COMPILED_SERVER]
  : [process.execPath, "--import", "tsx", path.join(REPO_ROOT, "apps/api/src/server.ts")];

const START_TIMEOUT_MS = 60_000;

export type ProcessRole = "web" | "worker" | "all";

export interface Instance {
  name: string;
  role: ProcessRole;
  url: string;
  /** Sends the signal and waits for the process to end. */
  kill(signal: NodeJS.Signals): Promise<void>;
  isRunning(): boolean;
}

/** The settings every instance of a test shares (the same shop): only the port and the role differ. */
export function sharedEnvironment(databaseUrl: string): Record<string, string> {
  return {
    NODE_ENV: "test",
    DATABASE_URL: databaseUrl,
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    // Behind the load balancer: the client address is X-Forwarded-For's (tests name theirs).
    TRUST_PROXY: "true",
    RATE_LIMIT_PER_MINUTE: "100000",
    // The bench asks for 4 codes a second (240 a minute), above the shop's budget of code emails: it measures capacity.
    CODE_MAILS_PER_MINUTE: "100000",
    // One traveller per shop places an order every few hundred milliseconds, from one address: far above the cap on
    // orders to pay an address may place in an hour (decision 057), which has tests of its own.
    UNPAID_ORDERS_PER_ADDRESS_PER_HOUR: "100000",
    SIMULATOR_ALLOCATION_SECONDS: "1",
    // The upstream's own webhooks are posted by the tests, to the instance they choose.
    SIMULATOR_NOTIFY_SECONDS: "0",
    // A delivered profile is installed (New → Onboard) two seconds later: a status change for webhooks to carry.
    SIMULATOR_INSTALL_AFTER_SECONDS: "2",
    // A killed process's jobs are taken over after this, not graphile-worker's four hours.
    WORKER_DEAD_AFTER_SECONDS: "4",
    WORKER_CONCURRENCY: "10",
  };
}

/**
 * Starts one instance and waits until it is up: a web instance answers /livez; a worker (no HTTP of its own) answers
 * /readyz on its metrics port once its migrations are applied and its heartbeat is in the database.
 */
export async function startInstance(options: {
  name: string;
  role: ProcessRole;
  environment: Record<string, string>;
}): Promise<Instance> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const [command, ...args] = SERVER_COMMAND;
  const child: ChildProcess = spawn(command!, args, {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: process.env.HOME ?? "/tmp",
      ...options.environment,
      PROCESS_ROLE: options.role,
      PORT: String(port),
      ...(options.role === "worker" ? { METRICS_PORT: String(port) } : {}),
      PUBLIC_URL: url,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let log = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8000);
  });
  let isKilledByUs = false;
  const exited = new Promise<void>((resolve) =>
    child.once("exit", (code, signal) => {
      // An instance that dies on its own is the finding: its last words go in the test's output.
      if (!isKilledByUs) console.error(`${options.name} exited by itself (${signal ?? code}):\n${log}`);
      resolve();
    }),
  );
  const instance: Instance = {
    name: options.name,
    role: options.role,
    url,
    isRunning: () => child.exitCode === null && child.signalCode === null,
    async kill(signal) {
      isKilledByUs = true;
      if (instance.isRunning()) child.kill(signal);
      await exited;
    },
  };

  const startedAt = Date.now();
  for (;;) {
    if (!instance.isRunning()) throw new Error(`${options.name} exited while starting:\n${log}`);
    if (await answers(`${url}${options.role === "worker" ? "/readyz" : "/livez"}`)) return instance;
    if (Date.now() - startedAt > START_TIMEOUT_MS) {
      await instance.kill("SIGKILL");
      throw new Error(`${options.name} did not answer within 60 s:\n${log}`);
    }
    await sleep(100);
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}
