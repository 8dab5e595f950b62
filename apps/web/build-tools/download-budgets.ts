/**
 * What a traveller downloads, read from a built apps/web/dist and held to its budgets (decision 100), in gzip
 * (level 9, as the benches count): the offline cache (every file sw.js precaches, which the phone apps also carry),
 * the entry script (index.html's module script and the chunks it preloads: its static imports) and sign-in's first
 * use (what /login has fetched once its email field is used: the page's boot script, the entry, the /login route's
 * chunks and the heaviest language's sign-in texts; bench/first-screen-js.ts measures the same in Chromium).
 * Usage: `npm run build`, then `npm run check:downloads [dist] [--known-over=signInFirstUse]`; exits 1 when a figure
 * is over its budget (one named by --known-over is reported as KNOWN instead: a gap decision 100 records).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";

export const DOWNLOAD_BUDGETS_KB = { precache: 450, entry: 110, signInFirstUse: 140 } as const;

type Budget = keyof typeof DOWNLOAD_BUDGETS_KB;

const LABELS: Record<Budget, string> = {
  precache: "offline cache (precache",
  entry: "entry script (index.html's",
  signInFirstUse: "sign-in, first use (",
};

/** The manifest key of the route /login loads at first use (router.tsx's lazy route). */
const SIGN_IN_ROUTE = "src/routes/login.tsx";
/** The sign-in part of each language's catalogue (build-tools/lingui-catalogs.ts, decision 030). */
const SIGN_IN_CATALOGUE = /messages\/(?:fr|en|ar)\.json\?catalog=sign-in$/;
const PRERENDERED_SIGN_IN = ["fr", "en", "ar"].map((language) => `prerendered/login-${language}.html`);

interface ManifestChunk {
  file: string;
  imports?: string[];
}

export interface DownloadFigure {
  /** Paths relative to dist (an inline script: its page's path and "(inline script)"). */
  files: string[];
  gzipBytes: number;
}

export interface DownloadFigures {
  precache: DownloadFigure;
  entry: DownloadFigure;
  signInFirstUse: DownloadFigure;
}

const gzipSize = (content: Buffer | string) => gzipSync(content, { level: 9 }).byteLength;

async function readBuilt(dist: string, file: string): Promise<Buffer> {
  try {
    return await readFile(path.join(dist, file));
  } catch (error) {
    throw new Error(
      `${path.join(dist, file)} cannot be read (${(error as Error).message}): run \`npm run build\` first`,
    );
  }
}

/** One figure of files; the same file counted once. */
async function figureOf(dist: string, files: Iterable<string>, extraBytes = 0, extraFiles: string[] = []) {
  const unique = [...new Set(files)];
  let gzipBytes = extraBytes;
  for (const file of unique) gzipBytes += gzipSize(await readBuilt(dist, file));
  return { files: [...unique, ...extraFiles], gzipBytes };
}

/** A chunk and every chunk it imports statically (what the browser fetches before running it). */
function staticClosure(manifest: Record<string, ManifestChunk>, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`the build's manifest has no ${key}`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/** The scripts a page runs from its own bytes (no src, not a data block), gzip together. */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes = ""]) => !/\ssrc=/.test(attributes) && !/type="(?!module")[^"]*"/.test(attributes))
    .map(([, , code = ""]) => code);
}

