import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkDownloadBudgets, DOWNLOAD_BUDGETS_KB, measureDownloads } from "./download-budgets.ts";

/** Random bytes, which gzip cannot shrink: a file's gzip size is its size (plus a few bytes). */
const incompressible = (kilobytes: number) => randomBytes(kilobytes * 1024);
/** Text for a page's script: base64 of random bytes, which gzip brings back to about the bytes' size. */
const incompressibleText = (kilobytes: number) => randomBytes(kilobytes * 1024).toString("base64");

let dist: string;

/** A built dist/ as Vite and workbox write it: index.html, sw.js's precache list, the manifest, the prerendered sign-in. */
async function writeDist(sizes: {
  entry: number;
  entryImport: number;
  login: number;
  catalogue: number;
  image: number;
}) {
  const files: Record<string, string | Buffer> = {
    "assets/index-a.js": incompressible(sizes.entry),
    "assets/shared-b.js": incompressible(sizes.entryImport),
    "assets/login-c.js": incompressible(sizes.login),
    "assets/fr-d.js": incompressible(sizes.catalogue),
    "assets/ar-e.js": incompressible(sizes.catalogue + 1),
    "assets/register-f.js": incompressible(30),
    "pay-link-preview.png": incompressible(sizes.image),
    "index.html":
      '<script type="module" crossorigin src="/assets/index-a.js"></script><link rel="modulepreload" crossorigin href="/assets/shared-b.js">',
    "prerendered/login-fr.html": `<html><script>${incompressibleText(1)}</script><div id="root"></div></html>`,
    "prerendered/login-ar.html": `<html><script type="application/json">${incompressibleText(5)}</script><div id="root"></div></html>`,
  };
  const precached = ["index.html", "assets/index-a.js", "assets/shared-b.js", "assets/login-c.js", "assets/fr-d.js"];
  precached.push("assets/ar-e.js", "assets/register-f.js", "pay-link-preview.png");
  files["sw.js"] = `precacheAndRoute([${precached.map((url) => `{url:"${url}",revision:"1"}`).join(",")}])`;
  files[".vite/manifest.json"] = JSON.stringify({
    "index.html": {
      file: "assets/index-a.js",
      isEntry: true,
      imports: ["_shared-b.js"],
      dynamicImports: ["src/routes/login.tsx"],
    },
    "_shared-b.js": { file: "assets/shared-b.js" },
    "src/routes/login.tsx": { file: "assets/login-c.js", isDynamicEntry: true, imports: ["_shared-b.js"] },
    "src/routes/register.tsx": { file: "assets/register-f.js", isDynamicEntry: true, imports: ["_shared-b.js"] },
    "../../packages/ui/src/messages/fr.json?catalog=sign-in": { file: "assets/fr-d.js", isDynamicEntry: true },
    "../../packages/ui/src/messages/ar.json?catalog=sign-in": { file: "assets/ar-e.js", isDynamicEntry: true },
  });
  for (const [name, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dist, name)), { recursive: true });
    await writeFile(path.join(dist, name), content);
  }
}

const kb = (bytes: number) => bytes / 1024;

beforeEach(async () => {
  dist = await mkdtemp(path.join(tmpdir(), "esim-download-budgets-"));
});

afterEach(async () => {
  await rm(dist, { recursive: true, force: true });
});

