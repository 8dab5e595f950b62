// Every flag of `country-flag-icons` as a URL to its own SVG file (never inlined): the map costs a few
// bytes per country in the screens that show flags, and the browser fetches only the flags on screen.
const FLAG_MODULES = import.meta.glob<string>("@flags/*.svg", {
  query: "?no-inline",
  import: "default",
  eager: true,
  // The package sits in node_modules, which globs skip unless asked.
  exhaustive: true,
});

const FLAG_URLS = new Map<string, string>(
  Object.entries(FLAG_MODULES).map(([path, url]) => [path.slice(path.lastIndexOf("/") + 1, -".svg".length), url]),
);

/** The URL of a country's flag (ISO 3166-1 alpha-2), or null when the package has none. */
export function flagUrl(countryCode: string): string | null {
  return FLAG_URLS.get(countryCode.toUpperCase()) ?? null;
}
