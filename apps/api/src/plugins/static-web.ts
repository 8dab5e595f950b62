import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import {
  acceptLanguageTags,
  DEFAULT_LANGUAGE,
  firstSupportedLanguage,
  isLanguage,
  LANGUAGES,
  type Language,
} from "@esim/shared/locale";
import { renderNoScriptNotice } from "@esim/ui/storefront";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../lib/app-error.ts";

/** Written by the web build (apps/web/build-tools/prerender-sign-in.ts): the sign-in screen painted, per language. */
const signInPageFile = (language: Language) => `prerendered/login-${language}.html`;
/** Written by the same build step: the app's placeholder (header, brand, skeleton) painted in #root (decision 075). */
const appShellPageFile = (language: Language) => `prerendered/app-${language}.html`;

/**
 * The CSP sources of the prerendered pages' inline scripts (`'sha256-…'`), read from the files this server sends,
 * so the policy allows exactly the bytes served: the sign-in page's boot script (decision 030) and the app page's,
 * which paints the last eSIM list (decision 092), are inlined, since a script file is one more request on a slow
 * phone's first second. Data blocks (`application/json`) never run.
 */
export function prerenderedScriptHashes(distDir: string): string[] {
  const hashes = new Set<string>();
  for (const file of LANGUAGES.flatMap((language) => [signInPageFile(language), appShellPageFile(language)])) {
    const filePath = path.join(distDir, file);
    if (!existsSync(filePath)) continue;
    for (const [, attributes = "", code = ""] of readFileSync(filePath, "utf8").matchAll(
      /<script([^>]*)>([\s\S]*?)<\/script>/g,
    )) {
      if (/\ssrc=|type="application\/json"/.test(attributes)) continue;
      hashes.add(`'sha256-${createHash("sha256").update(code).digest("base64")}'`);
    }
  }
  return [...hashes];
}

interface StaticWebOptions {
  /** The traveller's web app (apps/web/dist). */
  distDir: string;
  /** The operator console's build (apps/web/dist-console), its own app (decision 072). */
  consoleDistDir: string;
}

/** The operator console's pages: its own app (decision 072), built apart, its files below /admin/. */
const CONSOLE_PAGE = "console.html";
const CONSOLE_PREFIX = "/admin/";
const isConsoleAddress = (pathname: string) => pathname === "/admin" || pathname.startsWith(CONSOLE_PREFIX);

/**
 * Hashed files (below assets/) never change under their name. An image at the build's top level (the pay-for-me
 * pages' link preview, fetched by crawlers at a fixed address, decision 100) is kept a day: it changes rarely and a
 * crawler need not ask again for every shared link. Every other file is revalidated on each use.
 */
const cacheHeadersFor =
  (root: string) =>
  (response: { header(name: string, value: string): unknown }, filePath: string): void => {
    const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
    const isTopLevelImage =
      /\.(?:png|jpe?g|webp)$/.test(filePath) && path.resolve(path.dirname(filePath)) === path.resolve(root);
    let cacheControl = "no-cache";
    if (isHashedAsset) cacheControl = "public, max-age=31536000, immutable";
    else if (isTopLevelImage) cacheControl = "public, max-age=86400";
    response.header("cache-control", cacheControl);
  };

/**
 * The language /login and the app's placeholder are painted in (decisions 030, 073, 075): the one a public page's link carries
 * (`?lang=`), else the one the visitor chose before (the `LANG` cookie the web app mirrors from its stored language),
 * else the browser's (Accept-Language), else French.
 */
function pageLanguage(request: FastifyRequest): Language {
  const asked = (request.query as Record<string, unknown> | undefined)?.lang;
  if (isLanguage(asked)) return asked;
  const cookie = /(?:^|;\s*)LANG=([a-z]{2})(?:;|$)/.exec(request.headers.cookie ?? "")?.[1];
  if (isLanguage(cookie)) return cookie;
  return firstSupportedLanguage(acceptLanguageTags(request.headers["accept-language"])) ?? DEFAULT_LANGUAGE;
}

/**
 * A path as the router could read it, to tell a page from an API address: `/%61pi/`, `//api/` and `/API/` are API
 * spellings the router did not match, not pages (an undecodable one is no page either).
 */
function comparablePath(url: string): string {
  const pathname = url.split("?")[0] ?? "";
  try {
    return decodeURIComponent(pathname)
      .replace(/\/{2,}/g, "/")
      .toLowerCase();
  } catch {
    return "/api/";
  }
}

/**
 * The app shell per language, read once: the page the build painted with the app's placeholder (decision 075), else
 * index.html, with a <noscript> saying the app needs JavaScript and leading back to the public plans (decision 070)
 * put before the root element; null when there is no such element (the shell is then sent as is).
 */
