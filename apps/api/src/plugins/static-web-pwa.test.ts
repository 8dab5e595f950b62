import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../test/test-app.ts";

// A built web app as vite-plugin-pwa leaves it: the worker and the manifest at the root, beside index.html.
const distDir = await mkdtemp(path.join(tmpdir(), "esim-web-pwa-"));
const worker = `self.addEventListener("fetch", () => {});${" ".repeat(600)}`;
const manifest = JSON.stringify({ name: "eSIM Store", start_url: "/", display: "standalone" });
await mkdir(path.join(distDir, "assets"), { recursive: true });
await mkdir(path.join(distDir, "icons"), { recursive: true });
await writeFile(path.join(distDir, "index.html"), "<!doctype html><title>eSIM</title><div id=root></div>");
await writeFile(path.join(distDir, "sw.js"), worker);
await writeFile(path.join(distDir, "sw.js.br"), brotliCompressSync(worker));
await writeFile(path.join(distDir, "manifest.webmanifest"), manifest);
await writeFile(path.join(distDir, "icons/icon-192.png"), Buffer.from("89504e470d0a1a0a", "hex"));
await writeFile(path.join(distDir, "assets/esim-details-abc123.js"), "export const x = 1;");

const { app } = await createTestApp({ config: { WEB_DIST_DIR: distDir } });

describe("the installable web app's files", () => {
  it("serves the service worker as JavaScript that is revalidated on every update check", async () => {
    const response = await app.inject({ method: "GET", url: "/sw.js", headers: { "accept-encoding": "br" } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(response.headers["content-encoding"]).toBe("br");
  });

  it("serves the manifest with its own content type, revalidated on every load", async () => {
    const response = await app.inject({ method: "GET", url: "/manifest.webmanifest" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/manifest\+json/);
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(response.json()).toMatchObject({ name: "eSIM Store", display: "standalone" });
  });

  it("keeps hashed chunks immutable and icons revalidated", async () => {
    const chunk = await app.inject({ method: "GET", url: "/assets/esim-details-abc123.js" });
    expect(chunk.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const icon = await app.inject({ method: "GET", url: "/icons/icon-192.png" });
    expect(icon.headers["content-type"]).toBe("image/png");
    expect(icon.headers["cache-control"]).toBe("no-cache");
  });

  it("lets the page register a same-origin worker and manifest, and nothing else", async () => {
    const page = await app.inject({ method: "GET", url: "/details/some-id" });
    expect(page.headers["content-type"]).toContain("text/html");
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).toContain("default-src 'self'");
  });
});
