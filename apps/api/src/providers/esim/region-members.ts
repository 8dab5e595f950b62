import type { RegionCode } from "@esim/shared/catalog/regions";

/**
 * Members of our sale regions (REGIONS in packages/shared). Regions may overlap: Algeria, Morocco, Tunisia
 * and Egypt are both Africa and MENA, Turkey both Europe and MENA, as travellers would expect.
 * Israel is left out of the MENA plan: an Algerian passport is not accepted there, and a plan naming it would
 * confuse more than help; it stays a country of its own.
 */
export const REGION_MEMBERS: Record<Exclude<RegionCode, "global">, readonly string[]> = {
  // EU 27 + the rest of Western Europe and the Balkans usually sold with it, plus Turkey.
  europe:
    "AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE GB CH NO IS LI RS ME AL MK BA TR".split(
      " ",
    ),
  "middle-east-north-africa": "DZ MA TN EG LY SA AE QA KW BH OM JO LB IQ TR".split(" "),
  asia: "CN HK MO TW JP KR SG MY TH ID PH VN KH LA BD IN LK NP PK KZ UZ KG MN BN".split(" "),
  africa: "DZ MA TN EG ZA NG KE GH SN CI CM TZ UG RW ET MG MU BW ZM ZW MW MZ NA CD CG GA BF ML NE BJ TG GN".split(" "),
  americas: "US CA MX BR AR CL CO PE EC UY PY BO CR PA GT HN SV NI DO PR JM".split(" "),
};
