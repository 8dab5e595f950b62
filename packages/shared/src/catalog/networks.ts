import { countryName } from "../countries.ts";
import type { Language } from "../locale.ts";
import type { Plan } from "./contracts.ts";

export type PlanNetwork = Plan["networks"][number];

export interface CountryNetworks {
  country: string;
  /** The country's name in the reader's language. */
  name: string;
  /** Each operator and network type once, by operator name. */
  networks: PlanNetwork[];
}

/**
 * The networks grouped by country, countries in the order the reader's language sorts their names: one rule for the
 * public destination page and the app's plan details, so both list them alike. `countries` adds countries that have no
 * network listed (a region's members); by default only the networks' countries.
 */
export function networksByCountry(
  networks: readonly PlanNetwork[],
  language: Language,
  countries: readonly string[] = [],
): CountryNetworks[] {
  const collator = new Intl.Collator(language);
  const byCountry = new Map<string, Map<string, PlanNetwork>>();
  for (const code of countries) byCountry.set(code, new Map());
  for (const network of networks) {
    const list = byCountry.get(network.country) ?? new Map<string, PlanNetwork>();
    list.set(`${network.operator}\u0000${network.networkType}`, network);
    byCountry.set(network.country, list);
  }
  return [...byCountry]
    .map(([country, list]) => ({
      country,
      name: countryName(country, language),
      networks: [...list.values()].sort(
        (left, right) =>
          collator.compare(left.operator, right.operator) || collator.compare(left.networkType, right.networkType),
      ),
    }))
    .sort((left, right) => collator.compare(left.name, right.name));
}
