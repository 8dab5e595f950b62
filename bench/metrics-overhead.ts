/**
 * What the Prometheus request histogram costs on the hottest route (decision 043). A child process runs a
 * bare Fastify "hello" and two copies of our app on one embedded PostgreSQL with the simulator's catalogue synced:
 * "metrics on" as built, "metrics off" with the request histogram replaced by a no-op (the hook still runs, so the
 * difference is prom-client's work). autocannon drives `GET /destinations/TR/packages` on each in turn, interleaved
 * rounds, medians. Then it times GET /metrics (the scrape's database figures included) on that database, and one
 * observe of the histogram alone (in this process, a million times).
 *
 * Usage: `npx tsx bench/metrics-overhead.ts [seconds=8] [connections=10] [rounds=3]`.
 */
import { API, forkServers, measureLoad, median, portOf, stopServers } from "./bench-kit.ts";

const WARM_UP_SECONDS = 2;

interface Ports {
  hello: number;
  on: number;
  off: number;
}

async function serve(): Promise<void> {
  const [{ default: Fastify }, { buildApp }, { createAppDeps }, { syncCatalog }, { startBenchStack }] =
    await Promise.all([
      import("fastify"),
      import("../apps/api/src/app.ts"),
      import("../apps/api/src/create-deps.ts"),
      import("../apps/api/src/modules/catalog/catalog.sync.ts"),
      import("./bench-kit.ts"),
    ]);
  const stack = await startBenchStack();
  const onDeps = createAppDeps(stack.config, stack.handle.db);
  await syncCatalog(onDeps);
  const offDeps = createAppDeps(stack.config, stack.handle.db);
  const noop = { observe() {} };
  offDeps.metrics.httpRequestDuration = {
    labels: () => noop,
  } as unknown as typeof offDeps.metrics.httpRequestDuration;
  const on = await buildApp(onDeps, { logger: false });
  const off = await buildApp(offDeps, { logger: false });
  const hello = Fastify({ logger: false });
  hello.get("/hello", async () => ({ hello: "world" }));
  for (const server of [on, off, hello]) await server.listen({ host: "127.0.0.1", port: 0 });
  process.send?.({ ports: { hello: portOf(hello), on: portOf(on), off: portOf(off) } });
  process.on("SIGTERM", async () => {
    for (const server of [on, off, hello]) await server.close();
    await stack.close();
    process.exit(0);
  });
}

async function measure(url: string, seconds: number, connections: number) {
  const { requestsPerSecond, p99Ms, non2xx, errors } = await measureLoad(
    { url, connections },
    seconds,
    WARM_UP_SECONDS,
  );
  return { requestsPerSecond, p99Ms, failures: non2xx + errors };
}

async function main() {
  const seconds = Number(process.argv[2] ?? 8);
  const connections = Number(process.argv[3] ?? 10);
  const rounds = Number(process.argv[4] ?? 3);
  const {
    child,
    message: { ports },
  } = await forkServers<{ ports: Ports }>(import.meta.filename, ["--serve"], { name: "the servers" });
  const targets = [
    { label: "bare Fastify hello", url: `http://127.0.0.1:${ports.hello}/hello` },
    {
      label: "GET /destinations/TR/packages, metrics off",
      url: `http://127.0.0.1:${ports.off}${API}/destinations/TR/packages`,
    },
    {
      label: "GET /destinations/TR/packages, metrics on",
      url: `http://127.0.0.1:${ports.on}${API}/destinations/TR/packages`,
    },
  ];
  try {
    const results = new Map<string, Awaited<ReturnType<typeof measure>>[]>(targets.map((target) => [target.label, []]));
    for (let round = 0; round < rounds; round++) {
      for (const target of targets) results.get(target.label)!.push(await measure(target.url, seconds, connections));
    }
    const helloRate = median(results.get(targets[0]!.label)!.map((entry) => entry.requestsPerSecond));
    console.info(`${seconds} s per target per round, ${connections} connections, ${rounds} interleaved rounds\n`);
    console.info("| Target | req/s (median) | p99 (median) | share of hello | rounds (req/s) | failures |");
    console.info("|---|---|---|---|---|---|");
    for (const target of targets) {
      const measures = results.get(target.label)!;
      const rate = median(measures.map((entry) => entry.requestsPerSecond));
      console.info(
        `| ${target.label} | ${rate} | ${median(measures.map((entry) => entry.p99Ms))} ms | ${Math.round((rate / helloRate) * 100)} % | ${measures.map((entry) => entry.requestsPerSecond).join(" / ")} | ${measures.reduce((sum, entry) => sum + entry.failures, 0)} |`,
      );
    }
    const scrapes: number[] = [];
    for (let index = 0; index < 20; index++) {
      const started = performance.now();
      const response = await fetch(`http://127.0.0.1:${ports.on}/metrics`);
      await response.text();
      if (!response.ok) throw new Error(`/metrics answered ${response.status}`);
      scrapes.push(performance.now() - started);
    }
    console.info(
      `\nGET /metrics: median ${median(scrapes).toFixed(1)} ms over 20 scrapes (the database's figures read each time)`,
    );
    // The histogram's own cost without HTTP around it: what each answer pays, free of the neighbours' load swings.
    const { createMetrics } = await import("../apps/api/src/lib/metrics.ts");
    const series = createMetrics().httpRequestDuration.labels({ method: "GET", route: "/bench", status: "200" });
    const perObserve: number[] = [];
    for (let round = 0; round < 5; round++) {
      const started = process.hrtime.bigint();
      for (let index = 0; index < 1_000_000; index++) series.observe((index % 100) / 1000);
      perObserve.push(Number(process.hrtime.bigint() - started) / 1_000_000);
    }
    console.info(`one observe of the request histogram: median ${Math.round(median(perObserve))} ns (5 × 1 M)`);
  } finally {
    await stopServers(child);
  }
}

if (process.argv.includes("--serve")) await serve();
else await main();
