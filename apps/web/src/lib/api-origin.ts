// Where the API answers. In a browser the app and the API share one origin, so addresses stay relative. The
// native apps are served from the phone (capacitor://localhost on iOS, https://localhost on Android), where a
// relative address would miss: their build sets VITE_API_ORIGIN (`npm run native:sync` defaults it to the
// product's host). Free of imports and import.meta, so vite.config.ts checks the value at build time too.

/**
 * The origin of VITE_API_ORIGIN (`https://esim-store.dz`), or "" (same origin) when unset or blank. Throws on
 * anything else than a bare http(s) origin, so a mistyped build fails instead of shipping an app that cannot
 * reach its API.
 */
export function parseApiOrigin(value: string | undefined): string {
  const trimmed = value?.trim() ?? "";
  if (trimmed === "") return "";
  const fail = () => new Error(`VITE_API_ORIGIN must be an origin such as https://esim-store.dz, not ${trimmed}`);
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw fail();
  }
  const isBareOrigin = url.pathname === "/" && !url.search && !url.hash && !url.username && !url.password;
  if ((url.protocol !== "https:" && url.protocol !== "http:") || !isBareOrigin) throw fail();
  return url.origin;
}

/**
 * A public page of the server (the storefront's, e.g. the terms of sale) as the app links it: relative in a browser,
 * on the product's host in the native apps, which serve only the app's own screens.
 */
export function publicPageAddress(path: string, apiOrigin: string | undefined): string {
  return `${parseApiOrigin(apiOrigin)}${path}`;
}
