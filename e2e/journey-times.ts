/**
 * Where a journeys' run spent its time, per file, from Playwright's JSON report:
 *   PLAYWRIGHT_JSON_OUTPUT_NAME=/tmp/journeys.json npx playwright test -c e2e/playwright.config.ts --reporter=list,json
 *   npx tsx e2e/journey-times.ts /tmp/journeys.json [top]
 * Prints a Markdown table of the files by time (the sum of their tests' durations, and their first start to last end
 * on the wall clock), then the run's wall time and its tests by outcome.
 */
import { readFileSync } from "node:fs";

interface Result {
  duration: number;
  startTime: string;
  status: string;
}
interface Spec {
  file: string;
  tests: { results: Result[] }[];
}
interface Suite {
  file?: string;
  specs?: Spec[];
  suites?: Suite[];
}
interface Report {
  suites: Suite[];
  stats: { startTime: string; duration: number; expected: number; unexpected: number; flaky: number; skipped: number };
}

const [reportPath, topArgument] = process.argv.slice(2);
if (!reportPath) throw new Error("usage: journey-times.ts <playwright-report.json> [top]");
const report = JSON.parse(readFileSync(reportPath, "utf8")) as Report;

const byFile = new Map<string, { tests: number; busyMs: number; firstStart: number; lastEnd: number }>();
const visit = (suite: Suite) => {
  for (const spec of suite.specs ?? []) {
    for (const result of spec.tests.flatMap((test) => test.results)) {
      const start = Date.parse(result.startTime);
      const entry = byFile.get(spec.file) ?? { tests: 0, busyMs: 0, firstStart: start, lastEnd: 0 };
      entry.tests += 1;
      entry.busyMs += result.duration;
      entry.firstStart = Math.min(entry.firstStart, start);
      entry.lastEnd = Math.max(entry.lastEnd, start + result.duration);
      byFile.set(spec.file, entry);
    }
  }
  for (const child of suite.suites ?? []) visit(child);
};
for (const suite of report.suites) visit(suite);

const seconds = (ms: number) => (ms / 1000).toFixed(1);
const files = [...byFile.entries()].sort((a, b) => b[1].busyMs - a[1].busyMs);
const top = Number(topArgument ?? files.length);
console.info("| File | Tests | Time (s) | Wall, first start to last end (s) |");
console.info("|---|---|---|---|");
for (const [file, entry] of files.slice(0, top)) {
  console.info(
    `| ${file} | ${entry.tests} | ${seconds(entry.busyMs)} | ${seconds(entry.lastEnd - entry.firstStart)} |`,
  );
}
const busyMs = files.reduce((sum, [, entry]) => sum + entry.busyMs, 0);
const { stats } = report;
console.info(
  `\nWall: ${seconds(stats.duration)} s; tests' time summed: ${seconds(busyMs)} s over ${byFile.size} files; ` +
    `passed ${stats.expected}, failed ${stats.unexpected}, flaky ${stats.flaky}, skipped ${stats.skipped}`,
);
