import { mkdir, mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import react from "@vitejs/plugin-react";
import { build, type Plugin } from "vite";
import { APP_ASSETS_ELEMENT_ID, type AppAssets } from "../src/prerender/app-assets.ts";
import type { PrerenderedPage } from "../src/prerender/render-sign-in-page.tsx";
import { classNamesOf, criticalCss } from "./critical-css.ts";
import { flagIconsAlias } from "./flag-icons.ts";
import { linguiCatalogs } from "./lingui-catalogs.ts";

/** Where the prerendered sign-in pages go in dist/, one per language; the API's static plugin picks one for /login. */
export const SIGN_IN_PAGE_DIR = "prerendered";
export const signInPageFile = (language: string) => `${SIGN_IN_PAGE_DIR}/login-${language}.html`;
/** Every other app page, painted as the app's placeholder (header, brand, skeleton) until the app's code has run. */
export const appShellPageFile = (language: string) => `${SIGN_IN_PAGE_DIR}/app-${language}.html`;

const escapeAttribute = (value: string) =>
  value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");
const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const assetText = (source: string | Uint8Array) =>
  typeof source === "string" ? source : new TextDecoder().decode(source);
const escapeText = (value: string) => value.replaceAll("&", "&amp;").replaceAll("<", "&lt;");

export interface BuiltAssets {
  /** The app's stylesheets (href → CSS), inlined, the rules the screen uses only: the page paints from its own
   * bytes, without a second request (Lighthouse's render-blocking resource), inside the first round trip's 14 KB. */
  styles: Record<string, string>;
  /** src/sign-in-boot.ts built as one IIFE, inlined in place of the app's entry and preloads, which it loads at
   * the visitor's first use: no script request at all while the page paints. */
  bootScript: string;
}

/** The built index.html with the screen painted in, the language's head, and (at build) the page's own assets. */
export function injectPage(
  indexHtml: string,
  language: string,
  page: PrerenderedPage,
  assets: BuiltAssets = { styles: {}, bootScript: "" },
): string {
  const replaced = (html: string, pattern: RegExp, replacement: string) => {
    if (!pattern.test(html)) throw new Error(`index.html no longer matches ${pattern}: update prerender-sign-in.ts`);
    return html.replace(pattern, () => replacement);
  };
  let html = indexHtml;
  html = replaced(
    html,
    /<html[^>]*>/,
    `<html lang="${page.htmlLang}" dir="${page.dir}" data-prerendered-language="${language}">`,
  );
  html = replaced(html, /<title>[^<]*<\/title>/, `<title>${escapeText(page.title)}</title>`);
  html = replaced(
    html,
    /<meta name="description" content="[^"]*" \/>/,
    `<meta name="description" content="${escapeAttribute(page.description)}" />`,
  );
  html = replaced(
    html,
    /<meta name="keywords" content="[^"]*" \/>/,
    `<meta name="keywords" content="${escapeAttribute(page.keywords)}" />`,
  );
  // Only the rules this screen's markup uses: the app brings the whole stylesheet when it starts.
  const classNames = classNamesOf(page.body);
  for (const [href, css] of Object.entries(assets.styles)) {
    html = replaced(
      html,
      new RegExp(`<link rel="stylesheet"[^>]*href="${escapeRegExp(href)}"[^>]*>`),
      `<style>${criticalCss(css, classNames)}</style>`,
    );
  }
  if (assets.bootScript) {
    // The app's entry, preloads and stylesheets are written as data for the boot script, not as tags fetched now.
    const hrefs = (pattern: RegExp) => [...indexHtml.matchAll(pattern)].map((match) => match[1] ?? "");
    const appAssets: AppAssets = {
      script: hrefs(/<script type="module"[^>]*src="([^"]+)"/g)[0] ?? "",
      modulePreloads: hrefs(/<link rel="modulepreload"[^>]*href="([^"]+)"/g),
      stylesheets: hrefs(/<link rel="stylesheet"[^>]*href="([^"]+)"/g),
    };
    html = replaced(html, /\s*<script type="module"[^>]*><\/script>/, "");
    html = html.replace(/\s*<link rel="modulepreload"[^>]*>/g, "");
    if (assets.bootScript.includes("</script")) throw new Error("prerender-sign-in: the boot script cannot be inlined");
    // No first paint before the whole screen is parsed: a busy phone may otherwise paint the sign-in card half drawn,
    // then move it (a layout shift, once in a few loads). The data below #root is the end of what is painted.
    html = replaced(
      html,
      /<\/head>/,
      `  <link rel="expect" href="#${APP_ASSETS_ELEMENT_ID}" blocking="render" />\n  </head>`,
    );
    // At the end of the body: the app's entry, which the boot may load at once, finds the painted #root.
    html = replaced(
      html,
      /<\/body>/,
      `<script type="application/json" id="${APP_ASSETS_ELEMENT_ID}">${JSON.stringify(appAssets).replaceAll("<", "\\u003c")}</script>\n    <script>${assets.bootScript}</script>\n  </body>`,
    );
  }
  return replaced(html, /<div id="root"><\/div>/, `<div id="root">${page.body}</div>`);
}

