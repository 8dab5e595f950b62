import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import capacitorConfig from "../capacitor.config.ts";
import { NATIVE_WEB_DIR, prepareNativeWebDir } from "./native-web-dir.ts";

let webRoot: string;

async function listAll(dir: string, prefix = ""): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory()
        ? listAll(path.join(dir, entry.name), `${prefix}${entry.name}/`)
        : Promise.resolve([`${prefix}${entry.name}`]),
    ),
  );
  return nested.flat().sort();
}

beforeEach(async () => {
  webRoot = await mkdtemp(path.join(tmpdir(), "esim-native-web-"));
  for (const file of [
    "index.html",
    "index.html.gz",
    "sw.js",
    "assets/index-a1.js",
    "assets/index-a1.js.br",
    "assets/TR-d4.svg",
    "icons/icon-192.png",
    "pay-link-preview.png",
    "prerendered/login-fr.html",
  ]) {
    await mkdir(path.dirname(path.join(webRoot, "dist", file)), { recursive: true });
    await writeFile(path.join(webRoot, "dist", file), file);
  }
});

afterEach(async () => {
  await rm(webRoot, { recursive: true, force: true });
});

describe("what the phone apps carry of the web build (decision 100)", () => {
  it("is Capacitor's web folder", () => {
    expect(capacitorConfig.webDir).toBe(NATIVE_WEB_DIR);
  });

  it("is the build without the crawlers' image, the server's prerendered pages and the compressed copies", async () => {
    await prepareNativeWebDir(webRoot);
    expect(await listAll(path.join(webRoot, NATIVE_WEB_DIR))).toEqual([
      "assets/TR-d4.svg",
      "assets/index-a1.js",
      "icons/icon-192.png",
      "index.html",
      "sw.js",
    ]);
    expect(await readFile(path.join(webRoot, NATIVE_WEB_DIR, "index.html"), "utf8")).toBe("index.html");
  });

  it("leaves nothing of an earlier build behind", async () => {
    await mkdir(path.join(webRoot, NATIVE_WEB_DIR, "assets"), { recursive: true });
    await writeFile(path.join(webRoot, NATIVE_WEB_DIR, "assets/old-z9.js"), "old");
    await prepareNativeWebDir(webRoot);
    expect(await listAll(path.join(webRoot, NATIVE_WEB_DIR))).not.toContain("assets/old-z9.js");
  });
});
