/**
 * Where a test run's time went: each stage, and each test file of the unit (vitest JSON reporter) and browser
 * (Playwright JSON reporter) suites, slowest first. `scripts/test.mjs` prints the summary and writes the full report
 * to test-results/test-times.md.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";

/** Per-file wall time in ms, slowest first; empty when the results file is missing or unreadable. */
export async function fileTimes(kind, file, root) {
  let results;
  try {
    results = JSON.parse(await readFile(file, "utf8"));
  } catch {
    return [];
  }
  const rows = kind === "vitest" ? vitestFiles(results) : playwrightFiles(results);
  return rows
    .map((row) => ({ ...row, file: path.relative(root, path.resolve(root, row.file)) }))
    .sort((a, b) => b.ms - a.ms);
}

function vitestFiles(results) {
  return (results.testResults ?? []).map((file) => ({
    file: file.name,
    ms: Math.max(0, (file.endTime ?? 0) - (file.startTime ?? 0)),
    tests: (file.assertionResults ?? []).length,
  }));
}

/** Playwright nests suites (file → describe → …); a file's time is the sum of its tests' attempts. */
function playwrightFiles(results) {
  const byFile = new Map();
  const rootDir = results.config?.rootDir ?? "";
  const visit = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const row = byFile.get(file) ?? { file: path.join(rootDir, file), ms: 0, tests: 0 };
        row.tests += 1;
        for (const result of test.results ?? []) row.ms += result.duration ?? 0;
        byFile.set(file, row);
      }
    }
    for (const child of suite.suites ?? []) visit(child, file);
  };
  for (const suite of results.suites ?? []) visit(suite, suite.file ?? suite.title);
  return [...byFile.values()];
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function fileTable(title, rows, limit) {
  if (rows.length === 0) return [];
  const sum = rows.reduce((total, row) => total + row.ms, 0);
  const tests = rows.reduce((total, row) => total + row.tests, 0);
  const shown = limit ? rows.slice(0, limit) : rows;
  return [
    "",
    `${title}: ${rows.length} files, ${tests} tests, ${seconds(sum)} of file time${limit && rows.length > limit ? ` (slowest ${limit})` : ""}`,
    "",
    "| file | tests | time |",
    "|---|---:|---:|",
    ...shown.map((row) => `| ${row.file} | ${row.tests} | ${seconds(row.ms)} |`),
  ];
}

export function formatReport({ stages, total, budgetMinutes, unit, journeys, minutes }) {
  const head = [
    "| stage | time |",
    "|---|---:|",
    ...stages.map((stage) => `| ${stage.stage} | ${minutes(stage.ms)} |`),
    `| **whole run** | **${minutes(total)}**${budgetMinutes ? ` (budget ${budgetMinutes} min${total > budgetMinutes * 60_000 ? ": OVER" : ""})` : ""} |`,
  ];
  const summary = [
    ...head,
    ...fileTable("Unit and API", unit, 10),
    ...fileTable("Journeys", journeys, 10),
    "",
    "(every file: test-results/test-times.md)",
  ];
  const full = [
    "# Test run times",
    "",
    ...head,
    ...fileTable("Unit and API", unit),
    ...fileTable("Journeys", journeys),
    "",
  ];
  return { summary: summary.join("\n"), full: full.join("\n") };
}

// `node scripts/test-times.mjs <vitest|playwright> <results.json> [how many]`: one saved run's files, slowest first.
if (import.meta.url === `file://${process.argv[1]}`) {
  const [kind, file, limit] = process.argv.slice(2);
  if (!["vitest", "playwright"].includes(kind) || !file) {
    console.error("usage: node scripts/test-times.mjs <vitest|playwright> <results.json> [how many]");
    process.exit(2);
  }
  const rows = await fileTimes(kind, path.resolve(file), process.cwd());
  console.info(fileTable(kind === "vitest" ? "Unit and API" : "Journeys", rows, limit ? Number(limit) : 0).join("\n"));
}
