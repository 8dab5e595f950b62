import { createHash } from "node:crypto";
import { cp, mkdir, mkdtemp, writeFile } from "node:fs/promises";
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
const previewImage = Buffer.from("\x89PNG\r\n\x1a\n the link preview");
await writeFile(path.join(distDir, "pay-link-preview.png"), previewImage);
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
// The app's placeholder pages, as build-tools/prerender-sign-in.ts writes them (its own test checks their markup).
const shellBootScript = "(function(){document.documentElement.dataset.lastView='';})();";
const appShellPage = (lang: string, dir: string) =>
  `<!doctype html><html lang="${lang}" dir="${dir}"><div id="root"><div aria-busy="true"><header>eSIM Store</header></div></div><script>${shellBootScript}</script>`;
const appShellDist = await mkdtemp(path.join(tmpdir(), "esim-web-dist-"));
await writeFile(path.join(distDir, "assets/index-abc123.js.gz"), gzipSync(script));
await writeFile(path.join(distDir, "assets/index-abc123.js.br"), brotliCompressSync(script));

// The operator console's build (apps/web/dist-console, decision 072): its page and its hashed files below /admin/.
const consoleDistDir = await mkdtemp(path.join(tmpdir(), "esim-console-dist-"));
const consoleScript = "console.log('operator console');".repeat(20);
await mkdir(path.join(consoleDistDir, "assets"), { recursive: true });
await writeFile(
  path.join(consoleDistDir, "console.html"),
  '<!doctype html><title>Console</title><div id=root></div><script type=module src="/admin/assets/console-def456.js"></script>',
);
await writeFile(path.join(consoleDistDir, "assets/console-def456.js"), consoleScript);
await writeFile(path.join(consoleDistDir, "assets/console-def456.js.br"), brotliCompressSync(consoleScript));

const { app } = await createTestApp({ config: { WEB_DIST_DIR: distDir, CONSOLE_DIST_DIR: consoleDistDir } });

await cp(distDir, appShellDist, { recursive: true });
await writeFile(path.join(appShellDist, "prerendered/app-fr.html"), appShellPage("fr-DZ", "ltr"));
await writeFile(path.join(appShellDist, "prerendered/app-en.html"), appShellPage("en-US", "ltr"));
await writeFile(path.join(appShellDist, "prerendered/app-ar.html"), appShellPage("ar-DZ", "rtl"));
const withShell = await createTestApp({ config: { WEB_DIST_DIR: appShellDist } });

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

  it("answers an app page with the app's placeholder painted in the visitor's language and direction", async () => {
    const cases = [
      { cookie: undefined, html: '<html lang="fr-DZ" dir="ltr">' },
      { cookie: "theme=dark; LANG=ar", html: '<html lang="ar-DZ" dir="rtl">' },
      { cookie: "LANG=en", html: '<html lang="en-US" dir="ltr">' },
      // No choice yet: the browser's language, as /login's (decision 073).
      { cookie: undefined, acceptLanguage: "ar-DZ,ar;q=0.9", html: '<html lang="ar-DZ" dir="rtl">' },
      { cookie: "LANG=fr", acceptLanguage: "ar", html: '<html lang="fr-DZ" dir="ltr">' },
    ];
    for (const { cookie, acceptLanguage, html } of cases) {
      const headers = {
        ...(cookie ? { cookie } : {}),
        ...(acceptLanguage ? { "accept-language": acceptLanguage } : {}),
      };
      const response = await withShell.app.inject({ method: "GET", url: "/esims", headers });
      expect(response.statusCode, cookie).toBe(200);
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(response.headers.vary).toContain("Accept-Language");
      expect(response.body, cookie).toContain(html);
      expect(response.body).toContain('<div id="root"><div aria-busy="true"><header>eSIM Store</header>');
    }
    // /login stays the sign-in screen.
    expect((await withShell.app.inject({ method: "GET", url: "/login" })).body).toContain("<form>");
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
    // With the build's placeholder pages, the notice comes with the placeholder (decision 075).
    const withPlaceholder = await withShell.app.inject({ method: "GET", url: "/cart?plan=p-1&lang=ar" });
    expect(withPlaceholder.body).toContain('<div id="root"><div aria-busy="true">');
    expect(withPlaceholder.body).toContain("تتطلب هذه الخطوة JavaScript");
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

  // Decision 073: a public page's "Sign in" carries its language; a first visit gets the browser's.
  it("answers /login in the language a public page's link asks, else the cookie's, else the browser's", async () => {
    const cases = [
      { url: "/login?lang=ar", headers: { cookie: "LANG=fr", "accept-language": "en" }, text: "البريد الإلكتروني" },
      { url: "/login?redirect=%2Fhome&lang=en", headers: {}, text: "Email address" },
      { url: "/login", headers: { "accept-language": "ar-DZ,ar;q=0.9,fr;q=0.8" }, text: "البريد الإلكتروني" },
      { url: "/login", headers: { "accept-language": "de-DE,en;q=0.7" }, text: "Email address" },
      { url: "/login", headers: { cookie: "LANG=fr", "accept-language": "ar" }, text: "Adresse e-mail" },
      { url: "/login?lang=xx", headers: { "accept-language": "de, it" }, text: "Adresse e-mail" },
    ];
    for (const { url, headers, text } of cases) {
      const response = await app.inject({ method: "GET", url, headers });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers.vary).toContain("Accept-Language");
      expect(response.body, `${url} ${JSON.stringify(headers)}`).toContain(`<label>${text}</label>`);
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

  it("serves the link-preview image crawlers fetch at its fixed address, kept a day (decision 100)", async () => {
    const image = await app.inject({ method: "GET", url: "/pay-link-preview.png" });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");
    expect(image.rawPayload.equals(previewImage)).toBe(true);
    expect(image.headers["cache-control"]).toBe("public, max-age=86400");
  });

  it("answers the console's addresses with the console's own page, not the app shell, never cached", async () => {
    for (const url of ["/admin", "/admin/", "/admin/login?redirect=%2Fadmin", "/admin/orders/ES26-000042"]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"], url).toContain("text/html");
      expect(response.headers["cache-control"], url).toBe("no-cache");
      expect(response.headers["content-security-policy"], url).toContain("script-src 'self'");
      expect(response.body, url).toContain("/admin/assets/console-def456.js");
    }
  });

  it("serves the console's hashed files below /admin/assets/, pre-compressed and immutable, and none at /assets/", async () => {
    const file = await app.inject({
      method: "GET",
      url: "/admin/assets/console-def456.js",
      headers: { "accept-encoding": "br" },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-encoding"]).toBe("br");
    expect(file.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const elsewhere = await app.inject({ method: "GET", url: "/assets/console-def456.js" });
    expect(elsewhere.body).not.toContain("operator console");
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

describe("the app page's inline script", () => {
  it("runs by its hash beside the sign-in page's (decision 092: it paints the last eSIM list)", async () => {
    const response = await withShell.app.inject({ method: "GET", url: "/esims" });
    const scriptSrc = /script-src ([^;]*)/.exec(String(response.headers["content-security-policy"]))?.[1] ?? "";
    const hashOf = (code: string) => `'sha256-${createHash("sha256").update(code).digest("base64")}'`;
    expect(scriptSrc.split(" ")).toEqual(["'self'", hashOf(bootScript), hashOf(shellBootScript)]);
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
