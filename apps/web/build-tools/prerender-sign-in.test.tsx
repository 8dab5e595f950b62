import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { renderAppShell, renderSignInPage } from "../src/prerender/render-sign-in-page.tsx";
import { injectAppShell, injectPage } from "./prerender-sign-in.ts";

const indexHtml = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), "../index.html"), "utf8");

describe("the prerendered sign-in page", () => {
  it("is the painted sign-in form in French, with the language's head", () => {
    const html = injectPage(indexHtml, "fr", renderSignInPage("fr"));
    expect(html).toContain('<html lang="fr-DZ" dir="ltr" data-prerendered-language="fr">');
    expect(html).toMatch(/<title>eSIM Store – [^<]+<\/title>/);
    expect(html).toMatch(/<div id="root">.*<form.*Adresse e-mail.*Recevoir un code.*<\/form>/s);
    expect(html).toContain("Créer un compte");
    // The promises read as sentences without the catalogue's numbers (they come with the app), no placeholder bars.
    expect(html).toContain("Forfaits de données payés en dinars");
    expect(html).toContain("Des destinations dans le monde entier");
    expect(html).not.toContain("animate-pulse");
    // The app's entry script is still loaded, and no inline script is added (the CSP forbids them).
    expect(html).toContain('<script type="module" src="/src/main.tsx"></script>');
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it("is right to left in Arabic", () => {
    const html = injectPage(indexHtml, "ar", renderSignInPage("ar"));
    expect(html).toContain('<html lang="ar-DZ" dir="rtl" data-prerendered-language="ar">');
    expect(html).toContain("البريد الإلكتروني");
  });

  it("carries the app's stylesheet inline (the rules it uses) and its boot script inline, so it fetches nothing to paint", () => {
    const built = indexHtml
      .replace('<script type="module" src="/src/main.tsx"></script>', "")
      .replace(
        "</head>",
        '<script type="module" crossorigin src="/assets/index-1.js"></script>\n<link rel="modulepreload" crossorigin href="/assets/i18n-2.js">\n<link rel="stylesheet" crossorigin href="/assets/index-abc.css">\n</head>',
      );
    const html = injectPage(built, "fr", renderSignInPage("fr"), {
      styles: { "/assets/index-abc.css": ".not-on-this-screen{color:red}.flex{display:flex}" },
      bootScript: "(function(){boot()})();",
    });
    // Only the rules its markup uses.
    expect(html).toContain("<style>.flex{display:flex}</style>");
    // No script or stylesheet fetched at load: the boot script is inline, after the painted screen.
    expect(html).not.toMatch(/<script[^>]*\ssrc=|<link rel="(modulepreload|stylesheet)"/);
    expect(html).toMatch(/<div id="root">.*<\/div>.*<script>\(function\(\)\{boot\(\)\}\)\(\);<\/script>\s*<\/body>/s);
    // The app's files, which the boot script loads at first use, as data.
    const data = /<script type="application\/json" id="app-assets">([^<]*)<\/script>/.exec(html)?.[1] ?? "";
    expect(JSON.parse(data)).toEqual({
      script: "/assets/index-1.js",
      modulePreloads: ["/assets/i18n-2.js"],
      stylesheets: ["/assets/index-abc.css"],
    });
  });

  it("fails the build when index.html no longer has the places it fills", () => {
    expect(() => injectPage("<html><body></body></html>", "fr", renderSignInPage("fr"))).toThrow(/index.html/);
  });
});

describe("the app pages' placeholder", () => {
  const built = indexHtml
    .replace('<script type="module" src="/src/main.tsx"></script>', "")
    .replace(
      "</head>",
      '<script type="module" crossorigin src="/assets/index-1.js"></script>\n<link rel="stylesheet" crossorigin href="/assets/index-abc.css">\n</head>',
    );

  it("paints the header bar, the brand and a skeleton in #root, busy, before the app's code runs", () => {
    const html = injectAppShell(built, renderAppShell("fr"));
    expect(html).toContain('<html lang="fr-DZ" dir="ltr">');
    const root = /<div id="root">(.*)<\/div>/s.exec(html)?.[1] ?? "";
    expect(root).toMatch(/^<div[^>]*aria-busy="true"/);
    expect(root).toMatch(/<header[^>]*>.*<a[^>]*href="\/home"[^>]*>.*eSIM Store.*<\/a>.*<\/header>/s);
    expect(root.match(/animate-pulse/g)?.length).toBeGreaterThanOrEqual(3);
    // The app still starts at once, and nothing inline runs (the CSP allows inline scripts by hash only).
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
  });

  it("is right to left in Arabic", () => {
    const html = injectAppShell(built, renderAppShell("ar"));
    expect(html).toContain('<html lang="ar-DZ" dir="rtl">');
  });

  it("runs its one inline script, which paints the last eSIM list, after the stylesheet", () => {
    const html = injectAppShell(
      built,
      renderAppShell("fr"),
      { "/assets/index-abc.css": ".flex{display:flex}" },
      "(function(){})();",
    );
    expect(html).toMatch(
      /<div id="root">.*<\/div>\s*<link rel="stylesheet" crossorigin href="\/assets\/index-abc.css">\s*<script>\(function\(\)\{\}\)\(\);<\/script>\s*<\/body>/s,
    );
    expect(html.match(/<script(?![^>]*\ssrc=)[^>]*>/g)).toHaveLength(1);
  });

  it("paints from its inline rules: the whole stylesheet comes after #root, where it blocks nothing before it", () => {
    const html = injectAppShell(built, renderAppShell("en"), {
      "/assets/index-abc.css": ".not-on-this-screen{color:red}.flex{display:flex}",
    });
    expect(html).toMatch(/<head>.*<style>\.flex\{display:flex\}<\/style>.*<\/head>/s);
    expect(html).toMatch(
      /<div id="root">.*<\/div>\s*<link rel="stylesheet" crossorigin href="\/assets\/index-abc.css">\s*<\/body>/s,
    );
  });
});