describe("the download budgets (decision 100)", () => {
  it("are the offline cache, the entry script and sign-in's first use, in KB gzip", () => {
    expect(DOWNLOAD_BUDGETS_KB).toEqual({ precache: 450, entry: 110, signInFirstUse: 140 });
  });

  it("measure the precache from sw.js, the entry from index.html and sign-in from its route's chunks", async () => {
    await writeDist({ entry: 20, entryImport: 10, login: 5, catalogue: 3, image: 40 });
    const figures = await measureDownloads(dist);
    // Every file sw.js lists, the preview image included when it is listed.
    expect(kb(figures.precache.gzipBytes)).toBeGreaterThan(20 + 10 + 5 + 3 + 4 + 30 + 40);
    expect(figures.precache.files).toHaveLength(8);
    // The module script and its modulepreloads, nothing lazy.
    expect(figures.entry.files.sort()).toEqual(["assets/index-a.js", "assets/shared-b.js"]);
    expect(kb(figures.entry.gzipBytes)).toBeGreaterThan(30);
    expect(kb(figures.entry.gzipBytes)).toBeLessThan(32);
    // The entry, /login's chunk and what it imports, the heavier language's sign-in texts and the page's boot script.
    expect(figures.signInFirstUse.files.sort()).toEqual([
      "assets/ar-e.js",
      "assets/index-a.js",
      "assets/login-c.js",
      "assets/shared-b.js",
      "prerendered/login-fr.html (inline script)",
    ]);
    expect(kb(figures.signInFirstUse.gzipBytes)).toBeGreaterThan(20 + 10 + 5 + 4 + 1);
    expect(kb(figures.signInFirstUse.gzipBytes)).toBeLessThan(20 + 10 + 5 + 4 + 1 + 2);
  });

  it("passes a build within every budget, one line per budget", async () => {
    await writeDist({ entry: 60, entryImport: 20, login: 20, catalogue: 5, image: 100 });
    const result = await checkDownloadBudgets(dist);
    expect(result.isWithinBudgets).toBe(true);
    expect(result.lines).toHaveLength(3);
    expect(result.lines[0]).toMatch(/^ok +offline cache \(precache, \d+ files\) +\d+\.\d KB gzip ≤ 450 KB$/);
    expect(result.lines[1]).toMatch(/^ok +entry script .* ≤ 110 KB$/);
    expect(result.lines[2]).toMatch(/^ok +sign-in, first use .* ≤ 140 KB$/);
  });

  it("fails a build over any budget, naming the figure against its limit", async () => {
    await writeDist({ entry: 100, entryImport: 15, login: 30, catalogue: 5, image: 300 });
    const result = await checkDownloadBudgets(dist);
    expect(result.isWithinBudgets).toBe(false);
    expect(result.lines[0]).toMatch(/^OVER +offline cache .* > 450 KB$/);
    expect(result.lines[1]).toMatch(/^OVER +entry script .* > 110 KB$/);
    expect(result.lines[2]).toMatch(/^OVER +sign-in, first use .* > 140 KB$/);
  });

  it("fails one budget alone when only it is exceeded", async () => {
    await writeDist({ entry: 60, entryImport: 20, login: 20, catalogue: 5, image: 400 });
    const result = await checkDownloadBudgets(dist);
    expect(result.isWithinBudgets).toBe(false);
    expect(result.lines.map((line) => line.split(" ")[0])).toEqual(["OVER", "ok", "ok"]);
  });

  it("reports a budget named as known to be over without failing on it, and still fails on the others", async () => {
    await writeDist({ entry: 100, entryImport: 5, login: 40, catalogue: 5, image: 100 });
    const allowed = await checkDownloadBudgets(dist, { knownOver: ["signInFirstUse"] });
    expect(allowed.isWithinBudgets).toBe(true);
    expect(allowed.lines[2]).toMatch(/^KNOWN +sign-in, first use .* > 140 KB \(known, decision 100\)$/);
    await writeDist({ entry: 120, entryImport: 5, login: 40, catalogue: 5, image: 100 });
    const failing = await checkDownloadBudgets(dist, { knownOver: ["signInFirstUse"] });
    expect(failing.isWithinBudgets).toBe(false);
    expect(failing.lines.map((line) => line.split(" ")[0])).toEqual(["ok", "OVER", "KNOWN"]);
  });

  it("refuses a dist it cannot read instead of passing it", async () => {
    await expect(checkDownloadBudgets(path.join(dist, "missing"))).rejects.toThrow(/npm run build/);
  });
});
