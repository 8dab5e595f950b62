/**
 * HTML built by a tagged template that escapes every interpolation unless it is already `Html`: a page can
 * only carry markup that was written in a template, never markup that came in with a name, a query or a price.
 */

/** Markup that is safe to insert as is (built by `html`, or a trusted constant via `raw`). */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text for an element's content or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

type Interpolation = Html | string | number | null | undefined | false | readonly Interpolation[];

function render(value: Interpolation): string {
  if (value === null || value === undefined || value === false) return "";
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return value.map(render).join("");
  return escapeHtml(String(value));
}

/** `html\`<p>${name}</p>\``: strings and numbers escaped, `Html` kept, arrays joined, null/undefined/false dropped. */
export function html(strings: TemplateStringsArray, ...values: Interpolation[]): Html {
  let out = strings[0] ?? "";
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? "");
  });
  return new Html(out);
}

/** A constant written by us (never data): inserted without escaping. */
export function raw(markup: string): Html {
  return new Html(markup);
}

/**
 * A JSON-LD block. JSON.stringify leaves `<`, `>` and `&` alone, so `</script>` in a name would end the element:
 * they become \u escapes, which JSON parsers read back as the same characters.
 */
export function jsonLd(data: unknown): Html {
  const json = JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
  return new Html(`<script type="application/ld+json">${json}</script>`);
}

/** Text for XML content or attributes (the sitemap). */
export function escapeXml(text: string): string {
  return escapeHtml(text).replace(/&#39;/g, "&apos;");
}
