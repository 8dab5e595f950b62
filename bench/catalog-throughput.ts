/**
 * Catalog read throughput (budget: ≥ 50 % of a bare Fastify "hello" on the same machine in the same run,
 * p99 ≤ 25 ms at that load). A child process runs both servers on loopback: a bare Fastify answering
 * {"hello":"world"}, and our app on an embedded PostgreSQL with the simulator's catalogue synced. This process
 * drives autocannon against each in turn, same connections and duration, after a short warm-up, for a few
 * interleaved rounds (the machine is shared: medians resist a neighbour's burst).
 *
 * Usage: `npx tsx bench/catalog-throughput.ts [seconds=10] [connections=10] [rounds=3] [other tree]`. Exits 1 when
 * a catalog read is over budget. "our app, empty handler" is a reference: our plugins (helmet, rate limit, request
 * id) around a handler that does nothing, to tell what the catalog costs from what every route costs. With another
 * tree (e.g. a `git worktree` of the commit before, its node_modules linked), that tree's app runs too, in a child
 * of its own on its own database, and its targets alternate with this tree's in every round (A, then B).
 */
import type { ChildProcess } from "node:child_process";
import path from "node:path";
import { API, forkServers, measureLoad, median, portOf, stopServers } from "./bench-kit.ts";

const BUDGET_SHARE_OF_HELLO = 0.5;
const BUDGET_P99_MS = 25;
const WARM_UP_SECONDS = 2;

interface Ports {
  hello: number;
  app: number;
}

const HERE = path.resolve(import.meta.dirname, "..");

/** The child: both servers (the app of the tree at `root`), then it waits to be killed. */
async function serve(root: string): Promise<void> {
  // Imported here, not at the top: the parent only drives autocannon. The app is the tree's; the stack is this one's.
  const from = (file: string) => import(path.join(root, "apps/api/src", file));
  const [{ default: Fastify }, { buildApp }, { createAppDeps }, { syncCatalog }, { startBenchStack }] =
    await Promise.all([
      import("fastify"),
      from("app.ts"),
      from("create-deps.ts"),
      from("modules/catalog/catalog.sync.ts"),
      import("./bench-kit.ts"),
    ]);

  const stack = await startBenchStack();
  const deps = createAppDeps(stack.config, stack.handle.db);
  const synced = await syncCatalog(deps);

  const app = await buildApp(deps, { logger: false });
  // Reference only: what our app's plugins (helmet, rate limit, request id…) cost around an empty handler.
  app.get(`${API}/bench-empty`, async () => ({ hello: "world" }));
  await app.listen({ host: "127.0.0.1", port: 0 });
  const hello = Fastify({ logger: false });
  hello.get("/hello", async () => ({ hello: "world" }));
  await hello.listen({ host: "127.0.0.1", port: 0 });

  process.send?.({ ports: { hello: portOf(hello), app: portOf(app) }, synced });
  process.on("SIGTERM", async () => {
    await app.close();
    await hello.close();
    await stack.close();
    process.exit(0);
  });
}

interface Measure {
  label: string;
  url: string;
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

async function measure(label: string, url: string, seconds: number, connections: number): Promise<Measure> {
  return { label, url, ...(await measureLoad({ url, connections }, seconds, WARM_UP_SECONDS)) };
}

async function startServers(root: string): Promise<{ child: ChildProcess; ports: Ports; synced: unknown }> {
  const { child, message } = await forkServers<{ ports: Ports; synced: unknown }>(
    import.meta.filename,
    ["--serve", root],
    { name: "the servers", cwd: root },
  );
  return { child, ...message };
}

async function main() {
  const seconds = Number(process.argv[2] ?? 10);
  const connections = Number(process.argv[3] ?? 10);
  const rounds = Number(process.argv[4] ?? 3);
  const otherRoot = process.argv[5];
  const children: ChildProcess[] = [];
  const trees: { tag: string; ports: Ports; synced: unknown }[] = [];
  if (otherRoot) {
    const other = await startServers(path.resolve(otherRoot));
    children.push(other.child);
    trees.push({ tag: `A (${path.basename(otherRoot)}): `, ...other });
  }
  const own = { tag: otherRoot ? "B (this tree): " : "", ...(await startServers(HERE)) };
  children.push(own.child);
  trees.push(own);
  const { ports, synced } = own;
  const appTargets = (tag: string, port: number) => [
    { label: `${tag}our app, empty handler`, url: `http://127.0.0.1:${port}${API}/bench-empty`, isReference: true },
    {
      label: `${tag}GET /destinations?q=tur`,
      url: `http://127.0.0.1:${port}${API}/destinations?q=tur`,
      isReference: false,
    },
    {
      label: `${tag}GET /destinations/TR/packages`,
      url: `http://127.0.0.1:${port}${API}/destinations/TR/packages`,
      isReference: false,
    },
  ];
  // Each app target of A right before B's, so a neighbour's burst hits both alike.
  const perTree = trees.map((tree) => appTargets(tree.tag, tree.ports.app));
  const targets = [
    { label: "bare Fastify hello", url: `http://127.0.0.1:${ports.hello}/hello`, isReference: true },
    ...perTree[0]!.flatMap((_target, index) => perTree.map((targetsOfTree) => targetsOfTree[index]!)),
  ];
  try {
    console.info(`Catalogue synced: ${JSON.stringify(synced)}`);
    console.info(
      `${seconds} s per target per round, ${connections} connections, ${rounds} rounds (targets interleaved, so a ` +
        `neighbour's load hits all alike), after a ${WARM_UP_SECONDS} s warm-up each; medians over the rounds\n`,
    );
    const results = new Map<string, Measure[]>(targets.map((target) => [target.label, []]));
    for (let round = 0; round < rounds; round++) {
      for (const target of targets)
        results.get(target.label)!.push(await measure(target.label, target.url, seconds, connections));
    }
    const summary = (label: string) => {
      const measures = results.get(label)!;
      return {
        requestsPerSecond: median(measures.map((entry) => entry.requestsPerSecond)),
        p99Ms: median(measures.map((entry) => entry.p99Ms)),
        rounds: measures.map((entry) => entry.requestsPerSecond).join(" / "),
        failures: measures.reduce((sum, entry) => sum + entry.non2xx + entry.errors, 0),
      };
    };
    const hello = summary(targets[0]!.label);

    let isOverBudget = false;
    console.info("| Target | req/s (median) | p99 (median) | share of hello | rounds (req/s) | verdict |");
    console.info("|---|---|---|---|---|---|");
    for (const target of targets) {
      const result = summary(target.label);
      const share = result.requestsPerSecond / hello.requestsPerSecond;
      const isWithin = share >= BUDGET_SHARE_OF_HELLO && result.p99Ms <= BUDGET_P99_MS && result.failures === 0;
      // The exit code is this tree's verdict; the other tree's figures are for comparison.
      if (!target.isReference && target.label.startsWith(own.tag) && !isWithin) isOverBudget = true;
      const verdict = target.isReference ? "reference" : isWithin ? "within budget" : "OVER BUDGET";
      const problems = result.failures > 0 ? ` (${result.failures} failed requests)` : "";
      console.info(
        `| ${target.label} | ${result.requestsPerSecond} | ${result.p99Ms} ms | ${Math.round(share * 100)} % | ${result.rounds} | ${verdict}${problems} |`,
      );
    }
    process.exitCode = isOverBudget ? 1 : 0;
  } finally {
    for (const child of children) await stopServers(child);
  }
}

const serveAt = process.argv.indexOf("--serve");
if (serveAt >= 0) await serve(process.argv[serveAt + 1] ?? HERE);
else await main();
