/**
 * Destination search in French, English and Arabic and by ISO code: pure functions over an in-memory index,
 * ignoring case, accents and Arabic spelling variants (foldSearchText, shared with the web's searches).
 */
import { foldSearchText } from "@esim/shared/search-text";

const ARABIC_DEFINITE_ARTICLE = "ال";

export type SearchableType = "country" | "region" | "global";

/** One destination as the search sees it. */
export interface SearchEntry {
  /** Folded code: "dz", "europe". */
  code: string;
  type: SearchableType;
  /** Folded names in fr, en, ar and the aliases travellers use ("turkey", "uae"). */
  names: string[];
  /** Every word of the names, plus Arabic words without their article ("جزائر" for "الجزائر"). */
  words: string[];
  /** 1 for the most popular destination; null when not popular. */
  popularRank: number | null;
  /** Position in the alphabetical order (French names), for ties. */
  alphabeticalIndex: number;
}

/** Builds the entry of one destination from its raw names; `alphabeticalIndex` is filled by the caller. */
export function createSearchEntry(input: {
  code: string;
  type: SearchableType;
  names: string[];
  popularRank: number | null;
  alphabeticalIndex: number;
}): SearchEntry {
  const names = [...new Set(input.names.map((name) => foldSearchText(name)).filter((name) => name.length > 0))];
  const words = new Set<string>();
  for (const name of names) {
    for (const word of name.split(" ")) {
      words.add(word);
      if (word.startsWith(ARABIC_DEFINITE_ARTICLE) && word.length > 3) words.add(word.slice(2));
    }
  }
  return { ...input, code: foldSearchText(input.code), names, words: [...words] };
}

/** How well an entry matches: 0 exact code, 1 a name starts with it, 2 a word does, 3 a name contains it; null: no match. */
export function matchRank(entry: SearchEntry, foldedQuery: string): number | null {
  if (entry.code === foldedQuery) return 0;
  if (entry.names.some((name) => name.startsWith(foldedQuery))) return 1;
  if (entry.words.some((word) => word.startsWith(foldedQuery))) return 2;
  if (entry.names.some((name) => name.includes(foldedQuery))) return 3;
  return null;
}

const TYPE_ORDER: Record<SearchableType, number> = { country: 0, region: 1, global: 2 };

/** Countries before regions, then popular ones by rank, then alphabetical. */
function compareAtEqualRank(left: SearchEntry, right: SearchEntry): number {
  return (
    TYPE_ORDER[left.type] - TYPE_ORDER[right.type] ||
    (left.popularRank ?? Number.MAX_SAFE_INTEGER) - (right.popularRank ?? Number.MAX_SAFE_INTEGER) ||
    left.alphabeticalIndex - right.alphabeticalIndex
  );
}

/**
 * The entries matching the query, best first: exact code, then name prefix, then word prefix, then contains;
 * at equal rank countries before regions, popular first, then alphabetical. An empty query lists every entry
 * in that same order (popular countries first). `type: "region"` keeps regions and the global zone.
 */
export function searchEntries<T extends SearchEntry>(
  entries: readonly T[],
  options: { query: string; type?: "country" | "region" | undefined },
): T[] {
  const foldedQuery = foldSearchText(options.query);
  const ranked: { entry: T; rank: number }[] = [];
  for (const entry of entries) {
    if (options.type === "country" && entry.type !== "country") continue;
    if (options.type === "region" && entry.type === "country") continue;
    const rank = foldedQuery === "" ? 0 : matchRank(entry, foldedQuery);
    if (rank !== null) ranked.push({ entry, rank });
  }
  ranked.sort((left, right) => left.rank - right.rank || compareAtEqualRank(left.entry, right.entry));
  return ranked.map(({ entry }) => entry);
}
