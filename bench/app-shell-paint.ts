/**
 * First paint of a signed-in page on a slow network (50 KB/s, 400 ms round trip), and when a signed-in traveller's
 * eSIM list is visible. Debian's Chromium through Playwright, the network slowed through the DevTools protocol
 * (`Network.emulateNetworkConditions`), HTTP cache disabled, no service worker, a fresh browser context each run, a
 * seeded traveller (a few eSIMs) whose token and LANG are stored before the page loads.
 *
 * Variants, alternating so a busy machine slows both alike: without a second build, "before" is this build served
 * without its `prerendered/app-*.html` (the bare index.html, decision 075) and "after" this build; with a second
 * build's dist directory given (e.g. the commit before, built in a `git worktree`), "before" is that build.
 *
 * Figures per run: first paint and first contentful paint (the browser's paint timing), when the app's own screen has
 * replaced the placeholder (`<main>` drawn by React), when the eSIM list is visible (a card links to an eSIM's details), on a
 * first visit and on a return visit in the same context (what this device kept from the first, the HTTP cache still
 * off). The first run of each variant also prints its requests' waterfall (start and end after navigation).
 *
 * Usage: `npm run build`, then
 * `npx tsx bench/app-shell-paint.ts [runs per variant = 3] [path = /esims] [language = fr] [before's dist dir]`.
 */
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "playwright";
import { buildApp } from "../apps/api/src/app.ts";
import { createAppDeps } from "../apps/api/src/create-deps.ts";
import { syncCatalog } from "../apps/api/src/modules/catalog/catalog.sync.ts";
import { freePort } from "../apps/api/src/test/free-port.ts";
import { HEAVY_USER, seededSessionToken, seedScaleData } from "../apps/api/src/test/scale-seed.ts";
import { CHROMIUM_LAUNCH_OPTIONS } from "../e2e/chromium.ts";
import { median, startBenchStack } from "./bench-kit.ts";

const RUNS = Number(process.argv[2] ?? 3);
const PAGE_PATH = process.argv[3] ?? "/esims";
const LANGUAGE = process.argv[4] ?? "fr";
const OTHER_DIST_DIR = process.argv[5] ? path.resolve(process.argv[5]) : null;
const WEB_DIST_DIR = path.join(import.meta.dirname, "../apps/web/dist");
/** The issue's slow network: 50 KB/s both ways, 400 ms round trip. */
const SLOW_NETWORK = { offline: false, latency: 400, downloadThroughput: 50 * 1024, uploadThroughput: 50 * 1024 };

/** What the functions run in the page use of it (this project compiles without the DOM's types). */
interface InPage {
  document: {
    getElementById(id: string): { querySelector(selector: string): unknown } | null;
    querySelector(selector: string): unknown;
  };
  performance: { now(): number; getEntriesByType(type: string): { name: string; startTime: number }[] };
}

interface Run {
  firstPaintMs: number;
  firstContentfulPaintMs: number;
  appDrawnMs: number;
  esimListMs: number;
  returnVisitEsimListMs: number;
}

const stack = await startBenchStack();
const beforeDir = OTHER_DIST_DIR ?? (await mkdtemp(path.join(tmpdir(), "esim-web-before-")));
if (!OTHER_DIST_DIR) {
  await cp(WEB_DIST_DIR, beforeDir, { recursive: true });
  for (const language of ["fr", "en", "ar"]) {
    await rm(path.join(beforeDir, `prerendered/app-${language}.html`), { force: true });
    await rm(path.join(beforeDir, `prerendered/app-${language}.html.br`), { force: true });
    await rm(path.join(beforeDir, `prerendered/app-${language}.html.gz`), { force: true });
  }
}

async function serve(distDir: string, port: number) {
  const deps = createAppDeps(
    { ...stack.config, WEB_DIST_DIR: distDir, PUBLIC_URL: `http://127.0.0.1:${port}` },
    stack.handle.db,
  );
  const app = await buildApp(deps, { logger: false });
  await app.listen({ host: "127.0.0.1", port });
  return { app, deps, baseUrl: `http://127.0.0.1:${port}` };
}

const after = await serve(WEB_DIST_DIR, stack.port);
const before = await serve(beforeDir, await freePort());
await syncCatalog(after.deps);

// A traveller with a few eSIMs (as signed-in-reads.ts: user HEAVY_USER of a small load) and their session.
await seedScaleData(stack.handle.pool, { users: 20, orders: 100, now: new Date(), tag: "shell" });
const token = seededSessionToken("shell", HEAVY_USER);

const browser = await chromium.launch({
  executablePath: CHROMIUM_LAUNCH_OPTIONS.executablePath,
  args: CHROMIUM_LAUNCH_OPTIONS.args,
});

/** The eSIM list is visible: a card in the page's `<main>` links to one of the traveller's eSIMs. */
async function waitForEsimList(page: import("playwright").Page): Promise<number> {
  await page.waitForFunction(
    () => {
      const { document } = globalThis as unknown as InPage;
      return document.getElementById("main-content")?.querySelector('a[href^="/details/"]') != null;
    },
    undefined,
    { timeout: 120_000, polling: 50 },
  );
  return page.evaluate(() => (globalThis as unknown as InPage).performance.now());
}

