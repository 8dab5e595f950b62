import { foldSearchText } from "@esim/shared/search-text";
import type { EsimBrand, EsimDevice } from "./data/esim-devices.ts";

export interface BrandMatch {
  brand: EsimBrand;
  devices: readonly EsimDevice[];
}

/** The phone list's folding: foldSearchText keeping "+" ("Galaxy S23+" is not "Galaxy S23"). */
export function normalizeSearchText(value: string): string {
  return foldSearchText(value, { keep: "+" });
}

/**
 * Whether `term` starts at the beginning of a word, possibly running on over the next words without their
 * spaces: "13" finds "iPhone 13" but not "iPhone 17"… nor "iPhone 7" in "iPhone 17"; "zflip5" finds "Z Flip5".
 */
function startsAtAWord(words: readonly string[], term: string): boolean {
  return words.some((_, index) => words.slice(index).join("").startsWith(term));
}

function deviceWords(brand: EsimBrand, device: EsimDevice): string[] {
  // An edition is found by its year and generation too ("se 2020", "se 2"), whatever language it is shown in.
  const edition = device.edition ? [String(device.edition.year), String(device.edition.generation ?? "")] : [];
  return normalizeSearchText([brand.name, ...brand.aliases, device.model, ...edition].join(" ")).split(" ");
}

/**
 * The devices whose brand, brand alias or model matches every word of `query` (each at the start of a word), or
 * the whole query typed without spaces ("iphone13"); grouped by brand in the list's order. An empty query matches
 * every device.
 */
export function searchDevices(brands: readonly EsimBrand[], query: string): BrandMatch[] {
  const normalized = normalizeSearchText(query);
  const terms = normalized === "" ? [] : normalized.split(" ");
  const compact = terms.join("");
  const matches: BrandMatch[] = [];
  for (const brand of brands) {
    const devices = brand.devices.filter((device) => {
      if (terms.length === 0) return true;
      const words = deviceWords(brand, device);
      return terms.every((term) => startsAtAWord(words, term)) || startsAtAWord(words, compact);
    });
    if (devices.length > 0) matches.push({ brand, devices });
  }
  return matches;
}
