import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { renderSignInPage } from "../src/prerender/render-sign-in-page.tsx";
import { injectPage } from "./prerender-sign-in.ts";

const indexHtml = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), "../index.html"), "utf8");

describe("the prerendered sign-in page", () => {
  it("is the painted sign-in form in French, with the language's head", () => {
    const html = injectPage(indexHtml, "fr", renderSignInPage("fr"));
    expect(html).toContain('<html lang="fr-DZ" dir="ltr" data-prerendered-language="fr">');
    expect(html).toMatch(/<title>eSIM Store – [^<]+<\/title>/);
    expect(html).toMatch(/<div id="root">.*<form.*Adresse e-mail.*Recevoir un code.*<\/form>/s);
    expect(html).toContain("Créer un compte");
    // The app's entry script is still loaded, and no inline script is added (the CSP forbids them).
    expect(html).toContain('<script type="module" src="/src/main.tsx"></script>');
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it("is right to left in Arabic", () => {
    const html = injectPage(indexHtml, "ar", renderSignInPage("ar"));
    expect(html).toContain('<html lang="ar-DZ" dir="rtl" data-prerendered-language="ar">');
    expect(html).toContain("البريد الإلكتروني");
  });

  it("carries the app's stylesheet inline, so nothing blocks its first paint", () => {
    const built = indexHtml.replace(
      "</head>",
      '<link rel="stylesheet" crossorigin href="/assets/index-abc.css">\n</head>',
    );
    const html = injectPage(built, "fr", renderSignInPage("fr"), { "/assets/index-abc.css": ".card{color:red}" });
    expect(html).toContain("<style>.card{color:red}</style>");
    expect(html).not.toContain("index-abc.css");
  });

  it("fails the build when index.html no longer has the places it fills", () => {
    expect(() => injectPage("<html><body></body></html>", "fr", renderSignInPage("fr"))).toThrow(/index.html/);
  });
});
