import { type Language, textDirection } from "@esim/shared/locale";
import { escapeHtml } from "../../lib/html.ts";

/**
 * The HTML document around every email's body: language, direction (Arabic right to left, aligned to its start)
 * and the one font and colour our emails use. `body` is HTML already escaped by the caller.
 */
export function emailPage(options: { language: Language; title: string; body: string }): string {
  const direction = textDirection(options.language);
  return `<!doctype html>
<html dir="${direction}" lang="${options.language}">
<head><meta charset="utf-8"><title>${escapeHtml(options.title)}</title></head>
<body dir="${direction}" style="font-family: Arial, Helvetica, sans-serif; color: #1f2937; text-align: ${direction === "rtl" ? "right" : "left"};">
${options.body}
</body>
</html>
`;
}