async function measure(baseUrl: string, printWaterfall: boolean): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: "block" });
  try {
    await context.addCookies([{ name: "LANG", value: LANGUAGE, url: baseUrl }]);
    // In the page (this project has no DOM types): the signed-in user's stored token and language.
    await context.addInitScript({
      content: `localStorage.setItem("Token", ${JSON.stringify(token)}); localStorage.setItem("LANG", ${JSON.stringify(LANGUAGE)});`,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Network.emulateNetworkConditions", SLOW_NETWORK);
    const requests = new Map<string, { url: string; start: number; end?: number; bytes?: number }>();
    let navigationStart = 0;
    cdp.on("Network.requestWillBeSent", (event) => {
      if (navigationStart === 0) navigationStart = event.timestamp;
      requests.set(event.requestId, { url: event.request.url, start: event.timestamp });
    });
    cdp.on("Network.loadingFinished", (event) => {
      const request = requests.get(event.requestId);
      if (request) Object.assign(request, { end: event.timestamp, bytes: event.encodedDataLength });
    });
    await page.goto(`${baseUrl}${PAGE_PATH}`, { waitUntil: "commit", timeout: 120_000 });
    // The app's screen: React's <main>, the placeholder gone (functions, not strings: the CSP forbids eval).
    await page.waitForFunction(
      () => {
        const { document } = globalThis as unknown as InPage;
        return document.getElementById("main-content") !== null && !document.querySelector('#root [aria-busy="true"]');
      },
      undefined,
      { timeout: 120_000, polling: 50 },
    );
    const appDrawnMs = await page.evaluate(() => (globalThis as unknown as InPage).performance.now());
    const esimListMs = await waitForEsimList(page);
    const paints = await page.evaluate(() =>
      Object.fromEntries(
        (globalThis as unknown as InPage).performance
          .getEntriesByType("paint")
          .map((entry) => [entry.name, entry.startTime]),
      ),
    );
    if (printWaterfall) {
      for (const request of requests.values()) {
        const at = (seconds: number | undefined) =>
          seconds === undefined ? "…" : `${((seconds - navigationStart) * 1000).toFixed(0)} ms`;
        console.info(
          `  ${at(request.start)} → ${at(request.end)} ${((request.bytes ?? 0) / 1024).toFixed(1)} KB ${request.url.replace(baseUrl, "")}`,
        );
      }
    }
    // The traveller comes back: the same device (storage kept), the HTTP cache still disabled.
    await page.goto("about:blank");
    await page.goto(`${baseUrl}${PAGE_PATH}`, { waitUntil: "commit", timeout: 120_000 });
    const returnVisitEsimListMs = await waitForEsimList(page);
    return {
      firstPaintMs: paints["first-paint"] ?? Number.NaN,
      firstContentfulPaintMs: paints["first-contentful-paint"] ?? Number.NaN,
      appDrawnMs,
      esimListMs,
      returnVisitEsimListMs,
    };
  } finally {
    await context.close();
  }
}

const runs: Record<"before" | "after", Run[]> = { before: [], after: [] };
try {
  console.info(
    `${PAGE_PATH} (${LANGUAGE}), signed in, 50 KB/s and 400 ms; ${RUNS} run(s) each, alternating; before ${beforeDir}, after ${WEB_DIST_DIR}`,
  );
  for (let run = 0; run < RUNS; run += 1) {
    for (const [label, server] of [
      ["before", before],
      ["after", after],
    ] as const) {
      const figures = await measure(server.baseUrl, run === 0);
      runs[label].push(figures);
      console.info(
        `${label} #${run + 1}: first paint ${figures.firstPaintMs.toFixed(0)} ms, FCP ${figures.firstContentfulPaintMs.toFixed(0)} ms, app drawn ${figures.appDrawnMs.toFixed(0)} ms, eSIM list ${figures.esimListMs.toFixed(0)} ms, return visit's eSIM list ${figures.returnVisitEsimListMs.toFixed(0)} ms`,
      );
    }
  }
} finally {
  await browser.close();
  await before.app.close();
  await after.app.close();
  await stack.close();
  if (!OTHER_DIST_DIR) await rm(beforeDir, { recursive: true, force: true });
}

const seconds = (values: number[]) => `${(median(values) / 1000).toFixed(2)} s`;
const range = (values: number[]) =>
  `${(Math.min(...values) / 1000).toFixed(2)}–${(Math.max(...values) / 1000).toFixed(2)}`;
console.info(
  "| Served | First paint (median, range) | FCP (median, range) | App's screen drawn (median, range) | eSIM list visible (median, range) | Return visit: eSIM list (median, range) |",
);
console.info("|---|---|---|---|---|---|");
for (const label of ["before", "after"] as const) {
  const column = (pick: (run: Run) => number) => {
    const values = runs[label].map(pick);
    return `${seconds(values)} (${range(values)})`;
  };
  console.info(
    `| ${label === "before" ? (OTHER_DIST_DIR ? `before (${OTHER_DIST_DIR})` : "index.html, empty #root") : "after (this build)"} | ${column((run) => run.firstPaintMs)} | ${column((run) => run.firstContentfulPaintMs)} | ${column((run) => run.appDrawnMs)} | ${column((run) => run.esimListMs)} | ${column((run) => run.returnVisitEsimListMs)} |`,
  );
}
