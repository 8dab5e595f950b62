import { describe, expect, it } from "vitest";
import {
  isCatalogApiRequest,
  isFlagRequest,
  isUserApiRequest,
  NAVIGATION_DENYLIST,
  serviceWorkerOptions,
} from "../../build-tools/service-worker.ts";
import { USER_API_CACHE_NAME } from "../lib/offline-cache.ts";

type Pattern = typeof isUserApiRequest;

// vite-plugin-pwa copies each pattern into sw.js as source text: test that copy, not the module's closure.
const asInTheWorker = (pattern: Pattern): Pattern => new Function(`return (${pattern.toString()})`)();

/** How workbox calls a route's pattern for a request of the page at http://127.0.0.1:8080. */
function matches(pattern: Pattern, method: string, address: string, origin = "http://127.0.0.1:8080"): boolean {
  const url = new URL(address, origin);
  const request = new Request(url, { method });
  const sameOrigin = url.origin === "http://127.0.0.1:8080";
  return Boolean(asInTheWorker(pattern)({ url, request, sameOrigin, event: {} as Parameters<Pattern>[0]["event"] }));
}

const ESIM_ID = "0b7c5a1e-8f3d-4c2a-9e6b-1d2f3a4b5c6d";

describe("the service worker's rules", () => {
  it("keeps the user's eSIM list, each eSIM and the user data (GET only)", () => {
    expect(matches(isUserApiRequest, "GET", "/api/v1/app/esims")).toBe(true);
    expect(matches(isUserApiRequest, "GET", `/api/v1/app/esims/${ESIM_ID}`)).toBe(true);
    expect(matches(isUserApiRequest, "GET", "/api/v1/app/auth/me")).toBe(true);
  });

  it("never keeps the install secrets, another method, another API path or another origin", () => {
    expect(matches(isUserApiRequest, "POST", `/api/v1/app/esims/${ESIM_ID}/install`)).toBe(false);
    expect(matches(isUserApiRequest, "GET", `/api/v1/app/esims/${ESIM_ID}/install`)).toBe(false);
    expect(matches(isUserApiRequest, "PUT", "/api/v1/app/esims")).toBe(false);
    expect(matches(isUserApiRequest, "GET", "/api/v1/app/profile/pin")).toBe(false);
    expect(matches(isUserApiRequest, "GET", "/api/v1/app/orders")).toBe(false);
    expect(matches(isUserApiRequest, "GET", "https://evil.example/api/v1/app/esims")).toBe(false);
    expect(matches(isCatalogApiRequest, "POST", "/api/v1/app/destinations")).toBe(false);
    expect(matches(isFlagRequest, "POST", "/assets/TR-abc.svg")).toBe(false);
  });

  it("keeps the public catalogue and the flags", () => {
    expect(matches(isCatalogApiRequest, "GET", "/api/v1/app/destinations?q=tur")).toBe(true);
    expect(matches(isCatalogApiRequest, "GET", "/api/v1/app/destinations/TR/packages?days=7")).toBe(true);
    expect(matches(isCatalogApiRequest, "GET", "/api/v1/app/catalog/summary")).toBe(true);
    expect(matches(isCatalogApiRequest, "GET", "/api/v1/app/esims")).toBe(false);
    expect(matches(isFlagRequest, "GET", "/assets/TR-CbVm0a8-.svg")).toBe(true);
  });

  it("answers app addresses with the shell, never the API, its docs, the dev mailbox, the sandbox gateway, the public storefront or the prerendered sign-in", () => {
    const isDenied = (path: string) => NAVIGATION_DENYLIST.some((pattern) => pattern.test(path));
    for (const path of [
      "/api/docs",
      "/api/health",
      "/api/v1/app/orders/x/invoice",
      "/dev/mailbox",
      "/sandbox/checkout/x",
      "/fr/esim",
      "/ar/esim/turkey",
      "/sitemap.xml",
      "/robots.txt",
      "/login",
      "/login?redirect=%2Fhome",
    ]) {
      expect(isDenied(path), path).toBe(true);
    }
    for (const path of [
      "/",
      "/esims",
      `/details/${ESIM_ID}`,
      "/guide/installation",
      "/ar",
      "/fr",
      "/developers",
      "/apiary",
      "/login-help",
    ]) {
      expect(isDenied(path), path).toBe(false);
    }
  });

  it("leaves the operator console's pages to the server: the console is another app (decision 072)", () => {
    const isDenied = (path: string) => NAVIGATION_DENYLIST.some((pattern) => pattern.test(path));
    for (const path of ["/admin", "/admin/", "/admin/login", "/admin/orders/ES26-000042", "/admin?x=1"]) {
      expect(isDenied(path), path).toBe(true);
    }
    expect(isDenied("/administration-fees"), "/administration-fees").toBe(false);
  });

  it("keeps the user's answers network-first in the cache that sign-out deletes, and updates itself", () => {
    const workbox = serviceWorkerOptions.workbox!;
    const userRule = workbox.runtimeCaching!.find((rule) => rule.urlPattern === isUserApiRequest)!;
    expect(userRule.handler).toBe("NetworkFirst");
    expect(userRule.options?.cacheName).toBe(USER_API_CACHE_NAME);
    expect(userRule.options?.networkTimeoutSeconds).toBeLessThanOrEqual(5);
    expect(workbox.skipWaiting && workbox.clientsClaim).toBe(true);
    expect(workbox.navigateFallback).toBe("index.html");
  });
});
