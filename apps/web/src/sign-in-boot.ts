import { isLanguage } from "@esim/shared/locale";
import { holdSubmits } from "./app/prerendered-page.ts";
import { mirrorLanguageCookie, readPendingSignIn, STORAGE_KEYS } from "./lib/storage.ts";
import { APP_ASSETS_ELEMENT_ID, type AppAssets } from "./prerender/app-assets.ts";

/**
 * The prerendered /login's only script (decision 030), inlined in the page at build (an IIFE, allowed by its hash in
 * the CSP): a script file, even deferred, is a request on a slow phone's first second. The screen is already painted, so the app's code (React,
 * the router: ~140 KB gzip) is fetched at the visitor's first sign of use, not at load, where its evaluation
 * would hold a phone's main thread. It starts at once when the painted page cannot be right as it is: with a
 * stored session (/login sends it on; /fr, /en and /ar go home), another stored language, a promo code in the
 * address, or a code this tab asked for that still lives (the app shows its code step again, decision 075). A visitor on /fr, /en or /ar gets what the app's language route would do (LANG stored and mirrored,
 * the address become sign-in's, with home as the way back) on the page already painted in that language.
 */

// Any of these means the visitor is about to use the page: pointing, touching, typing, focusing, a mouse wheel.
// Not `scroll`, which the browser itself sends (restoring a position, a tool's full-page screenshot).
const FIRST_USE_EVENTS = ["pointerover", "pointerdown", "touchstart", "keydown", "focusin", "wheel"] as const;

/**
 * Signed out on /fr, /en, /ar, or on /login?lang= (a public page's "Sign in" link, decision 073), painted in that
 * language: store it as the app does (a choice, which the code email and the account then follow) and show sign-in's
 * address: home as the way back from /fr…, the other parameters of /login kept.
 */
function settleLanguageAddress(): void {
  const { pathname, search } = window.location;
  const params = new URLSearchParams(search);
  const isSignIn = pathname === "/login";
  const language = isSignIn ? params.get("lang") : pathname.replace(/^\/|\/$/g, "");
  if (!isLanguage(language) || language !== document.documentElement.dataset.prerenderedLanguage) return;
  if (window.localStorage.getItem(STORAGE_KEYS.token)) return;
  window.localStorage.setItem(STORAGE_KEYS.language, language);
  mirrorLanguageCookie(language);
  params.delete("lang");
  const rest = params.toString();
  const address = isSignIn ? `/login${rest ? `?${rest}` : ""}` : `/login?redirect=${encodeURIComponent("/home")}`;
  window.history.replaceState(null, "", address);
}

function mustStartNow(): boolean {
  if (window.location.pathname !== "/login") return true;
  if (new URLSearchParams(window.location.search).has("promo")) return true;
  const pending = readPendingSignIn();
  if (pending && pending.codeExpiresAtMs > Date.now()) return true;
  try {
    if (window.localStorage.getItem(STORAGE_KEYS.token)) return true;
    const language = window.localStorage.getItem(STORAGE_KEYS.language);
    return language !== null && language !== document.documentElement.dataset.prerenderedLanguage;
  } catch {
    return true;
  }
}

/** Loads the app as its index.html would: the stylesheet, the preloads, then the entry. */
function loadApp(): void {
  const data = document.getElementById(APP_ASSETS_ELEMENT_ID)?.textContent;
  if (!data) throw new Error("the prerendered page lost its app assets");
  const assets = JSON.parse(data) as AppAssets;
  const element = (tag: string, attributes: Record<string, string>) => {
    const created = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) created.setAttribute(name, value);
    document.head.append(created);
  };
  for (const href of assets.stylesheets) element("link", { rel: "stylesheet", crossorigin: "", href });
  for (const href of assets.modulePreloads) element("link", { rel: "modulepreload", crossorigin: "", href });
  element("script", { type: "module", crossorigin: "", src: assets.script });
}

let isStarted = false;
function startApp(): void {
  if (isStarted) return;
  isStarted = true;
  for (const type of FIRST_USE_EVENTS) window.removeEventListener(type, startApp, { capture: true });
  window.removeEventListener("storage", startApp);
  document.removeEventListener("submit", startApp, { capture: true });
  loadApp();
}

holdSubmits();
try {
  settleLanguageAddress();
} catch {
  // Storage refused (a locked-down browser): the app's own language route does it, starting at once below.
}
if (mustStartNow()) {
  startApp();
} else {
  for (const type of FIRST_USE_EVENTS) window.addEventListener(type, startApp, { capture: true, passive: true });
  // A sign-in or a language chosen in another tab: the app follows it, as on every other page.
  window.addEventListener("storage", startApp);
  // A held submit (Enter before any other event) starts the app too.
  document.addEventListener("submit", startApp, { capture: true });
}
