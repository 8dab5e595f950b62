import type { VitePWAOptions } from "vite-plugin-pwa";
import { CATALOG_API_CACHE_NAME, FLAGS_CACHE_NAME, USER_API_CACHE_NAME } from "../src/lib/offline-cache.ts";
import { SERVER_ONLY_GLOBS } from "./server-only-files.ts";

// The service worker (workbox, generated at build by vite-plugin-pwa): docs/decisions/015-pwa-offline.md.
// Each urlPattern below is copied into sw.js as its source text, so it must not use anything from this module.

type RuntimeCaching = NonNullable<VitePWAOptions["workbox"]["runtimeCaching"]>[number];
type UrlPattern = Extract<RuntimeCaching["urlPattern"], (...args: never[]) => unknown>;

const API_NETWORK_TIMEOUT_SECONDS = 4;
const DAY_SECONDS = 24 * 60 * 60;

/**
 * The signed-in user's non-secret answers: My eSIMs, one eSIM (APN, ICCID, usage), and `/auth/me` for the
 * shell. Never `POST /esims/:id/install` (a POST, and a deeper path), never anything else under /api.
 */
export const isUserApiRequest: UrlPattern = ({ url, request, sameOrigin }) =>
  sameOrigin && request.method === "GET" && /^\/api\/v1\/app\/(?:esims(?:\/[^/]+)?|auth\/me)$/.test(url.pathname);

/** The public catalogue (destinations, plans, the marketing summary): the same for everyone. */
export const isCatalogApiRequest: UrlPattern = ({ url, request, sameOrigin }) =>
  sameOrigin &&
  request.method === "GET" &&
  /^\/api\/v1\/app\/(?:destinations(?:\/[^/]+(?:\/packages)?)?|catalog\/summary)$/.test(url.pathname);

/** The country flags: hashed files (immutable), too many (≈260) to precache, so kept as they are shown. */
export const isFlagRequest: UrlPattern = ({ url, request, sameOrigin }) =>
  sameOrigin && request.method === "GET" && /^\/assets\/[^/]+\.svg$/.test(url.pathname);

/**
 * Navigations the shell does not answer: addresses the app does not own (the API and its docs, the dev mailbox, the
 * sandbox gateway's page, the public storefront the API renders: /{fr,en,ar}/esim…, sitemap.xml, robots.txt, the
 * operator console: another app, served by the API below /admin, decision 072), and
 * /login, which the server answers prerendered in the visitor's language (decision 030; signing in needs the network
 * anyway). /fr, /en and /ar stay the app's.
 */
export const NAVIGATION_DENYLIST = [
  /^\/api(?:\/|$)/,
  /^\/dev(?:\/|$)/,
  /^\/sandbox(?:\/|$)/,
  /^\/admin(?:[/?]|$)/,
  /^\/(?:fr|en|ar)\/esim(?:\/|$)/,
  /^\/(?:sitemap\.xml|robots\.txt)$/,
  /^\/login(?:\?|$)/,
];

export const serviceWorkerOptions: Partial<VitePWAOptions> = {
  strategies: "generateSW",
  filename: "sw.js",
  // Registered by src/app/register-service-worker.ts (production web only, never in the native apps).
  injectRegister: false,
  // public/manifest and icons come from build-tools/app-manifest.ts, linked from index.html.
  manifest: false,
  includeManifestIcons: false,
  workbox: {
    // The shell, every lazy screen and every language's catalog (JS chunks), the styles, icons and manifest;
    // not what only the server answers (crawlers' image, prerendered pages, .gz/.br copies: decision 100).
    globPatterns: ["**/*.{js,css,html,webmanifest,png}", "favicon.svg"],
    globIgnores: ["**/node_modules/**/*", ...SERVER_ONLY_GLOBS],
    // A long-lived asset name already carries its content hash.
    dontCacheBustURLsMatching: /^assets\//,
    navigateFallback: "index.html",
    navigateFallbackDenylist: NAVIGATION_DENYLIST,
    // A deploy is picked up at the next visit: the new worker takes over at once and the page reloads
    // (register-service-worker.ts), so old pages never ask for chunks the server no longer has.
    skipWaiting: true,
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    inlineWorkboxRuntime: true,
    sourcemap: false,
    runtimeCaching: [
      {
        urlPattern: isUserApiRequest,
        method: "GET",
        handler: "NetworkFirst",
        options: {
          cacheName: USER_API_CACHE_NAME,
          networkTimeoutSeconds: API_NETWORK_TIMEOUT_SECONDS,
          cacheableResponse: { statuses: [200] },
          // No age limit: a traveller may stay offline for a whole plan (up to 90 days); sign-out empties it.
          expiration: { maxEntries: 60 },
        },
      },
      {
        urlPattern: isCatalogApiRequest,
        method: "GET",
        handler: "NetworkFirst",
        options: {
          cacheName: CATALOG_API_CACHE_NAME,
          networkTimeoutSeconds: API_NETWORK_TIMEOUT_SECONDS,
          cacheableResponse: { statuses: [200] },
          expiration: { maxEntries: 80, maxAgeSeconds: 14 * DAY_SECONDS },
        },
      },
      {
        urlPattern: isFlagRequest,
        method: "GET",
        handler: "CacheFirst",
        options: {
          cacheName: FLAGS_CACHE_NAME,
          cacheableResponse: { statuses: [200] },
          expiration: { maxEntries: 300 },
        },
      },
    ],
  },
};
