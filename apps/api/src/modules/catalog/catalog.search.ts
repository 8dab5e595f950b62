/**
 * Destination search in French, English and Arabic and by ISO code, and by city or airport (which lead to their
 * country): pure functions over an in-memory index, ignoring case, accents and Arabic spelling variants
 * (foldSearchText, shared with the web's searches).
 */
import type { MatchedPlace } from "@esim/shared/catalog/contracts";
import { PLACES, type Place } from "@esim/shared/catalog/places";
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
  return { ...input, code: foldSearchText(input.code), ...foldNames(input.names) };
}

/** Folded names, and their words (Arabic ones also without their article: "جزائر" for "الجزائر"). */
function foldNames(rawNames: readonly string[]): { names: string[]; words: string[] } {
  const names = [...new Set(rawNames.map((name) => foldSearchText(name)).filter((name) => name.length > 0))];
  const words = new Set<string>();
  for (const name of names) {
    for (const word of name.split(" ")) {
      words.add(word);
      if (word.startsWith(ARABIC_DEFINITE_ARTICLE) && word.length > 3) words.add(word.slice(2));
    }
  }
  return { names, words: [...words] };
}

/** How well an entry matches: 0 exact code, 1 a name starts with it, 2 a word does, 3 a name contains it; null: no match. */
export function matchRank(entry: SearchEntry, foldedQuery: string): number | null {
  if (entry.code === foldedQuery) return 0;
  if (entry.names.some((name) => name.startsWith(foldedQuery))) return 1;
  if (entry.words.some((word) => word.startsWith(foldedQuery))) return 2;
  if (entry.names.some((name) => name.includes(foldedQuery))) return 3;
  return null;
}

/**
 * Cities and airports count from 3 letters (an IATA code's length): a first letter or two still lists countries
 * only, not every country with a city starting so.
 */
export const PLACE_MIN_QUERY_LENGTH = 3;

interface PlaceEntry {
  place: Place;
  /** Folded country code, as SearchEntry.code. */
  country: string;
  /** Folded IATA codes. */
  airports: string[];
  names: string[];
  words: string[];
}

const PLACE_ENTRIES: readonly PlaceEntry[] = PLACES.map((place) => ({
  place,
  country: foldSearchText(place.country),
  airports: place.airports.map((airport) => foldSearchText(airport)),
  ...foldNames([place.names.fr, place.names.en, place.names.ar, ...place.aliases]),
}));

/**
 * The best place of each country matching the query, by the ranks of matchRank (an airport's exact code 0; no
 * substring match: "ris" is no reason to offer France), the table's order breaking ties.
 */
function matchPlaces(foldedQuery: string): Map<string, { rank: number; matched: MatchedPlace }> {
  const best = new Map<string, { rank: number; matched: MatchedPlace }>();
  if (foldedQuery.length < PLACE_MIN_QUERY_LENGTH) return best;
  for (const entry of PLACE_ENTRIES) {
    const airportIndex = entry.airports.indexOf(foldedQuery);
    const rank =
      airportIndex !== -1
        ? 0
        : entry.names.some((name) => name.startsWith(foldedQuery))
          ? 1
          : entry.words.some((word) => word.startsWith(foldedQuery))
            ? 2
            : null;
    if (rank === null || (best.get(entry.country)?.rank ?? Number.POSITIVE_INFINITY) <= rank) continue;
    best.set(entry.country, {
      rank,
      matched: { names: entry.place.names, airport: entry.place.airports[airportIndex] ?? null },
    });
  }
  return best;
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

/** An entry found, with the city or airport that led to it when its own names did not match as well. */
export type SearchResult<T extends SearchEntry> = T & { matchedPlace?: MatchedPlace };

/**
 * The entries matching the query, best first: exact code, then name prefix, then word prefix, then contains;
 * a country found through one of its cities or airports ranks just after the same match on its own name
 * ("par": Paraguay, then France for Paris) and carries the place. At equal rank countries before regions, popular
 * first, then alphabetical. An empty query lists every entry in that same order (popular countries first).
 * `type: "region"` keeps regions and the global zone.
 */
export function searchEntries<T extends SearchEntry>(
  entries: readonly T[],
  options: { query: string; type?: "country" | "region" | undefined },
): SearchResult<T>[] {
  const foldedQuery = foldSearchText(options.query);
  const places = options.type === "region" ? new Map() : matchPlaces(foldedQuery);
  const ranked: { result: SearchResult<T>; rank: number }[] = [];
  for (const entry of entries) {
    if (options.type === "country" && entry.type !== "country") continue;
    if (options.type === "region" && entry.type === "country") continue;
    const ownRank = foldedQuery === "" ? 0 : (matchRank(entry, foldedQuery) ?? Number.POSITIVE_INFINITY);
    const place = entry.type === "country" ? places.get(entry.code) : undefined;
    if (place && place.rank + 0.5 < ownRank) {
      ranked.push({ result: { ...entry, matchedPlace: place.matched }, rank: place.rank + 0.5 });
    } else if (ownRank !== Number.POSITIVE_INFINITY) {
      ranked.push({ result: entry, rank: ownRank });
    }
  }
  ranked.sort((left, right) => left.rank - right.rank || compareAtEqualRank(left.result, right.result));
  return ranked.map(({ result }) => result);
}
