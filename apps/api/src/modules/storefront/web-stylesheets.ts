import { readFileSync } from "node:fs";
import path from "node:path";

/** The part of Vite's build manifest (dist/.vite/manifest.json) read here: the app entry's stylesheets. */
interface ViteManifest {
  [source: string]: { file: string; isEntry?: boolean; css?: string[] } | undefined;
}

/**
 * The web app's one stylesheet (apps/web/src/index.css, which scans packages/ui where the public pages' components
 * live), read once at the first page and inlined in every public page: their first paint waits for no other request
 * (Lighthouse counted a linked file as the one render-blocking resource). The file is the one the build's manifest
 * names for index.html (decision 070): an artefact the web build writes for this purpose, not index.html parsed.
 * Empty without a build.
 */
export function readWebStylesheets(distDir: string): string {
  let manifest: ViteManifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(distDir, ".vite/manifest.json"), "utf8")) as ViteManifest;
  } catch {
    return "";
  }
  const sheets: string[] = [];
  for (const file of manifest["index.html"]?.css ?? []) {
    if (file.includes("..")) continue;
    try {
      sheets.push(readFileSync(path.join(distDir, file), "utf8"));
    } catch {
      // A stylesheet the build did not write: the page stays readable unstyled.
    }
  }
  // A `</style` inside the CSS would close the element early; CSS never needs it outside strings.
  return sheets.join("\n").replace(/<\/style/gi, "<\\/style");
}
