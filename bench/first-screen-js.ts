/**
 * Measures the JavaScript a browser downloads for the first screen (DESIGN §8: ≤ 140 KB gzip), as served by
 * the running product: Debian's Chromium loads each page and we add up the encoded (compressed) bytes of
 * every script it fetched. Usage: `npm start` in one shell, then `npx tsx bench/first-screen-js.ts [baseUrl]`.
 */
import { chromium } from "@playwright/test";

const baseUrl = process.argv[2] ?? "http://127.0.0.1:8080";
const pages = ["/login", "/register", "/ar"];
const BUDGET_KB = 140;

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
  ],
});
let isOverBudget = false;
try {
  for (const path of pages) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const scripts: { url: string; bytes: number }[] = [];
    page.on("requestfinished", async (request) => {
      if (request.resourceType() !== "script") return;
      const sizes = await request.sizes();
      scripts.push({ url: request.url().replace(baseUrl, ""), bytes: sizes.responseBodySize });
    });
    await page.goto(`${baseUrl}${path}`, { waitUntil: "networkidle" });
    const totalKb = scripts.reduce((sum, script) => sum + script.bytes, 0) / 1024;
    isOverBudget ||= totalKb > BUDGET_KB;
    console.info(`${path.padEnd(12)} ${totalKb.toFixed(1).padStart(7)} KB in ${scripts.length} scripts`);
    for (const script of scripts.sort((a, b) => b.bytes - a.bytes)) {
      console.info(`    ${(script.bytes / 1024).toFixed(1).padStart(7)} KB ${script.url}`);
    }
    await context.close();
  }
} finally {
  await browser.close();
}
console.info(isOverBudget ? `OVER the ${BUDGET_KB} KB budget` : `within the ${BUDGET_KB} KB budget`);
process.exitCode = isOverBudget ? 1 : 0;
