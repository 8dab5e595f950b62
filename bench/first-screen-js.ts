/**
 * Measures the JavaScript a browser downloads for the first screen (≤ 120 KB gzip since decision 030; the budget was
 * 140), as served by the running product: Debian's Chromium loads each page; we add up, for every script it fetched, the bytes it
 * received (brotli, as served) and the same file's gzip size (level 9, as the budget is written in gzip). Usage: `npm start` in one shell, then `npx tsx bench/first-screen-js.ts [baseUrl]`.
 */
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { DOWNLOAD_BUDGETS_KB } from "../apps/web/build-tools/download-budgets.ts";
import { CHROMIUM_LAUNCH_OPTIONS } from "../e2e/chromium.ts";

// The page's own objects, used inside page.evaluate: the bench is type-checked as Node code, without the DOM's types.
declare const document: {
  documentElement: { dataset: Record<string, string | undefined> };
  querySelectorAll(selector: string): Iterable<{ type?: string; textContent: string | null }>;
};
type HTMLScriptElement = { type: string };

const baseUrl = process.argv[2] ?? "http://127.0.0.1:8080";
// The screens a visitor lands on first (sign-in, and the language entry points that end there) are held to
// the budget; /register is a lazy second screen, reported for its weight (libphonenumber's metadata). The
// prerendered /login fetches the app when the visitor first uses it (decision 030): "/login, first use" is what it
// has downloaded once the email field has been focused, reported beside the budget. /reset-password is a screen of a
// lazy layout, which loads the rest of the language's texts (the whole catalogue but sign-in's part).
type Page = import("@playwright/test").Page;
const pages: { path: string; label?: string; isFirstScreen: boolean; use?: (page: Page) => Promise<void> }[] = [
  { path: "/login", isFirstScreen: true },
  {
    path: "/login",
    label: "/login, first use",
    isFirstScreen: false,
    use: async (page) => {
      await page.focus('input[name="email"]');
      // The app marks the page when it has drawn over the prerendered markup; then its lazy chunks settle.
      await page.waitForFunction(() => "appHasDrawn" in document.documentElement.dataset);
      await page.waitForTimeout(1500);
    },
  },
  { path: "/ar", isFirstScreen: true },
  { path: "/en", isFirstScreen: true },
  { path: "/register", isFirstScreen: false },
  // A screen under a lazy layout: it loads the rest of the language's texts, as the signed-in home screen does.
  { path: "/reset-password", isFirstScreen: false },
];
const BUDGET_KB = 120;
/** "/login, first use" is held to sign-in's first-use budget (decision 100), which the build's check computes too. */
const FIRST_USE_BUDGET_KB = DOWNLOAD_BUDGETS_KB.signInFirstUse;

const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
let isOverBudget = false;
try {
  for (const { path, label: pageLabel = path, isFirstScreen, use } of pages) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const scripts: { url: string; bytes: number; gzipBytes: number }[] = [];
    page.on("requestfinished", async (request) => {
      if (request.resourceType() !== "script") return;
      const sizes = await request.sizes();
      const body = (await (await request.response())?.body()) ?? Buffer.alloc(0);
      scripts.push({
        url: request.url().replace(baseUrl, ""),
        bytes: sizes.responseBodySize,
        gzipBytes: gzipSync(body, { level: 9 }).length,
      });
    });
    await page.goto(`${baseUrl}${path}`, { waitUntil: "networkidle" });
    // Scripts written in the page (the prerendered sign-in's boot script) count too, with the page's own bytes.
    const inline = await page.evaluate(() =>
      Array.from(document.querySelectorAll("script:not([src])"))
        .filter((script) => !(script as HTMLScriptElement).type || (script as HTMLScriptElement).type === "module")
        .map((script) => script.textContent ?? ""),
    );
    for (const code of inline) {
      const bytes = Buffer.byteLength(code);
      scripts.push({ url: "(inline in the page)", bytes, gzipBytes: gzipSync(code, { level: 9 }).length });
    }
    await use?.(page);
    const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(7);
    const servedBytes = scripts.reduce((sum, script) => sum + script.bytes, 0);
    const gzipBytes = scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
    if (isFirstScreen) isOverBudget ||= gzipBytes / 1024 > BUDGET_KB;
    const label = isFirstScreen
      ? `first screen, budget ${BUDGET_KB} KB`
      : use
        ? `after first use, budget ${FIRST_USE_BUDGET_KB} KB: ${gzipBytes / 1024 > FIRST_USE_BUDGET_KB ? "OVER" : "within"}`
        : "lazy screen";
    console.info(
      `${pageLabel.padEnd(18)} ${kb(gzipBytes)} KB gzip (${kb(servedBytes)} KB served) in ${scripts.length} scripts, ${label}`,
    );
    for (const script of scripts.sort((a, b) => b.gzipBytes - a.gzipBytes)) {
      console.info(`    ${kb(script.gzipBytes)} KB gzip ${kb(script.bytes)} KB served  ${script.url}`);
    }
    await context.close();
  }
} finally {
  await browser.close();
}
console.info(
  isOverBudget ? `first screens OVER the ${BUDGET_KB} KB budget` : `first screens within the ${BUDGET_KB} KB budget`,
);
process.exitCode = isOverBudget ? 1 : 0;
