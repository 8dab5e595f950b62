/** A question and its answer, shown on the page and in the FAQPage JSON-LD. */
export interface FaqEntry {
  question: string;
  answer: string;
}

/**
 * Every word of the public pages in one language. Values are plain text: the templates escape them. Amounts
 * arrive already formatted (numbers en-US style, "64 DA", "$0.5"), so a language only places them.
 */
export interface StorefrontTexts {
  siteName: string;
  skipToContent: string;
  languageNav: string;
  signIn: string;
  breadcrumbLabel: string;
  breadcrumbHome: string;
  footerDataOnly: string;
  landing: {
    title: string;
    description: string;
    keywords: string;
    heading: string;
    intro: string;
    destinationCount: (countText: string) => string;
    lowestPrice: (price: string) => string;
    searchHeading: string;
    searchLabel: string;
    searchPlaceholder: string;
    searchButton: string;
    searchResults: (count: number, query: string) => string;
    searchNone: (query: string) => string;
    popularHeading: string;
    regionsHeading: string;
    allHeading: string;
    from: (price: string) => string;
    countries: (count: number) => string;
    howHeading: string;
    steps: { title: string; text: string }[];
    compatibilityHeading: string;
    compatibilityText: string;
    compatibilityLink: string;
    trustHeading: string;
    trustCards: string;
    trustSupport: string;
    trustRefund: string;
  };
  destination: {
    title: (name: string, price: string) => string;
    description: (name: string, price: string, planCount: number) => string;
    keywords: (name: string) => string;
    heading: (name: string) => string;
    intro: (name: string) => string;
    durationLabel: string;
    allDurations: string;
    currencyLabel: string;
    currencyDzd: string;
    currencyUsd: string;
    usdEstimate: string;
    plansHeading: string;
    noPlans: string;
    validity: (text: string) => string;
    pricePerGb: (price: string) => string;
    compareAt: string;
    bestValue: string;
    bestValueRule: string;
    topUpYes: string;
    topUpNo: string;
    hotspotYes: string;
    hotspotNo: string;
    fairUse: (highSpeed: string, slowSpeed: string) => string;
    speedKbps: (value: string) => string;
    speedMbps: (value: string) => string;
    fairUseGeneric: string;
    choose: string;
    chooseHint: string;
    coverageHeading: (count: number) => string;
    networksLabel: string;
    regionalHeading: string;
    regionalSuggestion: (input: {
      region: string;
      plan: string;
      regionPrice: string;
      otherCountry: string;
      twoCountriesPrice: string;
    }) => string;
    regionalLink: (region: string) => string;
    faqHeading: string;
    /** `validity`: when the plans' days start, from their kinds (storefront-texts.ts `validityFaqAnswer`). */
    faq: (name: string, validity: string) => FaqEntry[];
    /** Before the two kinds' sentences, when the destination sells both. */
    validityDepends: string;
  };
  notFound: {
    title: string;
    heading: string;
    text: string;
    back: string;
  };
  /** The page answered (503) when the catalogue cannot be read, e.g. PostgreSQL unreachable before the first load. */
  unavailable: {
    title: string;
    heading: string;
    text: string;
    retry: string;
    /** The footer's line, without the catalogue's numbers. */
    footerLine: string;
  };
}