export async function measureDownloads(dist: string): Promise<DownloadFigures> {
  const worker = (await readBuilt(dist, "sw.js")).toString("utf8");
  const precached = [...worker.matchAll(/url:"([^"]+)"/g)].map((match) => match[1] as string);
  const indexHtml = (await readBuilt(dist, "index.html")).toString("utf8");
  const manifest = JSON.parse((await readBuilt(dist, ".vite/manifest.json")).toString("utf8")) as Record<
    string,
    ManifestChunk
  >;

  const fromIndex = [
    ...indexHtml.matchAll(/<script type="module"[^>]* src="\/([^"]+)"/g),
    ...indexHtml.matchAll(/<link rel="modulepreload"[^>]* href="\/([^"]+)"/g),
  ].map((match) => match[1] as string);
  const entryFiles = new Set(fromIndex);
  // Vite writes every static import as a modulepreload; the manifest's graph is read too, should one be left out.
  if (manifest["index.html"]) staticClosure(manifest, "index.html", entryFiles);

  const signInFiles = new Set(entryFiles);
  if (manifest[SIGN_IN_ROUTE]) staticClosure(manifest, SIGN_IN_ROUTE, signInFiles);
  // A visitor loads one language's sign-in texts: the heaviest is counted.
  let heaviestCatalogue: { file: string; bytes: number } | null = null;
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!SIGN_IN_CATALOGUE.test(key)) continue;
    const bytes = gzipSize(await readBuilt(dist, chunk.file));
    if (!heaviestCatalogue || bytes > heaviestCatalogue.bytes) heaviestCatalogue = { file: chunk.file, bytes };
  }
  if (heaviestCatalogue) signInFiles.add(heaviestCatalogue.file);
  // The prerendered page's boot script (decision 030), the heaviest language's.
  let bootScript: { page: string; bytes: number } | null = null;
  for (const page of PRERENDERED_SIGN_IN) {
    let html: string;
    try {
      html = await readFile(path.join(dist, page), "utf8");
    } catch {
      continue;
    }
    const bytes = inlineScripts(html).reduce((sum, code) => sum + gzipSize(code), 0);
    if (bytes > 0 && (!bootScript || bytes > bootScript.bytes)) bootScript = { page, bytes };
  }

  return {
    precache: await figureOf(dist, precached),
    entry: await figureOf(dist, entryFiles),
    signInFirstUse: await figureOf(
      dist,
      signInFiles,
      bootScript?.bytes ?? 0,
      bootScript ? [`${bootScript.page} (inline script)`] : [],
    ),
  };
}

/**
 * Each figure against its budget, one line each. `knownOver`: budgets a decision records as not met yet (decision
 * 100), reported as KNOWN without failing the check, so the others keep holding in CI.
 */
export async function checkDownloadBudgets(
  dist: string,
  { knownOver = [] }: { knownOver?: readonly Budget[] } = {},
): Promise<{ isWithinBudgets: boolean; lines: string[] }> {
  const figures = await measureDownloads(dist);
  const lines: string[] = [];
  let isWithinBudgets = true;
  for (const budget of Object.keys(DOWNLOAD_BUDGETS_KB) as Budget[]) {
    const { files, gzipBytes } = figures[budget];
    const limit = DOWNLOAD_BUDGETS_KB[budget];
    const kilobytes = gzipBytes / 1024;
    const isOver = kilobytes > limit;
    const isKnown = isOver && knownOver.includes(budget);
    if (isOver && !isKnown) isWithinBudgets = false;
    const detail = budget === "precache" ? ", " : budget === "entry" ? " module script and its preloads, " : "";
    const label = `${LABELS[budget]}${detail}${files.length} files)`;
    const status = isKnown ? "KNOWN" : isOver ? "OVER" : "ok";
    const note = isKnown
      ? " (known, decision 100)"
      : !isOver && knownOver.includes(budget)
        ? " (met: drop --known-over)"
        : "";
    lines.push(
      `${status.padEnd(5)} ${label.padEnd(62)} ${kilobytes.toFixed(1).padStart(6)} KB gzip ${isOver ? ">" : "≤"} ${limit} KB${note}`,
    );
  }
  return { isWithinBudgets, lines };
}

const isBudget = (name: string): name is Budget => name in DOWNLOAD_BUDGETS_KB;

if (process.argv[1] === import.meta.filename) {
  const args = process.argv.slice(2);
  const distArg = args.find((arg) => !arg.startsWith("--"));
  const dist = path.resolve(distArg ?? path.join(import.meta.dirname, "../dist"));
  const knownOver = (args.find((arg) => arg.startsWith("--known-over="))?.split("=")[1] ?? "")
    .split(",")
    .filter((name) => name !== "");
  try {
    const unknown = knownOver.filter((name) => !isBudget(name));
    if (unknown.length > 0) throw new Error(`--known-over names no budget: ${unknown.join(", ")}`);
    const { isWithinBudgets, lines } = await checkDownloadBudgets(dist, { knownOver: knownOver.filter(isBudget) });
    console.info(`download budgets of ${dist} (decision 100):`);
    for (const line of lines) console.info(`  ${line}`);
    if (!isWithinBudgets) console.error("download budgets: a figure is over its budget (above); see decision 100");
    process.exitCode = isWithinBudgets ? 0 : 1;
  } catch (error) {
    console.error(`download budgets: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}
