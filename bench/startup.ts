/**
 * Start time and memory of the API (decision 042). Every variant runs against one embedded PostgreSQL started here
 * (DATABASE_URL, migrated, catalogue synced by the first start), on a free port, in the default role `all`:
 *
 * - A: the way before decision 042, `node --import tsx apps/api/src/server.ts`;
 * - B: the compiled build, `node apps/api/dist/server.js`;
 * - `npm start`, with the web and API builds up to date (warm) and after removing their stamps (cold), beside the
 *   old `npm start` (`npm run build` of the web app, then `tsx src/server.ts` through npm).
 *
 * Measured: spawn → first 200 of GET /livez (else /api/health), polled every 10 ms; then RSS after 3 s idle, of the
 * server process alone and of its whole process tree (npm and other wrappers included). A and B alternate, N rounds,
 * medians. Usage: `npx tsx bench/startup.ts [rounds=5] [npm rounds=2]` (builds first when stale).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { freePort } from "../apps/api/src/test/free-port.ts";
import { median, startBenchStack } from "./bench-kit.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const STAMPS = path.join(ROOT, "node_modules/.cache/esim-build");

interface Variant {
  name: string;
  command: string;
  args: string[];
  cwd?: string;
  /** Undone before each run (the cold start removes the build stamps). */
  before?: () => void;
}

interface Sample {
  firstAnswerMs: number;
  serverRssMb: number;
  treeRssMb: number;
}

/** RSS in MB of `pid` and, with `withChildren`, of every process below it. */
function rssMb(pid: number, withChildren: boolean): number {
  const children = new Map<number, number[]>();
  if (withChildren) {
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
        const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
        children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
      } catch {
        // Gone meanwhile.
      }
    }
  }
  let total = 0;
  const pending = [pid];
  while (pending.length > 0) {
    const current = pending.pop()!;
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${current}/status`, "utf8"));
      total += Number(match?.[1] ?? 0) / 1024;
    } catch {
      // Gone meanwhile.
    }
    pending.push(...(children.get(current) ?? []));
  }
  return total;
}

/** The node process serving HTTP: the spawned one, or under wrappers (npm, sh) the deepest node below it. */
function serverPid(root: number): number {
  let current = root;
  for (;;) {
    const next = readdirSync("/proc")
      .filter((entry) => /^\d+$/.test(entry))
      .find((entry) => {
        try {
          const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
          return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === current;
        } catch {
          return false;
        }
      });
    if (!next) return current;
    current = Number(next);
  }
}

async function firstAnswer(port: number, child: ChildProcess, startedAt: number): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode} before answering`);
    for (const route of ["/livez", "/api/health"]) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}${route}`);
        if (response.ok) return performance.now() - startedAt;
      } catch {
        // Not listening yet.
      }
    }
    if (performance.now() - startedAt > 120_000) throw new Error("no answer within 2 minutes");
    await sleep(10);
  }
}

async function measure(variant: Variant, databaseUrl: string): Promise<Sample> {
  variant.before?.();
  const port = await freePort();
  const startedAt = performance.now();
  const child = spawn(variant.command, variant.args, {
    cwd: variant.cwd ?? ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      NODE_ENV: "development",
      LOG_LEVEL: "warn",
      SIMULATOR_NOTIFY_SECONDS: "0",
    },
    stdio: ["ignore", "ignore", "inherit"],
    // Its own process group: the wrappers and the server are stopped together.
    detached: true,
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    const firstAnswerMs = await firstAnswer(port, child, startedAt);
    await sleep(3000);
    return {
      firstAnswerMs,
      serverRssMb: rssMb(serverPid(child.pid!), false),
      treeRssMb: rssMb(child.pid!, true),
    };
  } finally {
    process.kill(-child.pid!, "SIGTERM");
    await exited;
    // npm may exit before the server it started.
    await sleep(500);
  }
}

function report(name: string, samples: Sample[]) {
  const times = samples.map((sample) => sample.firstAnswerMs);
  console.info(
    `| ${name} | ${Math.round(median(times))} ms (${Math.round(Math.min(...times))}–${Math.round(Math.max(...times))}) | ${Math.round(median(samples.map((sample) => sample.serverRssMb)))} MB | ${Math.round(median(samples.map((sample) => sample.treeRssMb)))} MB |`,
  );
}

async function main() {
  const rounds = Number(process.argv[2] ?? 5);
  const npmRounds = Number(process.argv[3] ?? 2);
  const build = spawnSync(process.execPath, ["scripts/build.mjs", "--if-stale"], { cwd: ROOT, stdio: "inherit" });
  if (build.status !== 0) throw new Error("the build failed");
  const stack = await startBenchStack();
  const variants: Record<string, Variant> = {
    tsx: {
      name: "A: node --import tsx src/server.ts",
      command: process.execPath,
      args: ["--import", "tsx", "apps/api/src/server.ts"],
    },
    compiled: { name: "B: node apps/api/dist/server.js", command: process.execPath, args: ["apps/api/dist/server.js"] },
    npmWarm: { name: "npm start, builds up to date", command: "npm", args: ["start"] },
    npmCold: {
      name: "npm start, cold (web and API built)",
      command: "npm",
      args: ["start"],
      before: () => rmSync(STAMPS, { recursive: true, force: true }),
    },
    npmOld: {
      name: "old npm start (web build, then tsx via npm)",
      command: "sh",
      args: [
        "-c",
        "npm run build --workspace apps/web >/dev/null && npm exec --workspace apps/api -- tsx src/server.ts",
      ],
    },
  };
  const samples = new Map<string, Sample[]>(Object.keys(variants).map((key) => [key, []]));
  try {
    // The first start syncs the catalogue and warms the disk cache: not counted.
    await measure(variants.compiled!, stack.databaseUrl);
    for (let round = 0; round < rounds; round++) {
      for (const key of round % 2 === 0 ? ["tsx", "compiled"] : ["compiled", "tsx"]) {
        samples.get(key)!.push(await measure(variants[key]!, stack.databaseUrl));
      }
    }
    for (let round = 0; round < npmRounds; round++) {
      for (const key of ["npmOld", "npmCold", "npmWarm"]) {
        samples.get(key)!.push(await measure(variants[key]!, stack.databaseUrl));
      }
    }
  } finally {
    await stack.close();
  }
  console.info(`\n${rounds} rounds (A/B alternating), ${npmRounds} of each npm start; medians (min–max)\n`);
  console.info("| Variant | Spawn → first answer | Server RSS at idle | Process tree RSS |");
  console.info("|---|---|---|---|");
  for (const [key, variant] of Object.entries(variants)) {
    if (samples.get(key)!.length > 0) report(variant.name, samples.get(key)!);
  }
}

await main();
