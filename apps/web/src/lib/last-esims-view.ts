import type { listEsims } from "@esim/shared/esims/contracts";
import type { EndpointResponse } from "@esim/shared/http";
import { isLanguage, type Language } from "@esim/shared/locale";
import { STORAGE_KEYS } from "./storage.ts";

export type EsimList = EndpointResponse<typeof listEsims>["data"];

/**
 * My eSIMs as this device last showed them (decision 092): the list's data, when it was fetched, and the page as it
 * was drawn, in the language it was drawn in. On a slow line a signed-in traveller sees it at once while the app's
 * code and a fresh list arrive. Kept in localStorage only (the web's prerendered page paints it before any code; the
 * native apps start from their own files), removed when a session starts or ends, like the cached API answers.
 */
export interface LastEsimsView {
  language: Language;
  savedAt: number;
  data: EsimList;
  /** The page's `<main>` as drawn with the list, its "updated at" note filled in. */
  html: string;
}

type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** The element of My eSIMs that says, on a list from the last visit, when it was fetched. */
export const LAST_VIEW_NOTE_ATTRIBUTE = "data-last-view-note";

function browserStore(): Store | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The stored view, or null when none, unreadable, or of another shape. */
export function readLastEsimsView(store: Store | null = browserStore()): LastEsimsView | null {
  try {
    const raw = store?.getItem(STORAGE_KEYS.lastEsimsView);
    if (!raw) return null;
    const view = JSON.parse(raw) as Partial<LastEsimsView>;
    if (
      !isLanguage(view.language) ||
      typeof view.savedAt !== "number" ||
      typeof view.html !== "string" ||
      !Array.isArray(view.data?.available) ||
      !Array.isArray(view.data?.expired)
    ) {
      return null;
    }
    return view as LastEsimsView;
  } catch {
    return null;
  }
}

/**
 * Keeps the list just drawn: its data and the page's `main` element, the note saying when it was fetched written in
 * (it is empty on a fresh list). A full quota only loses the view.
 */
export function saveLastEsimsView(
  view: { language: Language; savedAt: number; data: EsimList; main: Element; note: string },
  store: Store | null = browserStore(),
): void {
  const copy = view.main.cloneNode(true) as Element;
  const slot = copy.querySelector(`[${LAST_VIEW_NOTE_ATTRIBUTE}]`);
  if (slot) {
    slot.textContent = view.note;
    slot.removeAttribute("hidden");
  }
  const stored: LastEsimsView = {
    language: view.language,
    savedAt: view.savedAt,
    data: view.data,
    html: copy.outerHTML,
  };
  try {
    store?.setItem(STORAGE_KEYS.lastEsimsView, JSON.stringify(stored));
  } catch {
    // Private mode or a full quota: the next visit waits for the network, as before.
  }
}

export function removeLastEsimsView(store: Store | null = browserStore()): void {
  try {
    store?.removeItem(STORAGE_KEYS.lastEsimsView);
  } catch {
    // Nothing stored means nothing to remove.
  }
}

/**
 * Run by the server-painted app page before any of the app's code (src/app-shell-boot.ts): on /esims, signed in, with
 * a stored view in the language the app will draw in, the placeholder's skeleton gives way to that view's page (the
 * placeholder's header and tab bar stay), still busy for assistive technology and inert (its buttons have no code
 * yet) until React's first commit replaces it all.
 */
export function paintLastEsimsView(document: Document, pathname: string, store: Store | null): boolean {
  if (pathname.replace(/\/$/, "") !== "/esims") return false;
  if (!store?.getItem(STORAGE_KEYS.token)) return false;
  const view = readLastEsimsView(store);
  const language = store.getItem(STORAGE_KEYS.language) ?? document.documentElement.lang.slice(0, 2);
  if (!view || view.language !== language) return false;
  const placeholder = document.getElementById("root")?.firstElementChild;
  const slot = placeholder?.querySelector("[data-app-shell-content]");
  if (!placeholder || !slot || placeholder.getAttribute("aria-busy") !== "true") return false;
  const template = document.createElement("template");
  template.innerHTML = view.html;
  const page = template.content.firstElementChild;
  if (!page) return false;
  page.setAttribute("inert", "");
  slot.replaceWith(page);
  return true;
}
