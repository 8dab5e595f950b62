import type { Plan } from "@esim/shared/catalog/contracts";
import { pickBestValue } from "@esim/shared/catalog/plan-value";
import { I18nProvider } from "@lingui/react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { type AnchorProps, LinkProvider } from "../components/link.tsx";
import { serverI18n } from "../server-i18n.ts";
import { DestinationMain } from "../storefront/destination.tsx";
import { renderStorefrontPage } from "../storefront/render.tsx";
import { cartHref } from "./cart-link.tsx";
import { PlanCard } from "./plan-card.tsx";

const base: Plan = {
  id: "one-gb",
  name: "Turkey 1GB 7Days",
  dataMb: 1024,
  isUnlimited: false,
  dataType: 1,
  validityDays: 7,
  validityStart: "installation",
  coverage: ["TR"],
  networks: [{ country: "TR", operator: "Turkcell", networkType: "4G" }],
  supportsTopUp: true,
  isHotspotAllowed: true,
  fairUsePolicy: null,
  speed: null,
  price: { DZD: 64_000, USD: 470 },
  compareAtPrice: null,
};
const PLANS: Plan[] = [
  base,
  { ...base, id: "five-gb", dataMb: 5120, price: { DZD: 149_000, USD: 1100 } },
  {
    ...base,
    id: "unlimited",
    dataMb: null,
    isUnlimited: true,
    dataType: 4,
    validityDays: 30,
    fairUsePolicy: "2GB/day then 512kbps",
    price: { DZD: 590_000, USD: 4300 },
  },
];

/** Each card's text (tags dropped, isolates kept), by plan id. */
function cardTexts(html: string): Map<string, string> {
  return new Map(
    [...html.matchAll(/<article [^>]*data-plan-id="([^"]+)">([\s\S]*?)<\/article>/g)].map(([, id, card]) => [
      id ?? "",
      (card ?? "").replace(/<[^>]+>/g, " ").replace(/\s+/g, " "),
    ]),
  );
}

/** The app's router link, as its root layout passes it: a different anchor, the same card. */
function RouterAnchor(props: AnchorProps) {
  return <a data-router-link="" {...props} />;
}

describe("the plan card", () => {
  it("says the same price per GB, best value and fair use in the app and on the public page", () => {
    const bestValueId = pickBestValue(PLANS);
    const app = renderToStaticMarkup(
      <I18nProvider i18n={serverI18n("fr")}>
        <LinkProvider component={RouterAnchor}>
          {PLANS.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              currency="DZD"
              isBestValue={plan.id === bestValueId}
              cartHref={cartHref({ planId: plan.id, destinationCode: "TR" })}
            />
          ))}
        </LinkProvider>
      </I18nProvider>,
    );
    const head = {
      title: "t",
      description: "d",
      keywords: "k",
      paths: { fr: "/fr/esim/turkey", en: "/en/esim/turkey", ar: "/ar/esim/turkey" },
      publicUrl: "https://shop.example.dz",
      isIndexable: true,
      structuredData: [],
      keptSearch: "",
      homeHref: "/fr/esim",
    };
    const summary = {
      code: "TR",
      type: "country" as const,
      names: { fr: "Turquie", en: "Turkey", ar: "تركيا" },
      memberCountries: ["TR"],
      fromPrice: { DZD: 64_000, USD: 470 },
      planCount: 3,
      isPopular: true,
    };
    const publicPage = renderStorefrontPage(
      "fr",
      { head, css: "", figures: null, year: 2026 },
      createElement(DestinationMain, {
        view: {
          destination: { summary, href: "/fr/esim/turkey" },
          plans: PLANS,
          availableDays: [7, 30],
          days: null,
          currency: "DZD",
          bestValueId,
          suggestion: null,
          coverage: [],
          faq: [],
          promo: null,
          landingHref: "/fr/esim",
          filterHref: () => "/fr/esim/turkey",
        },
      }),
    );
    const inApp = cardTexts(app);
    const onPage = cardTexts(publicPage);
    expect(bestValueId).toBe("five-gb");
    for (const plan of PLANS) expect(inApp.get(plan.id), plan.id).toBe(onPage.get(plan.id));
    expect(inApp.get("five-gb")).toContain("Meilleur rapport qualité-prix");
    expect(inApp.get("five-gb")).toContain("\u2068298 DA\u2069 par Go");
    expect(inApp.get("one-gb")).toContain("\u2068640 DA\u2069 par Go");
    expect(inApp.get("one-gb")).not.toContain("Meilleur rapport");
    expect(inApp.get("unlimited")).toContain(
      "Utilisation raisonnable : haut débit jusqu’à 2 Go par jour, puis 512 kbit/s jusqu’au lendemain.",
    );
    expect(app).toContain('data-router-link="" href="/cart?plan=five-gb&amp;destination=TR"');
  });
});
