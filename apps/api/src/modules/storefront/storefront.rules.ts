import type { CachedDestination, CatalogSnapshot } from "../catalog/index.ts";

/**
 * The public pages' addresses (slugs) of the catalog snapshot's destinations. How plans compare is packages/shared's
 * (catalog/plan-value.ts); the regional suggestion is the catalog's (`suggestRegionalPlanIn`), the same in the app.
 */

/** Stable, readable slugs where the English display name would not be the word travellers use. */
const SLUG_OVERRIDES: Readonly<Record<string, string>> = { TR: "turkey", HK: "hong-kong", MO: "macao" };

/** "Bosnia & Herzegovina" → "bosnia-and-herzegovina"; "Côte d’Ivoire" → "cote-d-ivoire". */
export function slugify(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/\./g, "")
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** A region's slug is its code ("europe"); a country's its English name, slugified. */
export function destinationSlug(destination: CachedDestination): string {
  const { summary } = destination;
  if (summary.type !== "country") return summary.code.toLowerCase();
  return SLUG_OVERRIDES[summary.code] ?? (slugify(summary.names.en) || summary.code.toLowerCase());
}

export interface StorefrontIndex {
  bySlug: ReadonlyMap<string, CachedDestination>;
  slugByCode: ReadonlyMap<string, string>;
}

const indexes = new WeakMap<CatalogSnapshot, StorefrontIndex>();

/** Slugs of every destination on sale in this snapshot; a clash (never seen) keeps the code as a suffix. */
export function storefrontIndexOf(snapshot: CatalogSnapshot): StorefrontIndex {
  const known = indexes.get(snapshot);
  if (known) return known;
  const bySlug = new Map<string, CachedDestination>();
  const slugByCode = new Map<string, string>();
  for (const destination of snapshot.destinations) {
    let slug = destinationSlug(destination);
    if (bySlug.has(slug)) slug = `${slug}-${destination.summary.code.toLowerCase()}`;
    bySlug.set(slug, destination);
    slugByCode.set(destination.summary.code, slug);
  }
  const index = { bySlug, slugByCode };
  indexes.set(snapshot, index);
  return index;
}
