import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * The built web app's stylesheets (the hashed CSS its index.html links), read once at start and inlined in every
 * public page: the pages share the app's design, and their first paint waits for no other request (Lighthouse
 * counted the linked file as the one render-blocking resource). Empty without a build.
 */
export function readWebStylesheets(distDir: string): string {
  let indexHtml: string;
  try {
    indexHtml = readFileSync(path.join(distDir, "index.html"), "utf8");
  } catch {
    return "";
  }
  const sheets: string[] = [];
  for (const match of indexHtml.matchAll(/<link\b[^>]*>/g)) {
    const tag = match[0];
    if (!/\brel="stylesheet"/.test(tag)) continue;
    const href = /\bhref="\/([^"]+)"/.exec(tag)?.[1];
    if (!href || href.includes("..")) continue;
    try {
      sheets.push(readFileSync(path.join(distDir, href), "utf8"));
    } catch {
      // A stylesheet the build did not write: the page stays readable unstyled.
    }
  }
  // A `</style` inside the CSS would close the element early; CSS never needs it outside strings.
  return sheets.join("\n").replace(/<\/style/gi, "<\\/style");
}
