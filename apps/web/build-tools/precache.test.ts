import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getManifest } from "workbox-build";
import { serviceWorkerOptions } from "./service-worker.ts";

// The precache list as workbox builds it from dist/ with our patterns (decision 015; decision 100 for what is left out).
const BUILT_FILES = [
  "index.html",
  "index.html.gz",
  "manifest.webmanifest",
  "favicon.svg",
  "icons/icon-192.png",
  "assets/index-a1.js",
  "assets/index-a1.js.br",
  "assets/index-b2.css",
  "assets/fr-c3.js",
  "assets/TR-d4.svg",
  "pay-link-preview.png",
  "prerendered/login-fr.html",
  "prerendered/login-fr.html.gz",
  "prerendered/app-ar.html",
];

let dist: string;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), "esim-precache-"));
  for (const file of BUILT_FILES) {
    await mkdir(path.dirname(path.join(dist, file)), { recursive: true });
    await writeFile(path.join(dist, file), file);
  }
});

afterAll(async () => {
  await rm(dist, { recursive: true, force: true });
});

describe("the service worker's precache", () => {
  it("keeps the shell, every chunk, the styles, icons and manifest; not the crawlers' image, the server's pages or the compressed copies", async () => {
    const { globPatterns, globIgnores } = serviceWorkerOptions.workbox!;
    const { manifestEntries } = await getManifest({ globDirectory: dist, globPatterns, globIgnores });
    expect(manifestEntries!.map((entry) => entry.url).sort()).toEqual([
      "assets/fr-c3.js",
      "assets/index-a1.js",
      "assets/index-b2.css",
      "favicon.svg",
      "icons/icon-192.png",
      "index.html",
      "manifest.webmanifest",
    ]);
  });
});
