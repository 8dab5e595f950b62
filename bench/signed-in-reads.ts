/**
 * Signed-in reads under load (decision 046: GET /esims and GET /orders ≥ 1 500 req/s and p99 ≤ 25 ms at 10 connections,
 * one signed-in user, on an empty database), beside GET /auth/me and a catalogue read.
 *
 * Each tree to compare (this one, and optionally another checkout given as an argument, e.g. a `git worktree` of the
 * commit before) runs in a child process: its own app on its own embedded PostgreSQL, migrated by that tree, the
 * simulator's catalogue synced, and a small load by SQL (20 users, 100 orders: apps/api/src/test/scale-seed.ts) whose
 * user 2 (six orders, six eSIMs) is the signed-in user. This process drives autocannon against each tree in turn,
 * target by target, for a few rounds (A and B alternate, so a neighbour's load hits both alike); medians.
 *
 * Usage: `npx tsx bench/signed-in-reads.ts [seconds=8] [connections=10] [rounds=3] [other tree]`. The other tree
 * needs the same node_modules (a symlink to this one's will do).
 *
 * Besides req/s and p99, the CPU time each request cost the server's process and its PostgreSQL (Linux: from
 * /proc, the child and its descendants): on a machine shared with other work, req/s follows the neighbours, the CPU
 * spent per request much less.
 */
