/**
 * What the traveller's build carries of the operator console (decision 072), read from a built `apps/web/dist`: the
 * service worker's precache (every file an installed app downloads after its first visit, and what the native apps
 * copy) in bytes, gzip (level 9) and brotli (quality 11); the language catalogues' chunks; and how many of those files
 * hold a console text id (`admin.`). Then the catalogue sources (packages/ui/src/messages) of the same tree.
 * Then each download budget (decision 100: offline cache, entry script, sign-in's first use) against its figure.
 * Usage: `npm run build`, then `npx tsx bench/web-build-size.ts [tree = .]` (another tree: e.g. a `git worktree` of
 * the commit before, built there).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { checkDownloadBudgets } from "../apps/web/build-tools/download-budgets.ts";

const tree = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, ".."));
const dist = path.join(tree, "apps/web/dist");
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function sizes(content: Buffer) {
  return {
    raw: content.byteLength,
    gzip: gzipSync(content, { level: 9 }).byteLength,
    brotli: brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).byteLength,
  };
}

function total(files: string[]) {
  const sum = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const each = sizes(readFileSync(file));
    sum.raw += each.raw;
    sum.gzip += each.gzip;
    sum.brotli += each.brotli;
  }
  return sum;
}

const line = (label: string, sum: { raw: number; gzip: number; brotli: number }, extra = "") =>
  console.info(
    `${label.padEnd(44)} ${kb(sum.raw).padStart(10)} ${kb(sum.gzip).padStart(10)} ${kb(sum.brotli).padStart(10)} ${extra}`,
  );

const worker = readFileSync(path.join(dist, "sw.js"), "utf8");
const precached = [...worker.matchAll(/url:"([^"]+)"/g)].map((match) => path.join(dist, match[1]!));
const scripts = precached.filter((file) => file.endsWith(".js"));
const catalogues = scripts.filter((file) => /\/(fr|en|ar)-[\w-]+\.js$/.test(file));
const holdingConsoleIds = scripts.filter((file) =>
  /"console\.(?!log|error|warn|info|debug|table|time)[a-zA-Z]/.test(readFileSync(file, "utf8")),
);

console.info(`${tree}\n${"".padEnd(44)} ${"raw".padStart(10)} ${"gzip".padStart(10)} ${"brotli".padStart(10)}`);
line(`precache (${precached.length} files)`, total(precached));
line(`  of which JavaScript (${scripts.length} files)`, total(scripts));
line(`  of which catalogue chunks (${catalogues.length})`, total(catalogues));
for (const file of catalogues.sort()) line(`    ${path.basename(file)}`, total([file]));
console.info(`files of the precache holding a console id (console.…): ${holdingConsoleIds.length}`);
const consoleDist = path.join(tree, "apps/web/dist-console");
if (existsSync(consoleDist)) {
  const files = readdirSync(path.join(consoleDist, "assets"))
    .filter((name) => /\.(js|css)$/.test(name))
    .map((name) => path.join(consoleDist, "assets", name));
  line(`console build, apart (${files.length} js/css files)`, total(files));
}
const messages = path.join(tree, "packages/ui/src/messages");
for (const folder of [messages, path.join(messages, "console")]) {
  if (!existsSync(folder)) continue;
  for (const language of ["fr", "en", "ar"]) {
    const file = path.join(folder, `${language}.json`);
    const ids = Object.keys(JSON.parse(readFileSync(file, "utf8")) as object);
    line(
      `${path.relative(messages, file)} source`,
      total([file]),
      `${ids.length} ids, ${ids.filter((id) => id.startsWith("console.")).length} console.`,
    );
  }
}
console.info("download budgets (decision 100), gzip level 9:");
for (const budgetLine of (await checkDownloadBudgets(dist)).lines) console.info(`  ${budgetLine}`);
