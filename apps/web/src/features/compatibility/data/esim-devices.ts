// The phones we list as eSIM-capable, by brand, newest first. Phones only: iPads with cellular, watches and
// laptops are left out on purpose (the shop sells plans for phones).
//
// Where each entry comes from: each brand names its maker's page (`source`): Apple's Dual SIM / eSIM article,
// Google's Pixel eSIM help, and for the other brands their support site, where each model's eSIM article and
// specification sheet are found. A model is listed only when its maker says it has an eSIM; regional exceptions
// are carried as notes. The addresses are references for whoever updates the list: the app never fetches them.
// Written in November 2026.

/** A regional or carrier exception shown under the model; each has a `compatibility.note.<id>` text. */
export type DeviceNoteId =
  | "notMainlandChina"
  | "usEsimOnly"
  | "esimOnly"
  | "notUsModels"
  | "pixel3Regions"
  | "pixel3aRegions"
  | "someRegions"
  | "globalModelOnly"
  | "japanModel"
  | "notP40ProPlus";

export interface EsimDevice {
  /** The maker's model name, the same in every language ("iPhone SE", "razr 5G"). */
  model: string;
  /**
   * Which edition of a name reused over the years: its generation and year, shown in the reader's language ("2e
   * génération, 2020") rather than in the maker's English.
   */
  edition?: { generation?: number; year: number };
  notes?: readonly DeviceNoteId[];
}

export interface EsimBrand {
  /** Stable key (URLs, React keys). */
  id: string;
  name: string;
  /** Other ways people type the brand, Arabic spellings included, so the search finds them. */
  aliases: readonly string[];
  /** The manufacturer's page the models were taken from. */
  source: string;
  /** Applies to every model of the brand. */
  brandNotes?: readonly DeviceNoteId[];
  devices: readonly EsimDevice[];
}

const US_ESIM_ONLY = ["usEsimOnly"] as const;

