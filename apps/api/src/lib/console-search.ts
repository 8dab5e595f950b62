import { and, or, type SQL, sql } from "drizzle-orm";

// How the console matches what an operator types against a row's search document (decision 074): every word must
// appear in it, in any order, whatever the case and accents ("benali ami" finds Amina Bénali); a phone typed any way
// (0555 12 34 56, +213 555 123 456, 00213555…) is matched on its national digits. The document and its trigram
// index are the SQL function `search_document` (migration 0029).

/** Words beyond these are ignored: each adds a condition, none adds much after a few. */
const MAX_WORDS = 6;

/** `%text%` for LIKE, the wildcards typed by the operator taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The digits of a phone as a fragment of the stored ones, or null when the query is not a phone: without the
 * international prefix of Algeria (00213, +213) and the trunk 0, which the stored E.164 numbers never show in that
 * place. Four digits at least, so a short number does not find half the shop.
 */
export function phoneFragment(query: string): string | null {
  if (!/^[+\d\s().-]+$/.test(query.trim())) return null;
  const national = query.replace(/\D/g, "").replace(/^(?:(?:00)?213)?0*/, "");
  return national.length >= 4 ? national : null;
}

/** Where `document` (a search_document expression) matches `query`; undefined for a query of spaces only. */
export function matchesSearch(document: SQL, query: string): SQL | undefined {
  const words = query.trim().split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);
  if (words.length === 0) return undefined;
  // search_fold on the operator's words as on the rows', so accents and case are folded by the same rules.
  const everyWord = and(...words.map((word) => sql`${document} like search_fold(${containing(word)})`));
  const phone = phoneFragment(query);
  return phone ? or(everyWord, sql`${document} like ${containing(phone)}`) : everyWord;
}
