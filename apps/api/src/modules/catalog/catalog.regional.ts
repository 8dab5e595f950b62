import { type RegionalSuggestion, suggestRegionalPlan } from "@esim/shared/catalog/plan-value";
import type { CachedDestination, CatalogSnapshot } from "./catalog.cache.ts";

// Kept per snapshot: the app's plans answer and the public destination page show the same suggestion.
const suggestions = new WeakMap<CatalogSnapshot, Map<string, RegionalSuggestion<CachedDestination> | null>>();

/** packages/shared's regional suggestion for a country of this snapshot, computed once per snapshot. */
export function suggestRegionalPlanIn(
  snapshot: CatalogSnapshot,
  country: CachedDestination,
): RegionalSuggestion<CachedDestination> | null {
  let bySnapshot = suggestions.get(snapshot);
  if (!bySnapshot) {
    bySnapshot = new Map();
    suggestions.set(snapshot, bySnapshot);
  }
  const known = bySnapshot.get(country.summary.code);
  if (known !== undefined) return known;
  const suggestion = suggestRegionalPlan(
    { destinations: snapshot.destinations, byCode: (code) => snapshot.byCode.get(code.toLowerCase()) },
    country,
  );
  bySnapshot.set(country.summary.code, suggestion);
  return suggestion;
}
