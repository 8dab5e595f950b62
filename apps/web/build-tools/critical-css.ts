/**
 * The part of a built stylesheet a page's markup uses: style rules whose selectors name only classes found in the
 * page's `class` attributes (rules without classes, theme variables, @property and @keyframes are kept). For the
 * prerendered sign-in page (decision 030), whose full stylesheet (the whole app's, ~48 KB) cost the phone more style
 * work than the page needs; the app loads the full one when it starts. Written for Tailwind's minified output: no
 * braces inside strings.
 */

const KEPT_AT_RULES = /^@(?:property|keyframes|font-face|counter-style)\b/;

/** The class names a page's markup uses. */
export function classNamesOf(html: string): Set<string> {
  const names = new Set<string>();
  for (const [, value = ""] of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of value.split(/\s+/)) if (name) names.add(name.replaceAll("&amp;", "&"));
  }
  return names;
}

function unescapeCss(name: string): string {
  return name
    .replace(/\\([0-9a-fA-F]{1,6})\s?/g, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/\\(.)/g, "$1");
}

/** Splits a selector list at its top-level commas (not those inside `:is(…)` and the like). */
function splitSelectors(prelude: string): string[] {
  const selectors: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < prelude.length; index += 1) {
    const char = prelude[index];
    if (char === "\\") index += 1;
    else if (char === "(" || char === "[") depth += 1;
    else if (char === ")" || char === "]") depth -= 1;
    else if (char === "," && depth === 0) {
      selectors.push(prelude.slice(start, index));
      start = index + 1;
    }
  }
  selectors.push(prelude.slice(start));
  return selectors;
}

function selectorMatches(selector: string, classNames: Set<string>): boolean {
  // `:not(.x)` needs no .x; everything else names classes the element (or an ancestor) must carry.
  const withoutNegations = selector.replace(/:not\((?:[^()]|\([^()]*\))*\)/g, "");
  for (const [name = ""] of withoutNegations.matchAll(/\.(?:\\[0-9a-fA-F]{1,6}\s?|\\.|[\w-])+/g)) {
    if (!classNames.has(unescapeCss(name.slice(1)))) return false;
  }
  return true;
}

/** The index just past the block that opens at `open` (a `{`). */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  for (let index = open; index < css.length; index += 1) {
    if (css[index] === "\\") index += 1;
    else if (css[index] === "{") depth += 1;
    else if (css[index] === "}") {
      depth -= 1;
      if (depth === 0) return index + 1;
    }
  }
  throw new Error("critical-css: unbalanced braces");
}

export function criticalCss(css: string, classNames: Set<string>): string {
  let out = "";
  let index = 0;
  while (index < css.length) {
    if (css.startsWith("/*", index)) {
      const end = css.indexOf("*/", index + 2);
      index = end === -1 ? css.length : end + 2;
      continue;
    }
    const open = css.indexOf("{", index);
    const semicolon = css.indexOf(";", index);
    if (open === -1) break;
    // A statement at-rule (`@layer a,b;`, `@import …;`) before the next block.
    if (semicolon !== -1 && semicolon < open && css[index] === "@") {
      out += css.slice(index, semicolon + 1);
      index = semicolon + 1;
      continue;
    }
    const prelude = css.slice(index, open).trim();
    const end = blockEnd(css, open);
    const body = css.slice(open + 1, end - 1);
    if (prelude.startsWith("@")) {
      if (KEPT_AT_RULES.test(prelude)) out += `${prelude}{${body}}`;
      else {
        const inner = criticalCss(body, classNames);
        if (inner) out += `${prelude}{${inner}}`;
      }
    } else if (splitSelectors(prelude).some((selector) => selectorMatches(selector, classNames))) {
      out += `${prelude}{${body}}`;
    }
    index = end;
  }
  return out;
}
