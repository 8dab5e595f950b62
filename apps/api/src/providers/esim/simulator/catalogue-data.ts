import type { RegionCode } from "@esim/shared/catalog/regions";

/**
 * Hand-written facts the simulator's catalogue is derived from. Everything else (which plans, exact prices,
 * generic operator names) comes from a hash of the country code, so the catalogue is the same on every run.
 */

/** Where a country sits for pricing and for the operator names it gets; not the same as our sale regions. */
export type Zone = "europe" | "mena" | "asia" | "africa" | "americas" | "oceania";

const ZONE_MEMBERS: Record<Zone, string> = {
  europe:
    "AD AL AT BA BE BG BY CH CY CZ DE DK EE ES FI FO FR GB GI GL GR HR HU IE IS IT LI LT LU LV MC MD ME MK MT NL NO PL PT RO RS RU SE SI SK SM UA",
  mena: "AE BH DZ EG IL IQ JO KW LB LY MA OM PS QA SA TN TR",
  asia: "AF AM AZ BD BN BT CN GE HK ID IN JP KG KH KR KZ LA LK MM MN MO MV MY NP PH PK SG TH TJ TL TM TW UZ VN",
  africa:
    "AO BF BI BJ BW CD CF CG CI CM CV DJ ET GA GH GM GN GQ GW KE KM LR LS MG ML MR MU MW MZ NA NE NG RE RW SC SD SL SN SO ST SZ TD TG TZ UG YT ZA ZM ZW",
  americas:
    "AG AI AR AW BB BM BO BQ BR BS BZ CA CL CO CR CW DM DO EC GD GF GP GT GY HN HT JM KN KY LC MQ MX NI PA PE PR PY SR SV SX TC TT US UY VC VE VG VI",
  oceania: "AS AU CK FJ GU MP NC NZ PF PG SB TO VU WS",
};

/** Country → zone. A country of the ISO list missing here is not sold by the simulator. */
export const ZONE_BY_COUNTRY: ReadonlyMap<string, Zone> = new Map(
  (Object.entries(ZONE_MEMBERS) as [Zone, string][]).flatMap(([zone, members]) =>
    members.split(" ").map((code) => [code, zone] as const),
  ),
);

/**
 * ISO codes deliberately absent: uninhabited (AQ BV HM TF UM GS), no commercial roaming or sanctioned
 * (KP IR SY CU YE ER SS), and tiny territories served through a neighbour's network (EH PN IO CX CC NF TK NU
 * WF SH PM SJ TV NR KI MH FM PW FK MS BL MF VA AX GG JE IM). Listed so a test can prove nothing is forgotten.
 */
export const EXCLUDED_COUNTRIES: ReadonlySet<string> = new Set(
  "AQ BV HM TF UM GS KP IR SY CU YE ER SS EH PN IO CX CC NF TK NU WF SH PM SJ TV NR KI MH FM PW FK MS BL MF VA AX GG JE IM".split(
    " ",
  ),
);

/** Wholesale USD per GB before volume discount, by zone: roaming in Africa or the islands costs more. */
export const ZONE_USD_PER_GB: Record<Zone, number> = {
  europe: 0.95,
  mena: 1.7,
  asia: 1.5,
  africa: 3.2,
  americas: 2.4,
  oceania: 3.4,
};

/** Countries whose price is known to differ from their zone's (the cheap hubs and the destinations we sell most). */
export const COUNTRY_USD_PER_GB: Readonly<Record<string, number>> = {
  FR: 0.62,
  DE: 0.64,
  ES: 0.6,
  IT: 0.6,
  GB: 0.66,
  NL: 0.66,
  BE: 0.68,
  PT: 0.62,
  AT: 0.7,
  PL: 0.6,
  GR: 0.78,
  CH: 1.45,
  NO: 1.1,
  IS: 1.6,
  TR: 1.2,
  SA: 1.45,
  AE: 1.3,
  QA: 1.55,
  TN: 1.35,
  MA: 1.1,
  EG: 1.0,
  DZ: 2.1,
  US: 0.85,
  CA: 1.6,
  MX: 1.4,
  BR: 1.4,
  CN: 0.7,
  HK: 0.55,
  JP: 0.8,
  KR: 0.8,
  TH: 0.55,
  MY: 0.5,
  SG: 0.55,
  ID: 0.7,
  VN: 0.55,
  IN: 0.8,
  AU: 1.0,
  NZ: 1.2,
  ZA: 2.0,
};

