/**
 * A real PostgreSQL server for the deployment tests: Debian's `postgresql` package (the server operators run), in a
 * temporary data directory on a free port, reached over TCP like a managed database. As root (our machines and CI)
 * it runs as the `postgres` system user the package creates (through setpriv), since PostgreSQL refuses to run as root.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { freePort } from "../apps/api/src/test/free-port.ts";

/** Debian's newest installed server (`/usr/lib/postgresql/<major>/bin`), or PG_BIN_DIR. */
export function findPostgresBinDir(): string {
  if (process.env.PG_BIN_DIR) return process.env.PG_BIN_DIR;
  const root = "/usr/lib/postgresql";
  const majors = existsSync(root)
    ? readdirSync(root)
        .filter((name) => existsSync(path.join(root, name, "bin/postgres")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (majors.length === 0) {
    throw new Error("No PostgreSQL server in /usr/lib/postgresql: apt-get install postgresql (or set PG_BIN_DIR)");
  }
  return path.join(root, majors[0]!, "bin");
}

export interface PostgresServer {
  port: number;
  binDir: string;
  /** postgres://… of a database on this server (created by createDatabase). */
  urlOf(database: string): string;
  createDatabase(name: string): void;
  /**
   * Stops the server and keeps its data directory, as a restart, a failover or a minor-version upgrade would:
   * `fast` rolls back open transactions and closes connections (57P01), `immediate` drops them without a checkpoint
   * (crash recovery at the next start). Resolves once the server has exited.
   */
  shutDown(mode: "fast" | "immediate"): Promise<void>;
  /** Starts the server again on the same port and data; resolves when it accepts connections. */
  startAgain(): Promise<void>;
  /** Fast shutdown, then the data directory is removed. */
  stop(): Promise<void>;
}

const isRoot = process.getuid?.() === 0;

/**
 * Runs a server binary as `postgres` when we are root, as ourselves otherwise. setpriv execs in place (no parent
 * process in between), so a signal to the child reaches PostgreSQL itself.
 */
function asServerUser(binary: string, args: string[]): [string, string[]] {
  return isRoot
    ? ["setpriv", ["--reuid=postgres", "--regid=postgres", "--init-groups", "--", binary, ...args]]
    : [binary, args];
}

export async function startPostgresServer(): Promise<PostgresServer> {
  const binDir = findPostgresBinDir();
  const dataDir = mkdtempSync(path.join(tmpdir(), "esim-pg-server-"));
  if (isRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString());
    chownSync(dataDir, uid, gid);
  }
  const [initdb, initdbArgs] = asServerUser(path.join(binDir, "initdb"), [
    "-D",
    dataDir,
    "-U",
    "postgres",
    "--auth=trust",
    "--encoding=UTF8",
    "--no-sync",
  ]);
  execFileSync(initdb, initdbArgs, { stdio: "pipe" });

  const port = await freePort();
  // TCP on loopback only, no Unix socket: the app reaches it through DATABASE_URL as it would a managed server.
  const [postgres, postgresArgs] = asServerUser(path.join(binDir, "postgres"), [
    "-D",
    dataDir,
    "-p",
    String(port),
    "-c",
    "listen_addresses=127.0.0.1",
    "-c",
    "unix_socket_directories=",
    "-c",
    "fsync=off",
    "-c",
    "max_connections=200",
  ]);
  let server = await launch(binDir, port, [postgres, postgresArgs]);

  const urlOf = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    port,
    binDir,
    urlOf,
    createDatabase(name) {
      execFileSync(path.join(binDir, "createdb"), ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", name]);
    },
    async shutDown(mode) {
      await server.stop(mode === "fast" ? "SIGINT" : "SIGQUIT");
    },
    async startAgain() {
      server = await launch(binDir, port, [postgres, postgresArgs]);
    },
    async stop() {
      await server.stop("SIGINT");
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Spawns `postgres` and waits until it accepts connections (pg_isready); answers how to stop it. */
async function launch(
  binDir: string,
  port: number,
  [postgres, postgresArgs]: [string, string[]],
): Promise<{ stop(signal: NodeJS.Signals): Promise<void> }> {
  const server: ChildProcess = spawn(postgres, postgresArgs, { stdio: ["ignore", "ignore", "pipe"] });
  let log = "";
  server.stderr?.on("data", (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));

  const isReady = path.join(binDir, "pg_isready");
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      execFileSync(isReady, ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres"], { stdio: "ignore" });
      break;
    } catch {
      if (server.exitCode !== null || Date.now() > deadline) {
        server.kill("SIGKILL");
        throw new Error(`PostgreSQL did not start:\n${log}`);
      }
      await sleep(100);
    }
  }
  return {
    async stop(signal) {
      if (server.exitCode === null && server.signalCode === null) {
        server.kill(signal);
        await exited;
      }
    },
  };
}
