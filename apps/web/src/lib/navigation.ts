// Lets code outside React (the API client) move the user, through the router
// the app registers at start, so the router stays the one owner of history.

type Navigate = (to: string, options?: { replace?: boolean }) => unknown;

let navigate: Navigate | null = null;

export function registerNavigator(next: Navigate | null): void {
  navigate = next;
}

export const AUTH_PAGE_PATH = "/login";

/** Moves the user to a screen of this app from outside React (a tapped notification); a full load before start. */
export function navigateTo(to: string, options?: { replace?: boolean }): void {
  if (navigate) navigate(to, options);
  else window.location.assign(to);
}

/** Sends the user to AuthPage with the page they were on as the return address. */
export function navigateToAuthPage(): void {
  const current = `${window.location.pathname}${window.location.search}`;
  if (window.location.pathname === AUTH_PAGE_PATH) return;
  const target = `${AUTH_PAGE_PATH}?redirect=${encodeURIComponent(current)}`;
  if (navigate) navigate(target, { replace: true });
  else window.location.assign(target);
}

/** A return address from the query string, kept only when it stays inside this app. */
export function safeRedirectTarget(value: string | null, fallback = "/home"): string {
  if (!value?.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  if (value === AUTH_PAGE_PATH || value.startsWith(`${AUTH_PAGE_PATH}?`)) return fallback;
  return value;
}
