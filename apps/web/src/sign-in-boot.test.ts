import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { APP_ASSETS_ELEMENT_ID } from "./prerender/app-assets.ts";

// The prerendered /login's boot script (decision 030), run as the page runs it: on load, once.
async function bootAt(address: string, paintedIn: string) {
  window.history.replaceState(null, "", address);
  document.documentElement.dataset.prerenderedLanguage = paintedIn;
  const assets = document.createElement("script");
  assets.type = "application/json";
  assets.id = APP_ASSETS_ELEMENT_ID;
  assets.textContent = JSON.stringify({ script: "/assets/index.js", stylesheets: [], modulePreloads: [] });
  document.body.append(assets);
  vi.resetModules();
  await import("./sign-in-boot.ts");
}

const appStarted = () => document.head.querySelector('script[src="/assets/index.js"]') !== null;

describe("the sign-in page's boot script", () => {
  beforeEach(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: the test clears the cookie the script writes.
    document.cookie = "LANG=; Max-Age=0; Path=/";
  });
  afterEach(() => {
    for (const element of document.head.querySelectorAll("script, link")) element.remove();
    document.body.replaceChildren();
    delete document.documentElement.dataset.prerenderedLanguage;
  });

  // Decision 073: a public page's "Sign in" carries its language; the page was painted in it by the server.
  it("keeps the language of /login?lang= as the visitor's choice, without loading the app before first use", async () => {
    await bootAt("/login?redirect=%2Fcart&lang=ar", "ar");
    expect(window.localStorage.getItem("LANG")).toBe("ar");
    expect(document.cookie).toContain("LANG=ar");
    expect(`${window.location.pathname}${window.location.search}`).toBe("/login?redirect=%2Fcart");
    expect(appStarted()).toBe(false);
  });

  it("stores no language on a page painted from the browser's, and starts the app at once for another one", async () => {
    await bootAt("/login", "ar");
    expect(window.localStorage.getItem("LANG")).toBeNull();
    expect(appStarted()).toBe(false);

    window.localStorage.setItem("LANG", "fr");
    await bootAt("/login", "ar");
    expect(appStarted()).toBe(true);
  });

  it("starts the app at once when this tab waits for a code that still lives, so the code step comes back", async () => {
    const pending = (codeExpiresAtMs: number) =>
      window.sessionStorage.setItem(
        "PENDING_SIGN_IN",
        JSON.stringify({ email: "amina@example.com", codeExpiresAtMs, resendDeadlineMs: null }),
      );
    pending(Date.now() - 1_000);
    await bootAt("/login", "fr");
    expect(appStarted()).toBe(false);

    for (const element of document.head.querySelectorAll("script, link")) element.remove();
    pending(Date.now() + 5 * 60_000);
    await bootAt("/login", "fr");
    expect(appStarted()).toBe(true);
  });
});