/** Islands and small markets: roaming there is dear whatever the zone. */
export const EXPENSIVE_COUNTRIES: ReadonlySet<string> = new Set(
  "AI AG AW BB BM BQ BS CK CW DM FO GD GI GL GU KM KN KY LC MP MV NC PF PG SB SC ST SX TC TO VC VG VI VU WS AS".split(
    " ",
  ),
);

/** Destinations Algerian travellers buy most: they always get the full range, unlimited included. */
export const POPULAR_COUNTRIES: readonly string[] = [
  "TR",
  "FR",
  "ES",
  "IT",
  "DE",
  "SA",
  "AE",
  "TN",
  "MA",
  "EG",
  "GB",
  "US",
  "CA",
  "CN",
  "MY",
  "TH",
  "QA",
];

/** Real operators where travellers would notice a made-up one; [name, network type]. */
export const KNOWN_OPERATORS: Readonly<Record<string, readonly (readonly [string, "4G" | "5G"])[]>> = {
  TR: [
    ["Turkcell", "5G"],
    ["Vodafone TR", "4G"],
    ["Türk Telekom", "4G"],
  ],
  FR: [
    ["Orange", "5G"],
    ["SFR", "5G"],
    ["Bouygues Telecom", "4G"],
  ],
  ES: [
    ["Movistar", "5G"],
    ["Vodafone", "4G"],
    ["Orange", "4G"],
  ],
  IT: [
    ["TIM", "5G"],
    ["Vodafone", "5G"],
    ["WindTre", "4G"],
  ],
  DE: [
    ["Telekom", "5G"],
    ["Vodafone", "5G"],
    ["O2", "4G"],
  ],
  GB: [
    ["EE", "5G"],
    ["Vodafone", "5G"],
    ["O2", "4G"],
  ],
  SA: [
    ["STC", "5G"],
    ["Mobily", "5G"],
    ["Zain", "4G"],
  ],
  AE: [
    ["e& (Etisalat)", "5G"],
    ["du", "5G"],
  ],
  QA: [
    ["Ooredoo", "5G"],
    ["Vodafone", "5G"],
  ],
  TN: [
    ["Ooredoo", "4G"],
    ["Orange", "4G"],
    ["Tunisie Telecom", "4G"],
  ],
  MA: [
    ["Maroc Telecom", "4G"],
    ["Orange", "4G"],
    ["inwi", "4G"],
  ],
  EG: [
    ["Vodafone", "4G"],
    ["Orange", "4G"],
    ["Etisalat", "4G"],
  ],
  DZ: [
    ["Mobilis", "4G"],
    ["Djezzy", "4G"],
    ["Ooredoo", "4G"],
  ],
  US: [
    ["AT&T", "5G"],
    ["T-Mobile", "5G"],
    ["Verizon", "5G"],
  ],
  CA: [
    ["Rogers", "5G"],
    ["Bell", "5G"],
    ["Telus", "5G"],
  ],
  CN: [
    ["China Mobile", "5G"],
    ["China Unicom", "5G"],
  ],
  MY: [
    ["Maxis", "5G"],
    ["CelcomDigi", "5G"],
    ["U Mobile", "4G"],
  ],
  TH: [
    ["AIS", "5G"],
    ["TrueMove H", "5G"],
    ["dtac", "4G"],
  ],
  JP: [
    ["NTT Docomo", "5G"],
    ["SoftBank", "5G"],
    ["KDDI", "4G"],
  ],
  KR: [
    ["SK Telecom", "5G"],
    ["KT", "5G"],
    ["LG U+", "4G"],
  ],
  SG: [
    ["Singtel", "5G"],
    ["StarHub", "5G"],
  ],
  HK: [
    ["CSL", "5G"],
    ["3HK", "5G"],
    ["SmarTone", "4G"],
  ],
  ID: [
    ["Telkomsel", "4G"],
    ["XL Axiata", "4G"],
    ["Indosat", "4G"],
  ],
  IN: [
    ["Airtel", "5G"],
    ["Jio", "5G"],
  ],
  JO: [
    ["Zain", "4G"],
    ["Orange", "4G"],
  ],
  KW: [
    ["Zain", "5G"],
    ["STC", "4G"],
  ],
  BH: [
    ["Batelco", "5G"],
    ["Zain", "4G"],
  ],
  OM: [
    ["Omantel", "5G"],
    ["Ooredoo", "4G"],
  ],
  LB: [
    ["Alfa", "4G"],
    ["touch", "4G"],
  ],
  NL: [
    ["KPN", "5G"],
    ["Vodafone", "5G"],
    ["Odido", "4G"],
  ],
  BE: [
    ["Proximus", "5G"],
    ["Orange", "4G"],
  ],
  PT: [
    ["MEO", "5G"],
    ["NOS", "5G"],
    ["Vodafone", "4G"],
  ],
  CH: [
    ["Swisscom", "5G"],
    ["Sunrise", "5G"],
  ],
  GR: [
    ["Cosmote", "5G"],
    ["Vodafone", "4G"],
  ],
  AT: [
    ["A1", "5G"],
    ["Magenta", "5G"],
  ],
  AU: [
    ["Telstra", "5G"],
    ["Optus", "5G"],
  ],
  BR: [
    ["Claro", "5G"],
    ["Vivo", "4G"],
    ["TIM", "4G"],
  ],
  MX: [
    ["Telcel", "5G"],
    ["AT&T", "4G"],
  ],
  ZA: [
    ["Vodacom", "5G"],
    ["MTN", "4G"],
  ],
  SN: [
    ["Orange", "4G"],
    ["Free", "4G"],
  ],
  CI: [
    ["Orange", "4G"],
    ["MTN", "4G"],
  ],
  NG: [
    ["MTN", "4G"],
    ["Airtel", "4G"],
    ["Glo", "4G"],
  ],
  KE: [
    ["Safaricom", "4G"],
    ["Airtel", "4G"],
  ],
};

