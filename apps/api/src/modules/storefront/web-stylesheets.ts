import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * The stylesheets the built web app's index.html links (Vite's hashed CSS): the public pages link the same
 * files, so they share the app's design and the browser's cache. Read once at start; none without a build.
 */
export function findWebStylesheets(distDir: string): string[] {
  let indexHtml: string;
  try {
    indexHtml = readFileSync(path.join(distDir, "index.html"), "utf8");
  } catch {
    return [];
  }
  const hrefs: string[] = [];
  for (const match of indexHtml.matchAll(/<link\b[^>]*>/g)) {
    const tag = match[0];
    if (!/\brel="stylesheet"/.test(tag)) continue;
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (href?.startsWith("/")) hrefs.push(href);
  }
  return hrefs;
}
