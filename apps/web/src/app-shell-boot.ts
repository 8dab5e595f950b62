import { paintLastEsimsView } from "./lib/last-esims-view.ts";

/**
 * The server-painted app page's only inline script (decision 092), built as one IIFE at build and allowed by its hash
 * in the CSP: on /esims, the list this device last showed replaces the placeholder's skeleton before the app's code
 * has arrived (seconds on a slow line). It sits after the stylesheet, so it runs once the page's styles are in.
 */
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

paintLastEsimsView(document, window.location.pathname, storage());
