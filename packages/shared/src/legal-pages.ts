import type { Language } from "./locale.ts";

// The public legal pages (decision 073): their content is packages/ui/src/legal, rendered by the storefront at these
// addresses; the checkout links them, so their names and addresses live here, free of the documents' long text.

export const LEGAL_PAGES = ["terms", "privacy", "legal-notice"] as const;
export type LegalPage = (typeof LEGAL_PAGES)[number];

/** `/fr/terms`, `/ar/privacy`, `/en/legal-notice`. */
export function legalPagePath(language: Language, page: LegalPage): string {
  return `/${language}/${page}`;
}
