import { destinations } from "../modules/catalog/catalog.schema.ts";

/** A destination as the summaries of an eSIM and an order show it (the narrow lists of decision 046). */
export const destinationSummaryColumns = {
  code: destinations.code,
  type: destinations.type,
  nameFr: destinations.nameFr,
  nameEn: destinations.nameEn,
  nameAr: destinations.nameAr,
  memberCountries: destinations.memberCountries,
  isPopular: destinations.isPopular,
};
