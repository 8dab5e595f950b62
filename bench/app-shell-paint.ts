/**
 * First paint of a signed-in page on a slow network (issue 27: 50 KB/s, 400 ms round trip), with and without the
 * app's placeholder painted by the server (decision 075). Debian's Chromium through Playwright, the network
 * slowed through the DevTools protocol (`Network.emulateNetworkConditions`), a fresh browser context each time (no
 * cache, no service worker), a signed-in user's token and LANG stored before the page loads. "Before" is the same
 * build served without its `prerendered/app-*.html` (the server then answers the bare index.html, as it did); the
 * two alternate, so a busy machine slows both alike.
 *
 * Figures per run: first paint and first contentful paint (the browser's paint timing) and when the app's own
 * screen has replaced the placeholder (the /esims page's `<main>` drawn by React).
 *
 * Usage: `npm run build`, then `npx tsx bench/app-shell-paint.ts [runs per variant = 3] [path = /esims] [language = fr]`.
 */
import { randomUUID } from "node:crypto";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "playwright";
import { buildApp } from "../apps/api/src/app.ts";
import { createAppDeps } from "../apps/api/src/create-deps.ts";
import { generateToken, sha256Hex } from "../apps/api/src/lib/secrets.ts";
import { insertUser } from "../apps/api/src/modules/account/users.repo.ts";
import { insertSession } from "../apps/api/src/modules/auth/sessions.repo.ts";
import { syncCatalog } from "../apps/api/src/modules/catalog/catalog.sync.ts";
import { freePort } from "../apps/api/src/test/free-port.ts";
import { CHROMIUM_LAUNCH_OPTIONS } from "../e2e/chromium.ts";
import { median, startBenchStack } from "./bench-kit.ts";

const RUNS = Number(process.argv[2] ?? 3);
const PAGE_PATH = process.argv[3] ?? "/esims";
const LANGUAGE = process.argv[4] ?? "fr";
const WEB_DIST_DIR = path.join(import.meta.dirname, "../apps/web/dist");
/** The slow network: 50 KB/s both ways, 400 ms round trip. */
const SLOW_NETWORK = { offline: false, latency: 400, downloadThroughput: 50 * 1024, uploadThroughput: 50 * 1024 };

/** What the functions run in the page use of it (this project compiles without the DOM's types). */
interface InPage {
  document: { getElementById(id: string): unknown; querySelector(selector: string): unknown };
  performance: { now(): number; getEntriesByType(type: string): { name: string; startTime: number }[] };
}

interface Run {
  firstPaintMs: number;
  firstContentfulPaintMs: number;
  appDrawnMs: number;
}

const stack = await startBenchStack();
const beforeDir = await mkdtemp(path.join(tmpdir(), "esim-web-before-"));
await cp(WEB_DIST_DIR, beforeDir, { recursive: true });
for (const language of ["fr", "en", "ar"]) {
  await rm(path.join(beforeDir, `prerendered/app-${language}.html`), { force: true });
  await rm(path.join(beforeDir, `prerendered/app-${language}.html.br`), { force: true });
  await rm(path.join(beforeDir, `prerendered/app-${language}.html.gz`), { force: true });
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

const now = new Date();
const user = await insertUser(stack.handle.db, {
  email: `shell-${randomUUID()}@example.com`,
  name: "Bench Traveller",
  country: "DZ",
  phone: null,
  language: LANGUAGE === "ar" ? "ar" : LANGUAGE === "en" ? "en" : "fr",
  isVerified: true,
  now,
});
const token = generateToken();
await insertSession(stack.handle.db, {
  tokenHash: sha256Hex(token),
  userId: user.id,
  expiresAt: new Date(now.getTime() + 86_400_000),
  userAgent: "bench",
  now,
});

const browser = await chromium.launch({
  executablePath: CHROMIUM_LAUNCH_OPTIONS.executablePath,
  args: CHROMIUM_LAUNCH_OPTIONS.args,
});

async function measure(baseUrl: string): Promise<Run> {
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
    const paints = await page.evaluate(() =>
      Object.fromEntries(
        (globalThis as unknown as InPage).performance
          .getEntriesByType("paint")
          .map((entry) => [entry.name, entry.startTime]),
      ),
    );
    return {
      firstPaintMs: paints["first-paint"] ?? Number.NaN,
      firstContentfulPaintMs: paints["first-contentful-paint"] ?? Number.NaN,
      appDrawnMs,
    };
  } finally {
    await context.close();
  }
}

const runs: Record<"before" | "after", Run[]> = { before: [], after: [] };
try {
  console.info(
    `${PAGE_PATH} (${LANGUAGE}), signed in, 50 KB/s and 400 ms; ${RUNS} run(s) each, alternating; ${WEB_DIST_DIR}`,
  );
  for (let run = 0; run < RUNS; run += 1) {
    for (const [label, server] of [
      ["before", before],
      ["after", after],
    ] as const) {
      const figures = await measure(server.baseUrl);
      runs[label].push(figures);
      console.info(
        `${label} #${run + 1}: first paint ${figures.firstPaintMs.toFixed(0)} ms, FCP ${figures.firstContentfulPaintMs.toFixed(0)} ms, app drawn ${figures.appDrawnMs.toFixed(0)} ms`,
      );
    }
  }
} finally {
  await browser.close();
  await before.app.close();
  await after.app.close();
  await stack.close();
  await rm(beforeDir, { recursive: true, force: true });
}

const seconds = (values: number[]) => `${(median(values) / 1000).toFixed(2)} s`;
const range = (values: number[]) =>
  `${(Math.min(...values) / 1000).toFixed(2)}–${(Math.max(...values) / 1000).toFixed(2)}`;
console.info("| Served | First paint (median, range) | FCP (median, range) | App's screen drawn (median, range) |");
console.info("|---|---|---|---|");
for (const label of ["before", "after"] as const) {
  const column = (pick: (run: Run) => number) => {
    const values = runs[label].map(pick);
    return `${seconds(values)} (${range(values)})`;
  };
  console.info(
    `| ${label === "before" ? "index.html, empty #root" : "app placeholder (decision 075)"} | ${column((run) => run.firstPaintMs)} | ${column((run) => run.firstContentfulPaintMs)} | ${column((run) => run.appDrawnMs)} |`,
  );
}