/**
 * The built index.html with the app's placeholder painted into `#root` in the language's direction (decision 075):
 * the rules it uses inlined in the head, and the whole stylesheet moved after `#root`, where Chromium and WebKit
 * keep painting what comes before it while it downloads. The app's entry still loads at once (it waits for that
 * stylesheet before it runs, so React never draws unstyled); its first commit replaces the placeholder.
 */
export function injectAppShell(
  indexHtml: string,
  shell: { body: string; htmlLang: string; dir: "ltr" | "rtl" },
  styles: Record<string, string> = {},
  /** src/app-shell-boot.ts as one IIFE (decision 092), after the stylesheet: it paints with the page's styles in. */
  bootScript = "",
): string {
  const replaced = (html: string, pattern: RegExp, replacement: string) => {
    if (!pattern.test(html)) throw new Error(`index.html no longer matches ${pattern}: update prerender-sign-in.ts`);
    return html.replace(pattern, () => replacement);
  };
  let html = replaced(indexHtml, /<html[^>]*>/, `<html lang="${shell.htmlLang}" dir="${shell.dir}">`);
  const classNames = classNamesOf(shell.body);
  let movedLinks = "";
  for (const [href, css] of Object.entries(styles)) {
    const link = new RegExp(`\\s*(<link rel="stylesheet"[^>]*href="${escapeRegExp(href)}"[^>]*>)`);
    movedLinks += `\n    ${link.exec(html)?.[1] ?? ""}`;
    html = replaced(html, link, `\n    <style>${criticalCss(css, classNames)}</style>`);
  }
  if (bootScript.includes("</script")) throw new Error("prerender-sign-in: the app shell's script cannot be inlined");
  const script = bootScript ? `\n    <script>${bootScript}</script>` : "";
  html = replaced(html, /<div id="root"><\/div>/, `<div id="root">${shell.body}</div>${movedLinks}${script}`);
  return html;
}

/** An entry (src/sign-in-boot.ts, src/app-shell-boot.ts) and what it imports as one minified IIFE, to be inlined. */
async function buildBootScript(root: string, entry = "src/sign-in-boot.ts"): Promise<string> {
  const result = await build({
    configFile: false,
    root,
    logLevel: "warn",
    publicDir: false,
    build: {
      write: false,
      minify: true,
      lib: { entry, formats: ["iife"], name: "boot" },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((each) => ("output" in each ? each.output : []));
  const chunks = outputs.filter((file) => file.type === "chunk");
  if (chunks.length !== 1 || !chunks[0]) throw new Error("prerender-sign-in: the boot script must build to one chunk");
  return chunks[0].code.trim();
}

/**
 * Prerenders the sign-in screen in each language at build (decision 030): a server build of
 * src/prerender/render-sign-in-page.tsx, run here, its markup put into the built index.html and emitted as
 * `prerendered/login-{fr,en,ar}.html`, and the signed-in app's placeholder as `prerendered/app-{fr,en,ar}.html`
 * (decision 075), with the rest of the bundle (so the service worker's precache and the
 * .gz/.br copies include them).
 */
export function prerenderSignIn(): Plugin {
  let root = "";
  return {
    name: "esim:prerender-sign-in",
    apply: (config, env) => env.command === "build" && !config.build?.ssr,
    configResolved(config) {
      root = config.root;
    },
    // After Vite's own HTML plugin has put index.html into the bundle.
    generateBundle: {
      order: "post",
      async handler(_options, bundle) {
        const index = bundle["index.html"];
        if (index?.type !== "asset") throw new Error("prerender-sign-in: the build has no index.html");
        // Inside the app's node_modules, so that the server build's imports (React, Lingui…) resolve from there.
        // A fresh clone's workspace may have no node_modules of its own (npm hoists everything to the root).
        await mkdir(path.join(root, "node_modules"), { recursive: true });
        const outDir = await mkdtemp(path.join(root, "node_modules", ".esim-prerender-"));
        try {
          await build({
            configFile: false,
            root,
            logLevel: "warn",
            plugins: [linguiCatalogs(), react()],
            resolve: { alias: flagIconsAlias },
            // The workspace package is TypeScript: bundled, not imported by Node.
            ssr: { noExternal: ["@esim/shared"] },
            build: { ssr: "src/prerender/render-sign-in-page.tsx", outDir, emptyOutDir: true },
          });
          const { LANGUAGES, renderAppShell, renderSignInPage } = (await import(
            pathToFileURL(path.join(outDir, "render-sign-in-page.js")).href
          )) as typeof import("../src/prerender/render-sign-in-page.tsx");
          const assets: BuiltAssets = { styles: {}, bootScript: await buildBootScript(root) };
          const appShellBoot = await buildBootScript(root, "src/app-shell-boot.ts");
          for (const file of Object.values(bundle)) {
            if (file.type === "asset" && file.fileName.endsWith(".css")) {
              assets.styles[`/${file.fileName}`] = assetText(file.source);
            }
          }
          for (const language of LANGUAGES) {
            this.emitFile({
              type: "asset",
              fileName: signInPageFile(language),
              source: injectPage(assetText(index.source), language, renderSignInPage(language), assets),
            });
            this.emitFile({
              type: "asset",
              fileName: appShellPageFile(language),
              source: injectAppShell(assetText(index.source), renderAppShell(language), assets.styles, appShellBoot),
            });
          }
        } finally {
          await rm(outDir, { recursive: true, force: true });
        }
      },
    },
  };
}