import type { ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { API, forkServers, measureLoad, median, stopServers } from "./bench-kit.ts";

const WARM_UP_SECONDS = 2;
const HERE = path.resolve(import.meta.dirname, "..");

/** The child: the app of the tree at `root` on its own database, then it waits to be killed. */
async function serve(root: string): Promise<void> {
  const from = (file: string) => import(path.join(root, "apps/api/src", file));
  const [{ buildApp }, { loadConfig }, { createAppDeps }, client, { startEmbeddedPostgres }, worker, { syncCatalog }] =
    await Promise.all([
      from("app.ts"),
      from("config.ts"),
      from("create-deps.ts"),
      from("db/client.ts"),
      from("db/embedded.ts"),
      from("jobs/worker.ts"),
      from("modules/catalog/catalog.sync.ts"),
    ]);
  // The seed and the port finder are this tree's: plain SQL on the same tables, whichever tree's app reads them.
  const [{ seedScaleData, seededSessionToken, HEAVY_USER }, { freePort }] = await Promise.all([
    import("../apps/api/src/test/scale-seed.ts"),
    import("../apps/api/src/test/free-port.ts"),
  ]);
  const dataDir = await mkdtemp(path.join(tmpdir(), "esim-bench-pg-"));
  const database = await startEmbeddedPostgres({ dataDir, port: await freePort() });
  const handle = client.connectDatabase(database.url);
  await client.applyMigrations(handle.db);
  await worker.installJobQueue(handle.db);
  const config = loadConfig(
    { NODE_ENV: "development", LOG_LEVEL: "silent", RATE_LIMIT_PER_MINUTE: "1000000000" },
    { WEB_DIST_DIR: "/nonexistent", DATABASE_URL: database.url, PUBLIC_URL: "http://127.0.0.1:9" },
  );
  const deps = createAppDeps(config, handle.db);
  await syncCatalog(deps);
  await seedScaleData(handle.pool, { users: 20, orders: 100, now: new Date(), tag: "reads" });
  const app = await buildApp(deps, { logger: false });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  process.send?.({ port: address.port, token: seededSessionToken("reads", HEAVY_USER) });
  process.on("SIGTERM", async () => {
    await app.close();
    await handle.close();
    await database.stop();
    await rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
}

interface Server {
  label: string;
  child: ChildProcess;
  port: number;
  token: string;
}

async function startServer(label: string, root: string): Promise<Server> {
  const {
    child,
    message: { port, token },
  } = await forkServers<{ port: number; token: string }>(import.meta.filename, ["--serve", root], {
    name: `${label}'s server`,
    cwd: root,
  });
  return { label, child, port, token };
}

/** CPU clock ticks (user + system) so far of the process `pid` and of its descendants (PostgreSQL's processes). */
function cpuTicks(pid: number): { own: number; descendants: number } {
  const processes = new Map<number, { parent: number; ticks: number }>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      processes.set(Number(entry), { parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // Gone meanwhile.
    }
  }
  const descendantsOf = (parent: number): number[] =>
    [...processes].filter(([, process]) => process.parent === parent).flatMap(([id]) => [id, ...descendantsOf(id)]);
  return {
    own: processes.get(pid)?.ticks ?? 0,
    descendants: descendantsOf(pid).reduce((sum, id) => sum + (processes.get(id)?.ticks ?? 0), 0),
  };
}

/** Clock ticks per second of /proc's figures (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

async function main() {
  const seconds = Number(process.argv[2] ?? 8);
  const connections = Number(process.argv[3] ?? 10);
  const rounds = Number(process.argv[4] ?? 3);
  const otherRoot = process.argv[5];
  const servers: Server[] = [];
  try {
    if (otherRoot) servers.push(await startServer(`A (${path.basename(otherRoot)})`, path.resolve(otherRoot)));
    servers.push(await startServer(otherRoot ? "B (this tree)" : "this tree", HERE));
    const targets = [
      { label: "GET /auth/me", path: `${API}/auth/me`, isSignedIn: true },
      { label: "GET /esims", path: `${API}/esims`, isSignedIn: true },
      { label: "GET /orders", path: `${API}/orders`, isSignedIn: true },
      { label: "GET /destinations/TR/packages", path: `${API}/destinations/TR/packages`, isSignedIn: false },
    ];
    console.info(
      `${seconds} s per target per tree per round, ${connections} connections, ${rounds} rounds, after a ${WARM_UP_SECONDS} s warm-up each; medians over the rounds\n`,
    );
    const results = new Map<
      string,
      { rps: number[]; p99: number[]; serverUs: number[]; postgresUs: number[]; failures: number }
    >();
    for (let round = 0; round < rounds; round++) {
      for (const target of targets) {
        for (const server of servers) {
          const options = {
            url: `http://127.0.0.1:${server.port}${target.path}`,
            connections,
            headers: target.isSignedIn ? { authorization: `Bearer ${server.token}` } : {},
          };
          let before = { own: 0, descendants: 0 };
          let after = before;
          const result = await measureLoad(options, seconds, WARM_UP_SECONDS, (moment) => {
            if (moment === "before") before = cpuTicks(server.child.pid!);
            else after = cpuTicks(server.child.pid!);
          });
          const perRequestUs = (ticks: number) =>
            Math.round((ticks * 1e6) / TICKS_PER_SECOND / Math.max(1, result.requests));
          const key = `${target.label}|${server.label}`;
          const entry = results.get(key) ?? { rps: [], p99: [], serverUs: [], postgresUs: [], failures: 0 };
          entry.rps.push(result.requestsPerSecond);
          entry.p99.push(result.p99Ms);
          entry.serverUs.push(perRequestUs(after.own - before.own));
          entry.postgresUs.push(perRequestUs(after.descendants - before.descendants));
          entry.failures += result.non2xx + result.errors;
          results.set(key, entry);
        }
      }
    }
    console.info(
      "| Target | Tree | req/s (median) | p99 (median) | rounds (req/s) | CPU per request: server / PostgreSQL (median) | failed requests |",
    );
    console.info("|---|---|---|---|---|---|---|");
    for (const target of targets) {
      for (const server of servers) {
        const entry = results.get(`${target.label}|${server.label}`)!;
        console.info(
          `| ${target.label} | ${server.label} | ${median(entry.rps)} | ${median(entry.p99)} ms | ${entry.rps.join(" / ")} | ${median(entry.serverUs)} µs / ${median(entry.postgresUs)} µs | ${entry.failures} |`,
        );
      }
    }
  } finally {
    for (const server of servers) await stopServers(server.child);
  }
}

const serveAt = process.argv.indexOf("--serve");
if (serveAt >= 0) await serve(process.argv[serveAt + 1]!);
else await main();
