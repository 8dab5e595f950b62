import { createHash } from "node:crypto";
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
// The web build's prerendered sign-in pages (apps/web/build-tools/prerender-sign-in.ts), one per language.
await mkdir(path.join(distDir, "prerendered"));
// Its inlined boot script and the data block naming the app's files, as the build writes them.
const bootScript = "(function(){document.documentElement.dataset.booted='';})();";
const signInPage = (lang: string, text: string) =>
  `<!doctype html><html lang="${lang}"><div id="root"><form><label>${text}</label></form></div>` +
  `<script type="application/json" id="app-assets">{"script":"/assets/index-abc123.js"}</script><script>${bootScript}</script>`;
await writeFile(path.join(distDir, "prerendered/login-fr.html"), signInPage("fr-DZ", "Adresse e-mail"));
await writeFile(path.join(distDir, "prerendered/login-en.html"), signInPage("en-US", "Email address"));
await writeFile(path.join(distDir, "prerendered/login-ar.html"), signInPage("ar-DZ", "البريد الإلكتروني"));
await writeFile(path.join(distDir, "assets/index-abc123.js.gz"), gzipSync(script));
await writeFile(path.join(distDir, "assets/index-abc123.js.br"), brotliCompressSync(script));

const { app } = await createTestApp({ config: { WEB_DIST_DIR: distDir } });

describe("the built web app", () => {
  it("answers every page address with the app shell, never cached", async () => {
    for (const url of ["/register", "/profile", "/packages/DZ?promo=x", "/", "/ar/details"]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"]).toContain("text/html");
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(response.body).toContain("<div id=root>");
    }
  });

  it("tells a visitor without JavaScript, in the public page's language, that the cart needs it, and leads back", async () => {
    // "Choose this plan" on /ar/esim/turkey links to the app's cart with the page's language.
    const arabic = await app.inject({ method: "GET", url: "/cart?plan=p-1&destination=TR&lang=ar" });
    expect(arabic.statusCode).toBe(200);
    const notice = /<noscript>([\s\S]*?)<\/noscript>/.exec(arabic.body)?.[1] ?? "";
    expect(notice).toContain('lang="ar-DZ" dir="rtl"');
    expect(notice).toContain("تتطلب هذه الخطوة JavaScript");
    expect(notice).toContain('href="/ar/esim"');
    expect(arabic.body).toContain("<div id=root></div>");

    const french = await app.inject({ method: "GET", url: "/cart?plan=p-1&destination=TR&lang=fr" });
    expect(french.body).toMatch(/<noscript>[\s\S]*Cette étape nécessite JavaScript[\s\S]*href="\/fr\/esim"/);
    const byCookie = await app.inject({ method: "GET", url: "/cart", headers: { cookie: "LANG=en" } });
    expect(byCookie.body).toContain("This step needs JavaScript");
  });

  it("answers /login with the sign-in screen prerendered in the LANG cookie's language, French without one", async () => {
    const cases = [
      { cookie: undefined, text: "Adresse e-mail", url: "/login" },
      { cookie: "theme=dark; LANG=ar", text: "البريد الإلكتروني", url: "/login?redirect=%2Fhome" },
      { cookie: "LANG=en", text: "Email address", url: "/login" },
      { cookie: "LANG=xx", text: "Adresse e-mail", url: "/login" },
    ];
    for (const { cookie, text, url } of cases) {
      const response = await app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
      expect(response.statusCode, cookie).toBe(200);
      expect(response.headers["content-type"]).toContain("text/html");
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(response.headers.vary).toContain("Cookie");
      expect(response.body, cookie).toContain(`<label>${text}</label>`);
    }
  });

  it("answers /fr, /en and /ar with the sign-in screen prerendered in the address's language", async () => {
    const cases = [
      { url: "/ar", text: "البريد الإلكتروني" },
      { url: "/en/", text: "Email address" },
      { url: "/fr?promo=SUMMER", text: "Adresse e-mail" },
    ];
    for (const { url, text } of cases) {
      const response = await app.inject({ method: "GET", url, headers: { cookie: "LANG=fr" } });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain(`<label>${text}</label>`);
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

  it("lets the sign-in page's inlined boot script run by its hash, and no other inline script", async () => {
    const response = await app.inject({ method: "GET", url: "/login" });
    const scriptSrc = /script-src ([^;]*)/.exec(String(response.headers["content-security-policy"]))?.[1] ?? "";
    const bootHash = `'sha256-${createHash("sha256").update(bootScript).digest("base64")}'`;
    expect(scriptSrc.split(" ")).toEqual(["'self'", bootHash]);
    expect(scriptSrc).not.toContain("unsafe-inline");
  });
});

describe("the request metrics", () => {
  it("count the pages answered with the app as web pages, apart from unknown API addresses", async () => {
    for (const url of ["/", "/fr/esim/turkey", "/api/v1/app/nothing-here"]) await app.inject({ method: "GET", url });
    const metrics = (await app.inject({ method: "GET", url: "/metrics" })).body;
    const count = (route: string, status: number) =>
      Number(
        new RegExp(
          `esim_http_request_duration_seconds_count\\{method="GET",route="${route}",status="${status}"\\} (\\d+)`,
        ).exec(metrics)?.[1] ?? 0,
      );
    expect(count("web page", 200)).toBeGreaterThanOrEqual(2);
    expect(count("unmatched", 404)).toBeGreaterThanOrEqual(1);
    expect(count("unmatched", 200)).toBe(0);
  });
});
