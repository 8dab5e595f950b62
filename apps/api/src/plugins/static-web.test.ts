import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../test/test-app.ts";

const distDir = await mkdtemp(path.join(tmpdir(), "esim-web-dist-"));
const script = "console.log('first screen');".repeat(20);
await mkdir(path.join(distDir, "assets"), { recursive: true });
await writeFile(path.join(distDir, "index.html"), "<!doctype html><title>eSIM</title><div id=root></div>");
await writeFile(path.join(distDir, "assets/index-abc123.js"), script);
await writeFile(path.join(distDir, "assets/index-abc123.js.gz"), gzipSync(script));
await writeFile(path.join(distDir, "assets/index-abc123.js.br"), brotliCompressSync(script));

const { app } = await createTestApp({ config: { WEB_DIST_DIR: distDir } });

describe("the built web app", () => {
  it("answers every page address with the app shell, never cached", async () => {
    for (const url of ["/login", "/profile", "/packages/DZ?promo=x", "/"]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"]).toContain("text/html");
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(response.body).toContain("<div id=root>");
    }
  });

  it("serves hashed assets pre-compressed with brotli or gzip and immutable caching", async () => {
    const brotli = await app.inject({
      method: "GET",
      url: "/assets/index-abc123.js",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotli.rawPayload.length).toBeLessThan(script.length);

    const gzip = await app.inject({
      method: "GET",
      url: "/assets/index-abc123.js",
      headers: { "accept-encoding": "gzip" },
    });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
  });

  it("keeps the error envelope for unknown API paths and for other methods", async () => {
    const api = await app.inject({ method: "GET", url: "/api/v1/app/unknown" });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: { code: "ROUTE_NOT_FOUND" } });

    const post = await app.inject({ method: "POST", url: "/login", payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toMatchObject({ error: { code: "ROUTE_NOT_FOUND" } });
  });

  it("sends the security headers with pages", async () => {
    const response = await app.inject({ method: "GET", url: "/login" });
    expect(response.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["x-frame-options"]).toBeDefined();
  });
});
