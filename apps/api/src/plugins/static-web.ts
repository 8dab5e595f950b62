import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from "@esim/shared/locale";
import { renderNoScriptNotice } from "@esim/ui/storefront";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../lib/app-error.ts";

/** Written by the web build (apps/web/build-tools/prerender-sign-in.ts): the sign-in screen painted, per language. */
const signInPageFile = (language: Language) => `prerendered/login-${language}.html`;

/**
 * The CSP sources of the prerendered pages' inline scripts (`'sha256-…'`), read from the files this server sends,
 * so the policy allows exactly the bytes served: the sign-in page's boot script is inlined (decision 030), since a
 * script file is one more request on a slow phone's first second. Data blocks (`application/json`) never run.
 */
export function prerenderedScriptHashes(distDir: string): string[] {
  const hashes = new Set<string>();
  for (const language of LANGUAGES) {
    const file = path.join(distDir, signInPageFile(language));
    if (!existsSync(file)) continue;
    for (const [, attributes = "", code = ""] of readFileSync(file, "utf8").matchAll(
      /<script([^>]*)>([\s\S]*?)<\/script>/g,
    )) {
      if (/\ssrc=|type="application\/json"/.test(attributes)) continue;
      hashes.add(`'sha256-${createHash("sha256").update(code).digest("base64")}'`);
    }
  }
  return [...hashes];
}

/** The `LANG` cookie the web app mirrors from its stored language (decision 030). */
function cookieLanguage(cookieHeader: string | undefined): Language {
  const value = /(?:^|;\s*)LANG=([a-z]{2})(?:;|$)/.exec(cookieHeader ?? "")?.[1];
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
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

/** `?lang=` of an address, when it is one of ours. */
function queryLanguage(url: string): Language | null {
  const queryStart = url.indexOf("?");
  const value = queryStart === -1 ? null : new URLSearchParams(url.slice(queryStart)).get("lang");
  return isLanguage(value) ? value : null;
}

/**
 * The app shell (index.html) per language, with a <noscript> saying the app needs JavaScript and leading back to
 * the public plans; null when index.html has no `<div id="root">` to put it after (the shell is then sent as is).
 */
function readAppShells(distDir: string): Record<Language, string> | null {
  const indexHtml = readFileSync(path.join(distDir, "index.html"), "utf8");
  const root = /<div id="?root"?><\/div>/.exec(indexHtml);
  if (!root) return null;
  const at = root.index + root[0].length;
  return Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      `${indexHtml.slice(0, at)}${renderNoScriptNotice(language)}${indexHtml.slice(at)}`,
    ]),
  ) as Record<Language, string>;
}

/**
 * Serves the built web app: hashed assets pre-compressed (brotli, gzip) with immutable caching, /login with the
 * sign-in screen prerendered in the `LANG` cookie's language (/fr, /en, /ar in theirs), every other page GET
 * outside /api answered with the app shell (its <noscript> in the visitor's language). Files outside assets/ (index.html, the service
 * worker sw.js, manifest.webmanifest, icons) are revalidated on every use, so a deploy reaches installed apps.
 * Owns the not-found answer: with no built web app, or for API paths, /.well-known/ files (read by machines, which
 * must never get the app shell) and other methods, it is the ROUTE_NOT_FOUND envelope.
 */
export const staticWebPlugin = fp(async (app: FastifyInstance, options: { distDir: string }) => {
  const hasWebApp = existsSync(path.join(options.distDir, "index.html"));
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
      setHeaders: (response, filePath) => {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        response.header("cache-control", isHashedAsset ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  } else {
    app.log.warn({ distDir: options.distDir }, "web app not built: run `npm run build`; serving the API only");
  }
  app.setNotFoundHandler((request, reply) => {
    const place = comparablePath(request.url);
    const isPageRequest =
      hasWebApp &&
      (request.method === "GET" || request.method === "HEAD") &&
      !place.startsWith("/api/") &&
      !place.startsWith("/.well-known/");
    if (!isPageRequest) {
      throw new AppError("ROUTE_NOT_FOUND", { message: `No route ${request.method} ${request.url.split("?")[0]}.` });
    }
    reply.header("cache-control", "no-cache");
    // /login is painted before the app's code runs, in the language the visitor last chose (the page varies by
    // cookie); /fr, /en and /ar, which set the language and lead a visitor to sign-in, are painted in theirs.
    const pathname = request.url.split("?")[0];
    const addressLanguage = /^\/(fr|en|ar)\/?$/.exec(pathname ?? "")?.[1];
    if (hasSignInPages && isLanguage(addressLanguage)) return reply.sendFile(signInPageFile(addressLanguage));
    if (hasSignInPages && pathname === "/login") {
      return reply.header("vary", "Cookie").sendFile(signInPageFile(cookieLanguage(request.headers.cookie)));
    }
    // Without JavaScript the shell would be blank (a public page's "Choose this plan" leads here): its <noscript>
    // says why, in the language the address carries (`?lang=`, as public pages' links do), else the cookie's.
    const shell = appShells?.[queryLanguage(request.url) ?? cookieLanguage(request.headers.cookie)];
    if (!shell) return reply.sendFile("index.html");
    return reply.header("vary", "Cookie").type("text/html; charset=utf-8").send(shell);
  });
});