/** Operator names by zone for countries without a hand-written list; plausible, not necessarily accurate. */
export const ZONE_OPERATORS: Record<Zone, readonly string[]> = {
  europe: ["Vodafone", "Orange", "Telekom", "A1", "Telia", "Tele2", "Three", "Telenor", "Yettel", "Lycamobile"],
  mena: ["Zain", "Ooredoo", "Orange", "Etisalat", "Vodafone", "STC", "Asiacell", "Libyana"],
  asia: [
    "Beeline",
    "Ucell",
    "Ncell",
    "Smart",
    "Metfone",
    "Unitel",
    "Viettel",
    "Dialog",
    "Grameenphone",
    "Jazz",
    "Magti",
    "Azercell",
  ],
  africa: ["MTN", "Airtel", "Orange", "Moov Africa", "Vodacom", "Africell", "Tigo", "Libertis", "Expresso"],
  americas: ["Claro", "Movistar", "Digicel", "Tigo", "Entel", "Personal", "Flow", "Liberty"],
  oceania: ["Digicel", "Vodafone", "Telstra", "Bmobile", "OPT", "Spark"],
};

/** Wholesale USD per GB of a regional plan: a little above its members' typical price. */
export const REGION_USD_PER_GB: Record<RegionCode, number> = {
  europe: 0.75,
  "middle-east-north-africa": 1.9,
  asia: 1.5,
  africa: 3.8,
  americas: 2.6,
  global: 2.8,
};
