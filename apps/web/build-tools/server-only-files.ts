/**
 * Files of the web build (dist/) that the server answers but an installed app never needs (decision 100): neither the
 * service worker precaches them nor the phone apps carry them.
 * - `pay-link-preview.png`: the link-preview image of the pay-for-me pages (og:image, decision 077), fetched by
 *   crawlers (WhatsApp, Messenger), never by the app; a third of the offline cache before it was left out.
 * - `prerendered/`: the sign-in and app pages the server paints (decisions 030, 075); an installed app's navigations
 *   are answered with index.html (or go to the network for /login), never with these files.
 * - the `.gz` and `.br` copies (precompress-assets.ts), which the server picks per request.
 */
export const SERVER_ONLY_FILES = ["pay-link-preview.png"];
export const SERVER_ONLY_FOLDERS = ["prerendered"];
const PRECOMPRESSED_COPY = /\.(?:gz|br)$/;

/** The same files as glob patterns, for workbox's globIgnores (relative to dist/). */
export const SERVER_ONLY_GLOBS = [
  ...SERVER_ONLY_FILES,
  ...SERVER_ONLY_FOLDERS.map((folder) => `${folder}/**`),
  "**/*.{gz,br}",
];

/** Whether a file of dist/ (its path relative to dist/, `/` separated) is the server's alone. */
export function isServerOnly(relativePath: string): boolean {
  return (
    SERVER_ONLY_FILES.includes(relativePath) ||
    SERVER_ONLY_FOLDERS.some((folder) => relativePath === folder || relativePath.startsWith(`${folder}/`)) ||
    PRECOMPRESSED_COPY.test(relativePath)
  );
}
