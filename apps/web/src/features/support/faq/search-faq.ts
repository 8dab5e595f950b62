import { foldSearchText } from "@esim/shared/search-text";
import type { Faq } from "@esim/ui/faq/faq-types";

/** A query word as it is matched: the Arabic article ال dropped, so "الاسترداد" also finds "استرداد". */
function toSearchWord(word: string): string {
  return word.length > 3 && word.startsWith("\u0627\u0644") ? word.slice(2) : word;
}

/**
 * The categories and entries whose category title, question or answer contains every word of `query`; all of
 * them for a blank query.
 */
export function searchFaq(faq: Faq, query: string): Faq {
  const words = foldSearchText(query).split(/\s+/).filter(Boolean).map(toSearchWord);
  if (words.length === 0) return faq;
  return faq
    .map((category) => ({
      ...category,
      entries: category.entries.filter((entry) => {
        const text = foldSearchText([category.title, entry.question, ...entry.answer].join(" "));
        return words.every((word) => text.includes(word));
      }),
    }))
    .filter((category) => category.entries.length > 0);
}

export function countEntries(faq: Faq): number {
  return faq.reduce((total, category) => total + category.entries.length, 0);
}
