import type { StorefrontTexts } from "./text-types.ts";

const days = (count: number) => `${count} ${count === 1 ? "day" : "days"}`;

export const EN_TEXTS: StorefrontTexts = {
  siteName: "eSIM Store",
  skipToContent: "Skip to content",
  languageNav: "Language",
  signIn: "Sign in",
  breadcrumbLabel: "Breadcrumb",
  breadcrumbHome: "eSIM",
  footerDataOnly: "Data-only eSIM plans: no calls or SMS.",
  landing: {
    title: "Travel eSIM data plans – eSIM Store",
    description:
      "Compare prepaid eSIM data plans for over 200 destinations, pay with your CIB or EDAHABIA card and get online in minutes.",
    keywords: "eSIM, travel, data plan, internet abroad, Algeria, roaming, CIB card, EDAHABIA",
    heading: "Internet wherever you travel, with an eSIM",
    intro: "Pick your destination, compare plans and pay in dinars with your Algerian card.",
    destinationCount: (countText) => `${countText} destinations`,
    lowestPrice: (price) => `Plans from ${price}`,
    searchHeading: "Find your destination",
    searchLabel: "Country or region",
    searchPlaceholder: "e.g. Turkey, Europe",
    searchButton: "Search",
    searchResults: (count, query) => `${count} ${count === 1 ? "destination" : "destinations"} found for “${query}”`,
    searchNone: (query) => `No destination matches “${query}”.`,
    popularHeading: "Popular destinations",
    regionsHeading: "Regions",
    allHeading: "All destinations",
    from: (price) => `from ${price}`,
    countries: (count) => `${count} ${count === 1 ? "country" : "countries"}`,
    howHeading: "How it works",
    steps: [
      { title: "Buy", text: "Choose a plan and pay online with your Algerian card." },
      { title: "Scan", text: "Install the eSIM by scanning its QR code, before or during your trip." },
      { title: "Travel", text: "Turn on data when you land: you are online without swapping SIM cards." },
    ],
    compatibilityHeading: "Is your phone compatible?",
    compatibilityText: "eSIMs work on eSIM-capable iPhones (iOS 12.1 or later) and Android phones (9.0 or later).",
    compatibilityLink: "Check compatibility",
    trustHeading: "Buy with confidence",
    trustCards: "Secure payment in dinars with your Algerian CIB or EDAHABIA card.",
    trustSupport: "Support 24/7.",
    trustRefund:
      "Refund within 7 days if the service fails for technical reasons; an eSIM never installed can be cancelled within 24 hours of purchase.",
  },
  destination: {
    title: (name, price) => `${name} eSIM: data plans from ${price} – eSIM Store`,
    description: (name, price, planCount) =>
      `${name} eSIM: ${planCount} data plans from ${price}. Compare data, days and price per GB, pay with your CIB or EDAHABIA card.`,
    keywords: (name) => `${name} eSIM, ${name} data plan, ${name} internet, travel, roaming, Algeria`,
    heading: (name) => `${name} eSIM`,
    intro: (name) => `${name} eSIM: prepaid data plans, installed in minutes.`,
    durationLabel: "Duration",
    allDurations: "All",
    currencyLabel: "Currency",
    currencyDzd: "Dinar (DA)",
    currencyUsd: "Dollar ($)",
    usdEstimate: "Dollar amounts are an estimate at today’s rate. You pay in Algerian dinars, at the DA price.",
    plansHeading: "Plans",
    noPlans: "No plan for this duration. Choose another one.",
    dataMb: (amount) => `${amount} MB`,
    dataGb: (amount) => `${amount} GB`,
    perDay: (data) => `${data} per day`,
    unlimited: "Unlimited",
    days,
    planTitle: (data, validity) => `${data} · ${validity}`,
    validity: (text) => `Validity: ${text}`,
    pricePerGb: (price) => `${price} per GB`,
    compareAt: "instead of",
    bestValue: "Best value",
    bestValueRule: "Best value: the lowest price per GB among the plans shown.",
    topUpYes: "Top-up available",
    topUpNo: "No top-up",
    hotspotYes: "Hotspot allowed",
    hotspotNo: "No hotspot",
    fairUse: (highSpeed, slowSpeed) =>
      `Fair use: high speed up to ${highSpeed} a day, then ${slowSpeed} until the next day.`,
    speedKbps: (value) => `${value} kbps`,
    speedMbps: (value) => `${value} Mbps`,
    fairUseGeneric: "Fair use: speed may be reduced after heavy use.",
    choose: "Choose this plan",
    chooseHint: "You sign in or create an account at checkout.",
    coverageHeading: (count) => (count > 1 ? `Coverage: ${count} countries` : "Coverage and networks"),
    networksLabel: "Networks",
    regionalHeading: "Visiting several countries?",
    regionalSuggestion: ({ region, plan, regionPrice, otherCountry, twoCountriesPrice }) =>
      `The ${region} plan ${plan} costs ${regionPrice}, less than two country plans (for example here and ${otherCountry}: ${twoCountriesPrice}).`,
    regionalLink: (region) => `See ${region} plans`,
    faqHeading: "Frequently asked questions",
    faq: (name) => [
      {
        question: `How does the ${name} eSIM work?`,
        answer:
          "An eSIM is a digital SIM card: you install it by scanning a QR code, with no physical card. Your usual number stays in your phone.",
      },
      {
        question: "When does the validity start?",
        answer:
          "Validity starts when the eSIM first connects to a network at your destination, not at purchase. Install it before you leave and turn on data when you land.",
      },
      {
        question: "Can I make calls or send SMS?",
        answer: "No: these are data-only plans. Use WhatsApp or another app to call.",
      },
      {
        question: "Can I top up my plan?",
        answer: "Yes for plans marked “Top-up available”: you add data to the same eSIM from your account.",
      },
      {
        question: "What if the eSIM does not work?",
        answer:
          "Our support answers 24/7. If the service fails for technical reasons you are refunded within 7 days; an eSIM never installed can be cancelled within 24 hours.",
      },
    ],
  },
  notFound: {
    title: "Page not found – eSIM Store",
    heading: "We could not find this destination",
    text: "It does not exist or has no plan on sale any more.",
    back: "See all destinations",
  },
};