export const ESIM_BRANDS: readonly EsimBrand[] = [
  {
    id: "apple",
    name: "Apple",
    aliases: ["iphone", "ios", "ايفون", "آيفون", "أبل", "ابل"],
    source: "https://support.apple.com/HT209044",
    brandNotes: ["notMainlandChina"],
    devices: [
      { model: "iPhone 17 Pro Max", notes: US_ESIM_ONLY },
      { model: "iPhone 17 Pro", notes: US_ESIM_ONLY },
      { model: "iPhone Air", notes: ["esimOnly"] },
      { model: "iPhone 17", notes: US_ESIM_ONLY },
      { model: "iPhone 16e", notes: US_ESIM_ONLY },
      { model: "iPhone 16 Pro Max", notes: US_ESIM_ONLY },
      { model: "iPhone 16 Pro", notes: US_ESIM_ONLY },
      { model: "iPhone 16 Plus", notes: US_ESIM_ONLY },
      { model: "iPhone 16", notes: US_ESIM_ONLY },
      { model: "iPhone 15 Pro Max", notes: US_ESIM_ONLY },
      { model: "iPhone 15 Pro", notes: US_ESIM_ONLY },
      { model: "iPhone 15 Plus", notes: US_ESIM_ONLY },
      { model: "iPhone 15", notes: US_ESIM_ONLY },
      { model: "iPhone 14 Pro Max", notes: US_ESIM_ONLY },
      { model: "iPhone 14 Pro", notes: US_ESIM_ONLY },
      { model: "iPhone 14 Plus", notes: US_ESIM_ONLY },
      { model: "iPhone 14", notes: US_ESIM_ONLY },
      { model: "iPhone SE", edition: { generation: 3, year: 2022 } },
      { model: "iPhone 13 Pro Max" },
      { model: "iPhone 13 Pro" },
      { model: "iPhone 13" },
      { model: "iPhone 13 mini" },
      { model: "iPhone 12 Pro Max" },
      { model: "iPhone 12 Pro" },
      { model: "iPhone 12" },
      { model: "iPhone 12 mini" },
      { model: "iPhone SE", edition: { generation: 2, year: 2020 } },
      { model: "iPhone 11 Pro Max" },
      { model: "iPhone 11 Pro" },
      { model: "iPhone 11" },
      { model: "iPhone XS Max" },
      { model: "iPhone XS" },
      { model: "iPhone XR" },
    ],
  },
  {
    id: "samsung",
    name: "Samsung",
    aliases: ["galaxy", "سامسونج", "سامسونغ", "جالكسي", "غالاكسي"],
    source: "https://www.samsung.com/us/support/",
    brandNotes: ["notMainlandChina"],
    devices: [
      { model: "Galaxy S25 Edge" },
      { model: "Galaxy S25 Ultra" },
      { model: "Galaxy S25+" },
      { model: "Galaxy S25" },
      { model: "Galaxy S24 FE" },
      { model: "Galaxy S24 Ultra" },
      { model: "Galaxy S24+" },
      { model: "Galaxy S24" },
      { model: "Galaxy S23 FE" },
      { model: "Galaxy S23 Ultra" },
      { model: "Galaxy S23+" },
      { model: "Galaxy S23" },
      { model: "Galaxy S22 Ultra" },
      { model: "Galaxy S22+" },
      { model: "Galaxy S22" },
      { model: "Galaxy S21 FE" },
      { model: "Galaxy S21 Ultra" },
      { model: "Galaxy S21+" },
      { model: "Galaxy S21" },
      { model: "Galaxy S20 FE", notes: ["notUsModels"] },
      { model: "Galaxy S20 Ultra", notes: ["notUsModels"] },
      { model: "Galaxy S20+", notes: ["notUsModels"] },
      { model: "Galaxy S20", notes: ["notUsModels"] },
      { model: "Galaxy Note20 Ultra" },
      { model: "Galaxy Note20" },
      { model: "Galaxy Z Fold7" },
      { model: "Galaxy Z Fold6" },
      { model: "Galaxy Z Fold5" },
      { model: "Galaxy Z Fold4" },
      { model: "Galaxy Z Fold3" },
      { model: "Galaxy Z Fold2" },
      { model: "Galaxy Fold" },
      { model: "Galaxy Z Flip7" },
      { model: "Galaxy Z Flip6" },
      { model: "Galaxy Z Flip5" },
      { model: "Galaxy Z Flip4" },
      { model: "Galaxy Z Flip3" },
      { model: "Galaxy Z Flip 5G" },
      { model: "Galaxy Z Flip" },
      { model: "Galaxy A56 5G", notes: ["someRegions"] },
      { model: "Galaxy A55 5G", notes: ["someRegions"] },
      { model: "Galaxy A54 5G", notes: ["someRegions"] },
      { model: "Galaxy A36 5G", notes: ["someRegions"] },
      { model: "Galaxy A35 5G", notes: ["someRegions"] },
      { model: "Galaxy A34 5G", notes: ["someRegions"] },
    ],
  },
  {
    id: "google",
    name: "Google",
    aliases: ["pixel", "بكسل", "بيكسل", "جوجل", "غوغل"],
    source: "https://support.google.com/pixelphone/answer/9449293",
    devices: [
      { model: "Pixel 10 Pro Fold" },
      { model: "Pixel 10 Pro XL", notes: US_ESIM_ONLY },
      { model: "Pixel 10 Pro", notes: US_ESIM_ONLY },
      { model: "Pixel 10", notes: US_ESIM_ONLY },
      { model: "Pixel 9a" },
      { model: "Pixel 9 Pro Fold" },
      { model: "Pixel 9 Pro XL" },
      { model: "Pixel 9 Pro" },
      { model: "Pixel 9" },
      { model: "Pixel 8a" },
      { model: "Pixel 8 Pro" },
      { model: "Pixel 8" },
      { model: "Pixel Fold" },
      { model: "Pixel 7a" },
      { model: "Pixel 7 Pro" },
      { model: "Pixel 7" },
      { model: "Pixel 6a" },
      { model: "Pixel 6 Pro" },
      { model: "Pixel 6" },
      { model: "Pixel 5a 5G" },
      { model: "Pixel 5" },
      { model: "Pixel 4a 5G" },
      { model: "Pixel 4a" },
      { model: "Pixel 4 XL" },
      { model: "Pixel 4" },
      { model: "Pixel 3a XL", notes: ["pixel3aRegions"] },
      { model: "Pixel 3a", notes: ["pixel3aRegions"] },
      { model: "Pixel 3 XL", notes: ["pixel3Regions"] },
      { model: "Pixel 3", notes: ["pixel3Regions"] },
    ],
  },
  {
    id: "xiaomi",
    name: "Xiaomi",
    aliases: ["redmi", "mi", "شاومي", "شياومي", "ريدمي"],
    source: "https://www.mi.com/global/support/",
    brandNotes: ["globalModelOnly"],
    devices: [
      { model: "Xiaomi 15 Ultra" },
      { model: "Xiaomi 15" },
      { model: "Xiaomi 14T Pro" },
      { model: "Xiaomi 14T" },
      { model: "Xiaomi 14 Ultra" },
      { model: "Xiaomi 14" },
      { model: "Xiaomi 13T Pro" },
      { model: "Xiaomi 13T" },
      { model: "Xiaomi 13 Pro" },
      { model: "Xiaomi 13 Lite" },
      { model: "Xiaomi 13" },
      { model: "Xiaomi 12T Pro" },
      { model: "Redmi Note 14 Pro+ 5G", notes: ["someRegions"] },
      { model: "Redmi Note 13 Pro+ 5G", notes: ["someRegions"] },
    ],
  },
  {
    id: "huawei",
    name: "Huawei",
    aliases: ["هواوي", "هواوى"],
    source: "https://consumer.huawei.com/en/support/",
    devices: [{ model: "Mate 40 Pro" }, { model: "P40 Pro", notes: ["notP40ProPlus"] }, { model: "P40" }],
  },
  {
    id: "oppo",
    name: "Oppo",
    aliases: ["اوبو", "أوبو"],
    source: "https://support.oppo.com/en/",
    brandNotes: ["globalModelOnly"],
    devices: [
      { model: "Find X8 Pro" },
      { model: "Find X8" },
      { model: "Find N2 Flip" },
      { model: "Find X5 Pro" },
      { model: "Find X5" },
      { model: "Find X3 Pro" },
      { model: "Reno5 A", notes: ["japanModel"] },
    ],
  },
  {
    id: "motorola",
    name: "Motorola",
    aliases: ["moto", "razr", "موتورولا"],
    source: "https://en-us.support.motorola.com/",
    devices: [
      { model: "razr 50 ultra" },
      { model: "razr 50" },
      { model: "razr 40 ultra" },
      { model: "razr 40" },
      { model: "razr 5G", edition: { year: 2020 } },
      { model: "razr", edition: { year: 2019 } },
      { model: "edge 50 ultra" },
      { model: "edge 50 pro" },
      { model: "edge 40 pro" },
      { model: "edge 40" },
    ],
  },
  {
    id: "oneplus",
    name: "OnePlus",
    aliases: ["one plus", "ون بلس", "وان بلس"],
    source: "https://www.oneplus.com/global/support",
    devices: [
      { model: "OnePlus 13", notes: ["someRegions"] },
      { model: "OnePlus 12", notes: ["someRegions"] },
      { model: "OnePlus Open" },
      { model: "OnePlus 11", notes: ["someRegions"] },
    ],
  },
  {
    id: "sony",
    name: "Sony",
    aliases: ["xperia", "سوني"],
    source: "https://www.sony.com/electronics/support",
    devices: [
      { model: "Xperia 1 VI" },
      { model: "Xperia 10 VI" },
      { model: "Xperia 1 V" },
      { model: "Xperia 5 V" },
      { model: "Xperia 10 V" },
      { model: "Xperia 1 IV" },
      { model: "Xperia 5 IV" },
      { model: "Xperia 10 IV" },
      { model: "Xperia 10 III Lite" },
      { model: "Xperia Ace III", notes: ["japanModel"] },
    ],
  },
  {
    id: "nokia",
    name: "Nokia",
    aliases: ["hmd", "نوكيا"],
    source: "https://www.hmd.com/en_int/support/topics/esim",
    devices: [{ model: "Nokia XR21" }, { model: "Nokia X30 5G" }, { model: "Nokia G60 5G" }],
  },
  {
    id: "honor",
    name: "Honor",
    aliases: ["هونر", "أونر", "اونر"],
    source: "https://www.honor.com/global/support/",
    brandNotes: ["globalModelOnly"],
    devices: [
      { model: "Magic7 Pro" },
      { model: "Magic V3" },
      { model: "Magic6 Pro" },
      { model: "Magic V2" },
      { model: "Magic5 Pro" },
      { model: "Magic4 Pro" },
    ],
  },
  {
    id: "fairphone",
    name: "Fairphone",
    aliases: ["فيرفون"],
    source: "https://support.fairphone.com/",
    devices: [{ model: "Fairphone 5" }, { model: "Fairphone 4" }],
  },
];