function readAppShells(distDir: string): Record<Language, string> | null {
  const shells: Partial<Record<Language, string>> = {};
  for (const language of LANGUAGES) {
    const placeholderPage = path.join(distDir, appShellPageFile(language));
    const html = readFileSync(existsSync(placeholderPage) ? placeholderPage : path.join(distDir, "index.html"), "utf8");
    const root = /<div id="?root"?[\s>]/.exec(html)?.index;
    if (root === undefined) return null;
    shells[language] = `${html.slice(0, root)}${renderNoScriptNotice(language)}${html.slice(root)}`;
  }
  return shells as Record<Language, string>;
}

/**
 * Serves the built web app: hashed assets pre-compressed (brotli, gzip) with immutable caching, /login with the
 * sign-in screen prerendered in the `LANG` cookie's language (/fr, /en, /ar in theirs), every other page GET
 * outside /api answered with the app shell: its placeholder painted in the visitor's language and direction, its
 * <noscript> in that language. Files outside assets/ (index.html, the service
 * worker sw.js, manifest.webmanifest, icons) are revalidated on every use, so a deploy reaches installed apps.
 * The operator console, built apart into `consoleDistDir`, is served the same way below /admin (decision 072): its
 * hashed files at /admin/assets/, console.html for /admin and every page below it.
 * Owns the not-found answer: with no built web app, or for API paths, /.well-known/ files (read by machines, which
 * must never get the app shell) and other methods, it is the ROUTE_NOT_FOUND envelope.
 */
export const staticWebPlugin = fp(async (app: FastifyInstance, options: StaticWebOptions) => {
  const hasWebApp = existsSync(path.join(options.distDir, "index.html"));
  const hasConsole = existsSync(path.join(options.consoleDistDir, CONSOLE_PAGE));
  const hasSignInPages = LANGUAGES.every((language) =>
    existsSync(path.join(options.distDir, signInPageFile(language))),
  );
  const appShells = hasWebApp ? readAppShells(options.distDir) : null;
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      preCompressed: true,
      // One route looking files up on disk (a missing one falls to the handler below), not a route per file: ~900
      // routes cost a quarter of a second at every start. Folders (`/`, `/assets/`) are pages, never listings.
      wildcard: true,
      allowedPath: (pathName) => !pathName.endsWith("/"),
      index: false,
      setHeaders: cacheHeadersFor(options.distDir),
    });
  } else {
    app.log.warn({ distDir: options.distDir }, "web app not built: run `npm run build`; serving the API only");
  }
  if (hasConsole) {
    await app.register(fastifyStatic, {
      root: options.consoleDistDir,
      prefix: CONSOLE_PREFIX,
      // reply.sendFile comes from the registration above (or is added here when the web app is not built).
      decorateReply: !hasWebApp,
      preCompressed: true,
      wildcard: true,
      allowedPath: (pathName) => !pathName.endsWith("/") && pathName !== `/${CONSOLE_PAGE}`,
      index: false,
      setHeaders: cacheHeadersFor(options.consoleDistDir),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const place = comparablePath(request.url);
    const isPageRequest =
      (request.method === "GET" || request.method === "HEAD") &&
      !place.startsWith("/api/") &&
      !place.startsWith("/.well-known/");
    const pathname = request.url.split("?")[0] ?? "";
    if (isPageRequest && hasConsole && isConsoleAddress(pathname)) {
      return reply.header("cache-control", "no-cache").sendFile(CONSOLE_PAGE, options.consoleDistDir);
    }
    if (!isPageRequest || !hasWebApp) {
      throw new AppError("ROUTE_NOT_FOUND", { message: `No route ${request.method} ${request.url.split("?")[0]}.` });
    }
    reply.header("cache-control", "no-cache");
    // /login is painted before the app's code runs, in the visitor's language (pageLanguage: the page varies by
    // cookie and browser language); /fr, /en and /ar, which set the language and lead to sign-in, in theirs.
    const addressLanguage = /^\/(fr|en|ar)\/?$/.exec(pathname)?.[1];
    if (hasSignInPages && isLanguage(addressLanguage)) return reply.sendFile(signInPageFile(addressLanguage));
    if (hasSignInPages && pathname === "/login") {
      return reply.header("vary", "Cookie, Accept-Language").sendFile(signInPageFile(pageLanguage(request)));
    }
    // Every other page paints the app's placeholder at once, in the visitor's language and direction, instead of a
    // blank screen for as long as the app's code takes to arrive (seconds on a slow network); without JavaScript (a
    // public page's "Choose this plan" leads here) its <noscript> says why.
    const shell = appShells?.[pageLanguage(request)];
    if (!shell) return reply.sendFile("index.html");
    return reply.header("vary", "Cookie, Accept-Language").type("text/html; charset=utf-8").send(shell);
  });
});
