import { afterEach, describe, expect, it } from "vitest";
import { renderAppShell } from "../prerender/render-sign-in-page.tsx";
import { paintLastEsimsView, readLastEsimsView, removeLastEsimsView } from "./last-esims-view.ts";
import { clearSession } from "./session.ts";

const ESIM_PAGE = '<main id="main-content"><p>Mise à jour à 14:05</p><a href="/details/e1">Turquie</a></main>';

function storeView(overrides: Record<string, unknown> = {}) {
  window.localStorage.setItem(
    "LAST_ESIMS_VIEW",
    JSON.stringify({
      language: "fr",
      savedAt: Date.parse("2026-11-28T13:05:00Z"),
      data: { available: [], expired: [] },
      html: ESIM_PAGE,
      ...overrides,
    }),
  );
}

/** The server-painted app page: the placeholder as the build renders it, in #root. */
function paintedPage() {
  document.body.innerHTML = `<div id="root">${renderAppShell("fr").body}</div>`;
}

describe("the last eSIM list painted before the app's code", () => {
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("takes the skeleton's place on /esims, signed in, in the app's language: inert and still busy", () => {
    paintedPage();
    window.localStorage.setItem("Token", "t");
    window.localStorage.setItem("LANG", "fr");
    storeView();
    expect(paintLastEsimsView(document, "/esims", window.localStorage)).toBe(true);
    const link = document.querySelector('#main-content a[href="/details/e1"]');
    expect(link).not.toBeNull();
    expect(document.getElementById("main-content")?.hasAttribute("inert")).toBe(true);
    expect(document.querySelector("#root > [aria-busy='true'] header")).not.toBeNull();
    expect(document.querySelector("[data-app-shell-content]")).toBeNull();
  });

  it("leaves the placeholder alone elsewhere, signed out, or for a list drawn in another language", () => {
    paintedPage();
    storeView();
    window.localStorage.setItem("LANG", "fr");
    expect(paintLastEsimsView(document, "/esims", window.localStorage)).toBe(false);
    window.localStorage.setItem("Token", "t");
    expect(paintLastEsimsView(document, "/home", window.localStorage)).toBe(false);
    window.localStorage.setItem("LANG", "ar");
    expect(paintLastEsimsView(document, "/esims", window.localStorage)).toBe(false);
    expect(document.querySelector("[data-app-shell-content]")).not.toBeNull();
    expect(document.getElementById("main-content")).toBeNull();
  });

  it("reads nothing from a stored value of another shape", () => {
    window.localStorage.setItem("LAST_ESIMS_VIEW", "{not json");
    expect(readLastEsimsView()).toBeNull();
    storeView({ data: null });
    expect(readLastEsimsView()).toBeNull();
    removeLastEsimsView();
    expect(window.localStorage.getItem("LAST_ESIMS_VIEW")).toBeNull();
  });

  it("is forgotten when the session ends: a shared phone shows no one else's eSIMs", async () => {
    storeView();
    await clearSession("signed-out");
    expect(window.localStorage.getItem("LAST_ESIMS_VIEW")).toBeNull();
  });
});
