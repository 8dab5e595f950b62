import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { listDestinationPlans, type Plan } from "@esim/shared/catalog/contracts";
import { getQuote } from "@esim/shared/checkout/contracts";
import { API_BASE_PATH } from "@esim/shared/http";
import { formatMoney, toMajor } from "@esim/shared/money";
import { faq as helpAr } from "@esim/ui/faq/ar";
import { faq as helpFr } from "@esim/ui/faq/fr";
import { DESTINATION_FAQ_IDS } from "@esim/ui/storefront";
import { XmlDocument, XsdValidator } from "libxml2-wasm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../../app.ts";
import { createAppDeps } from "../../create-deps.ts";
import { connectDatabase } from "../../db/client.ts";
import { createCoupon, createSignedInUser } from "../../test/factories.ts";
import { createTestApp } from "../../test/test-app.ts";
import { syncCatalog } from "../catalog/index.ts";

// A built web app of one stylesheet: the one its build manifest names for index.html is what the public pages inline.
const distDir = mkdtempSync(path.join(tmpdir(), "storefront-dist-"));
mkdirSync(path.join(distDir, ".vite"));
writeFileSync(
  path.join(distDir, ".vite/manifest.json"),
  JSON.stringify({ "index.html": { file: "assets/index-abc123.js", isEntry: true, css: ["assets/index-abc123.css"] } }),
);
mkdirSync(path.join(distDir, "assets"));
writeFileSync(path.join(distDir, "assets/index-abc123.css"), ".bg-brand-800{background-color:#0d4c49}");
const PUBLIC_URL = "https://shop.example.dz";
const testApp = await createTestApp({ config: { WEB_DIST_DIR: distDir, PUBLIC_URL } });
const { app } = testApp;

function get(url: string, headers: Record<string, string> = {}) {
  return app.inject({ method: "GET", url, headers });
}

async function plansOf(code: string): Promise<Plan[]> {
  const response = await get(`${API_BASE_PATH}/destinations/${code}/packages`);
  return listDestinationPlans.response.parse(response.json()).data.plans;
}

/** The plan cards of a page: id, shown price, best-value mark, cart link. */
function planCards(body: string) {
  return [...body.matchAll(/<article [^>]*data-plan-id="([^"]+)">([\s\S]*?)<\/article>/g)].map(([, id, card]) => ({
    id: id ?? "",
    // Amounts are isolated (U+2068 … U+2069) for Arabic sentences; the figures are what counts here.
    price: /data-price="true">([^<]+)</.exec(card ?? "")?.[1]?.replace(/[\u2066-\u2069]/g, ""),
    isBestValue: /Meilleur rapport qualité-prix|Best value|أفضل قيمة/.test(card ?? ""),
    cartHref: /href="(\/cart\?[^"]+)"/.exec(card ?? "")?.[1]?.replaceAll("&amp;", "&"),
  }));
}

function jsonLdOf(body: string): Record<string, unknown>[] {
  return [...body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    ([, json]) => JSON.parse(json ?? "") as Record<string, unknown>,
  );
}

describe("robots.txt", () => {
  it("answers text rules, not the web app: public pages allowed, signed-in routes and the API kept out, the sitemap", async () => {
    const response = await get("/robots.txt");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain/);
    const lines = response.body.split("\n");
    for (const language of ["fr", "en", "ar"]) expect(lines).toContain(`Allow: /${language}/esim`);
    for (const path of ["/api/", "/home", "/cart", "/summary", "/esims", "/details/", "/orders", "/profile"]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).not.toContain("Disallow: /login");
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });
});

describe("while PostgreSQL cannot be reached before the catalogue was ever loaded", () => {
  it("answers a page in the visitor's language saying the shop is briefly unavailable, not the API's JSON", async () => {
    // Port 9 (discard) has no PostgreSQL.
    const unreachable = connectDatabase("postgres://esim:esim@127.0.0.1:9/esim", { max: 1 });
    const offline = await buildApp(createAppDeps(testApp.deps.config, unreachable.db), { logger: false });
    try {
      const response = await offline.inject({ method: "GET", url: "/ar/esim/turkey?days=7" });
      expect(response.statusCode).toBe(503);
      expect(response.headers["content-type"]).toMatch(/^text\/html/);
      expect(response.headers["retry-after"]).toBe("30");
      expect(response.headers["cache-control"]).toBe("no-store");
      expect(response.body).toContain('<html lang="ar-DZ" dir="rtl">');
      expect(response.body).toContain('<h1 class="text-2xl font-bold">المتجر غير متاح مؤقتًا</h1>');
      expect(response.body).toContain('href="/ar/esim/turkey?days=7"');
      expect(response.body).toContain('<meta name="robots" content="noindex');
      const landing = await offline.inject({ method: "GET", url: "/fr/esim" });
      expect(landing.statusCode).toBe(503);
      expect(landing.body).toContain("La boutique est momentanément indisponible");
    } finally {
      await offline.close();
      await unreachable.close();
    }
  });
});

describe("with the simulator's catalogue synced", () => {
  let syncedAt: Date;
  beforeAll(async () => {
    await syncCatalog(testApp.deps);
    syncedAt = testApp.clock.now();
    await vi.waitFor(async () => expect((await get("/fr/esim/turkey")).statusCode).toBe(200), { timeout: 10_000 });
  });

  describe("a destination page", () => {
    it("signs in in the page's language: the header's link carries it, as Choose this plan does", async () => {
      for (const language of ["fr", "en", "ar"] as const) {
        const response = await get(`/${language}/esim/turkey`);
        expect(response.body).toContain(`href="/login?lang=${language}"`);
        expect(response.body).not.toContain('href="/login"');
      }
    });

    it("shows every plan at the packages endpoint's price and the cart's quote, each choosing it in the cart", async () => {
      const plans = await plansOf("TR");
      const response = await get("/fr/esim/turkey");
      expect(response.headers["content-type"]).toMatch(/^text\/html/);
      const cards = planCards(response.body);
      expect(cards.map((card) => card.id)).toEqual(plans.map((plan) => plan.id));
      for (const plan of plans) {
        const card = cards.find((each) => each.id === plan.id);
        expect(card?.price).toBe(formatMoney(plan.price.DZD, "DZD"));
        expect(card?.cartHref).toBe(`/cart?plan=${plan.id}&destination=TR&lang=fr`);
      }
      const { headers } = await createSignedInUser(testApp);
      const quoted = await app.inject({
        method: "POST",
        url: `${API_BASE_PATH}/checkout/quote`,
        headers,
        payload: { packageId: plans[0]?.id, quantity: 1, currency: "DZD" },
      });
      expect(getQuote.response.parse(quoted.json()).data.quote.unitPriceMinor).toBe(plans[0]?.price.DZD);
    });

    it("says on each plan when its days start and when to install it, and the FAQ follows the plans", async () => {
      const plans = await plansOf("TR");
      const atInstall = plans.find((plan) => plan.validityStart === "installation")!;
      const atConnection = plans.find((plan) => plan.validityStart === "first_connection")!;
      const cardOf = (body: string, plan: Plan) =>
        new RegExp(`<article [^>]*data-plan-id="${plan.id}">([\\s\\S]*?)</article>`).exec(body)?.[1] ?? "";

      const french = (await get("/fr/esim/turkey")).body;
      expect(cardOf(french, atInstall)).toContain(
        "La validité démarre à l’installation de l’eSIM : installez-la le jour du départ.",
      );
      expect(cardOf(french, atInstall)).not.toContain("première connexion");
      expect(cardOf(french, atConnection)).toContain(
        "La validité démarre à la première connexion de l’eSIM à un réseau de votre destination : installez-la avant de partir.",
      );
      const arabic = (await get("/ar/esim/turkey")).body;
      expect(cardOf(arabic, atInstall)).toContain("تبدأ الصلاحية عند تثبيت الشريحة: ثبّتها يوم سفرك.");
      expect(cardOf(arabic, atConnection)).toContain("ثبّتها قبل سفرك.");

      // Türkiye sells both kinds: the FAQ says it depends on the plan, in the page and in its JSON-LD.
      const faq = jsonLdOf(french)[2]?.mainEntity as { name: string; acceptedAnswer: { text: string } }[];
      const answer = faq.find((entry) => entry.name === "Quand la validité commence-t-elle ?")?.acceptedAnswer.text;
      expect(answer).toMatch(/^Cela dépend du forfait/);
      expect(french).toContain(answer);
    });

    it("asks the help centre's questions in the help centre's words, on the page and in its JSON-LD", async () => {
      for (const [language, helpCentre] of [
        ["fr", helpFr],
        ["ar", helpAr],
      ] as const) {
        const page = (await get(`/${language}/esim/turkey`)).body;
        const faq = jsonLdOf(page)[2]?.mainEntity as { name: string; acceptedAnswer: { text: string } }[];
        const calls = helpCentre
          .flatMap((category) => category.entries)
          .find((entry) => entry.id === "activation-calls")!;
        const shown = faq.find((entry) => entry.name === calls.question);
        expect(shown?.acceptedAnswer.text).toBe(calls.answer.join(" "));
        expect(page).toContain(calls.question);
      }
    });

    it("is an Arabic right-to-left document with one h1 at /ar/esim/turkey", async () => {
      const { body, statusCode } = await get("/ar/esim/turkey");
      expect(statusCode).toBe(200);
      expect(body).toContain('<html lang="ar-DZ" dir="rtl">');
      expect(body.match(/<h1[ >]/g)).toHaveLength(1);
      expect(body).toContain("اختيار هذه الباقة");
      expect(body).toContain('<main id="main-content"');
    });

    it("filters by duration with ?days=N and keeps every duration as a link", async () => {
      const plans = await plansOf("TR");
      const days = plans.find((plan) => plan.validityDays === 7)?.validityDays ?? plans[0]!.validityDays;
      const { body } = await get(`/fr/esim/turkey?days=${days}`);
      const cards = planCards(body);
      expect(cards.map((card) => card.id)).toEqual(
        plans.filter((plan) => plan.validityDays === days).map((plan) => plan.id),
      );
      expect(body).toMatch(new RegExp(`href="/fr/esim/turkey\\?days=${days}" aria-current="page"`));
      for (const other of new Set(plans.map((plan) => plan.validityDays))) {
        expect(body).toContain(`href="/fr/esim/turkey?days=${other}"`);
      }
    });

    it("shows USD estimates with ?currency=USD, labelled as such, with the DA amount charged", async () => {
      const plans = await plansOf("TR");
      const { body } = await get("/en/esim/turkey?currency=USD");
      const cards = planCards(body);
      for (const plan of plans) {
        expect(cards.find((card) => card.id === plan.id)?.price).toBe(`≈ ${formatMoney(plan.price.USD, "USD")}`);
      }
      expect(body).toContain("Dollar amounts are an estimate");
      expect(body).toContain(formatMoney(plans[0]!.price.DZD, "DZD"));
    });

    it("marks as best value the fixed-data plan with the lowest DZD price per GB, and says the rule", async () => {
      const plans = await plansOf("TR");
      const fixed = plans.filter((plan) => plan.dataType === 1 && !plan.isUnlimited && plan.dataMb);
      const expected = [...fixed].sort(
        (left, right) =>
          left.price.DZD / left.dataMb! - right.price.DZD / right.dataMb! || right.dataMb! - left.dataMb!,
      )[0];
      const { body } = await get("/fr/esim/turkey");
      expect(
        planCards(body)
          .filter((card) => card.isBestValue)
          .map((card) => card.id),
      ).toEqual([expected?.id]);
      expect(body).toContain("le prix par Go le plus bas parmi les forfaits affichés");
    });

    it("carries ?promo= into every cart link, upper-cased", async () => {
      const { body } = await get("/fr/esim/turkey?promo=summer10");
      const cards = planCards(body);
      expect(cards.length).toBeGreaterThan(0);
      for (const card of cards) expect(card.cartHref).toMatch(/&promo=SUMMER10&lang=fr$/);
    });

    it("has a canonical address without filters, hreflang alternates, Open Graph, Twitter and JSON-LD", async () => {
      const plans = await plansOf("TR");
      const { body } = await get("/fr/esim/turkey?days=7&currency=USD");
      expect(body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/fr/esim/turkey"/>`);
      expect(body).toContain(`<link rel="alternate" hrefLang="fr-DZ" href="${PUBLIC_URL}/fr/esim/turkey"/>`);
      expect(body).toContain(`<link rel="alternate" hrefLang="en-US" href="${PUBLIC_URL}/en/esim/turkey"/>`);
      expect(body).toContain(`<link rel="alternate" hrefLang="ar-DZ" href="${PUBLIC_URL}/ar/esim/turkey"/>`);
      expect(body).toContain(`<link rel="alternate" hrefLang="x-default" href="${PUBLIC_URL}/fr/esim/turkey"/>`);
      expect(body).toMatch(/<meta property="og:title" content="eSIM Turquie[^"]*"\/>/);
      expect(body).toContain(`<meta property="og:url" content="${PUBLIC_URL}/fr/esim/turkey"/>`);
      expect(body).toContain('<meta name="twitter:card" content="summary"/>');
      expect(body).toMatch(/<meta name="description" content="[^"]+"\/>/);
      expect(body).toMatch(/<meta name="keywords" content="[^"]*eSIM Turquie[^"]*"\/>/);
      expect(body).toContain("<style>.bg-brand-800{background-color:#0d4c49}</style>");

      const data = jsonLdOf(body);
      expect(data.map((item) => item["@type"])).toEqual(["Product", "BreadcrumbList", "FAQPage"]);
      const offers = data[0]?.offers as { price: string; priceCurrency: string; sku: string }[];
      expect(offers.map((offer) => offer.sku)).toEqual(plans.map((plan) => plan.id));
      for (const [index, offer] of offers.entries()) {
        expect(offer).toMatchObject({ priceCurrency: "DZD", price: String(toMajor(plans[index]!.price.DZD)) });
      }
      // Two questions about the destination and its plans, then the help centre's chosen entries.
      expect(data[2]?.mainEntity).toHaveLength(2 + DESTINATION_FAQ_IDS.length);
    });

    it("is compressed for a client that takes brotli or gzip", async () => {
      const plain = await get("/en/esim/turkey");
      const brotli = await app.inject({
        method: "GET",
        url: "/en/esim/turkey",
        headers: { "accept-encoding": "gzip, br" },
      });
      expect(brotli.headers["content-encoding"]).toBe("br");
      expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
      const gzip = await app.inject({ method: "GET", url: "/en/esim/turkey", headers: { "accept-encoding": "gzip" } });
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
      expect(gzip.headers.vary).toBe("accept-encoding");
    });

    it("answers 304 to a revalidation with its ETag, and keeps the security headers", async () => {
      const first = await get("/en/esim/turkey");
      expect(first.headers["cache-control"]).toBe("public, max-age=300");
      expect(first.headers["content-security-policy"]).toContain("script-src 'self'");
      const again = await get("/en/esim/turkey", { "if-none-match": String(first.headers.etag) });
      expect(again.statusCode).toBe(304);
    });

    it("sends an ISO code to the slug with a permanent redirect, keeping the filters", async () => {
      const response = await get("/fr/esim/tr?currency=USD");
      expect(response.statusCode).toBe(301);
      expect(response.headers.location).toBe("/fr/esim/turkey?currency=USD");
    });

    it("sends an address with a trailing slash to the one without", async () => {
      const response = await get("/en/esim/turkey/");
      expect(response.statusCode).toBe(301);
      expect(response.headers.location).toBe("/en/esim/turkey");
      expect((await get("/en/esim/turkey/?promo=SUMMER10")).headers.location).toBe("/en/esim/turkey?promo=SUMMER10");
    });

    it("answers an unknown destination with a 404 page in the page's language", async () => {
      const response = await get("/ar/esim/atlantis");
      expect(response.statusCode).toBe(404);
      expect(response.headers["content-type"]).toMatch(/^text\/html/);
      expect(response.body).toContain('<html lang="ar-DZ" dir="rtl">');
      expect(response.body).toContain("لم نجد هذه الوجهة");
      expect(response.body).toContain('<meta name="robots" content="noindex"/>');
    });

    it("lists a region's countries in the reader's language, sorted by its collation", async () => {
      const { body } = await get("/fr/esim/europe");
      const names = [...body.matchAll(/<li><span class="font-semibold">([^<]+)<\/span>/g)].map(
        ([, name]) => name ?? "",
      );
      expect(names.length).toBeGreaterThan(10);
      expect(names).toEqual([...names].sort(new Intl.Collator("fr").compare));
      expect(names).toContain("Allemagne");
    });

    it("suggests a regional plan on a country page only when it is cheaper than two country plans", async () => {
      const { body } = await get("/en/esim/france");
      const suggestion = /<aside aria-labelledby="regional"[\s\S]*?<\/aside>/.exec(body)?.[0] ?? "";
      expect(suggestion).toContain('href="/en/esim/europe"');
      const prices = [...suggestion.matchAll(/(\d[\d,.]*) DA/g)].map(([, amount]) =>
        Number(amount?.replaceAll(",", "")),
      );
      expect(prices).toHaveLength(2);
      expect(prices[0]).toBeLessThan(prices[1]!);
      expect((await get("/en/esim/europe")).body).not.toContain('aria-labelledby="regional"');
    });

    it("gives the app's plans answer the suggestion the public page shows", async () => {
      const { body } = await get("/en/esim/france");
      const page = /<aside aria-labelledby="regional"[\s\S]*?<\/aside>/.exec(body)?.[0] ?? "";
      const answer = listDestinationPlans.response.parse(
        (await get(`${API_BASE_PATH}/destinations/FR/packages`)).json(),
      );
      const suggestion = answer.data.regionalSuggestion;
      expect(suggestion?.region.code).toBe("europe");
      expect(page).toContain(formatMoney(suggestion!.regionPlan.price.DZD, "DZD"));
      expect(page).toContain(formatMoney(suggestion!.twoCountriesPrice.DZD, "DZD"));
      expect(page).toContain(suggestion!.otherCountry.names.en);
      const region = listDestinationPlans.response.parse(
        (await get(`${API_BASE_PATH}/destinations/europe/packages`)).json(),
      );
      expect(region.data.regionalSuggestion).toBeNull();
    });
  });

  describe("the landing page", () => {
    it("shows the marketing lines, popular destinations, regions, how it works and trust", async () => {
      const { body, statusCode } = await get("/fr/esim");
      expect(statusCode).toBe(200);
      // A count has no letter to give it a direction: isolated left to right (U+2066), else Arabic shows "+200".
      expect(body).toMatch(/\u2066\d+0\+\u2069 destinations/);
      expect((await get("/ar/esim")).body).toMatch(/\u2066\d+0\+\u2069 وجهة/);
      expect(body).toMatch(/Forfaits de données dès \u2068[\d,.]+ DA\u2069/);
      expect(body).toContain('href="/fr/esim/turkey"');
      expect(body).toContain('href="/fr/esim/europe"');
      expect(body).toContain("CIB");
      expect(body).toContain('href="/compatibility"');
      expect(body).toMatch(/<search><form [^>]*action="\/fr\/esim" method="get"/);
      const all = /<section aria-labelledby="all"[\s\S]*?<\/section>/.exec(body)?.[0] ?? "";
      const names = [...all.matchAll(/>([^<>]+)<\/a>/g)].map(([, name]) => name ?? "");
      expect(names.length).toBeGreaterThan(150);
      expect(names).toEqual([...names].sort(new Intl.Collator("fr").compare));
    });

    it("searches server-side in every language with ?q=", async () => {
      const arabic = await get(`/en/esim?q=${encodeURIComponent("أوروبا")}`);
      expect(arabic.body).toMatch(/found for “أوروبا”[\s\S]*href="\/en\/esim\/europe"/);
      expect(arabic.body).toContain('<meta name="robots" content="noindex"/>');
      const french = await get(`/ar/esim?q=${encodeURIComponent("Turquie")}`);
      expect(french.body).toMatch(/id="results"[\s\S]*href="\/ar\/esim\/turkey"/);
    });

    it("carries ?promo= to the destination links, the search and the other languages", async () => {
      const { body } = await get("/fr/esim?promo=summer10");
      expect(body).toContain('href="/fr/esim/turkey?promo=SUMMER10"');
      expect(body).toContain('<input type="hidden" name="promo" value="SUMMER10"/>');
      expect(body).toContain('href="/ar/esim?promo=SUMMER10"');
      const destination = await get("/fr/esim/turkey?days=7&promo=summer10");
      expect(destination.body).toContain('href="/en/esim/turkey?days=7&amp;promo=SUMMER10"');
      expect(destination.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/fr/esim/turkey"/>`);
    });

    it("promises what the configured support hours allow: help at any hour, a person only in the hours", async () => {
      const trustOf = (body: string) =>
        (/<section aria-labelledby="trust"[\s\S]*?<\/section>/.exec(body)?.[0] ?? "").replace(/<[^>]+>/g, " ");
      const pages = {
        fr: trustOf((await get("/fr/esim")).body),
        en: trustOf((await get("/en/esim")).body),
        ar: trustOf((await get("/ar/esim")).body),
      };
      expect(pages.fr).toContain("un conseiller vous répond tous les jours de 09:00 à 21:00, heure algérienne");
      expect(pages.en).toContain("an adviser answers every day from 09:00 to 21:00, Algerian time");
      expect(pages.ar).toContain("ويردّ عليك مستشار كل يوم من 09:00 إلى 21:00 بتوقيت الجزائر");
      for (const text of Object.values(pages)) {
        expect(text).not.toMatch(/24\s*h\s*\/\s*24|7\s*j\s*\/\s*7|24\/7|على مدار الساعة/);
      }

      // Other hours configured: the same page states them, nothing typed in the catalogue.
      const evenings = await buildApp(
        createAppDeps({ ...testApp.deps.config, SUPPORT_HOURS: { opens: "20:00", closes: "02:00" } }, testApp.db),
        { logger: false },
      );
      try {
        const page = await evenings.inject({ method: "GET", url: "/fr/esim" });
        expect(trustOf(page.body)).toContain("tous les jours de 20:00 à 02:00 le lendemain, heure algérienne");
      } finally {
        await evenings.close();
      }
    });

    it("confirms a ?promo= code's discount on the page, or says it will not be applied", async () => {
      await createCoupon(testApp, { code: "SUMMER10", kind: "percent", percentOff: 10 });
      await createCoupon(testApp, { code: "WELCOME300", kind: "amount", amountOffDzdMinor: 30_000 });
      await createCoupon(testApp, { code: "SPRING", endsAt: new Date(testApp.clock.now().getTime() - 60_000) });
      await createCoupon(testApp, { code: "STOPPED", isBlocked: true });
      const noticeOf = async (url: string) =>
        (/<p data-promo-state="(\w+)"[^>]*>([^<]*)<\/p>/.exec((await get(url)).body) ?? []).slice(1).join(" ");
      expect(await noticeOf("/fr/esim?promo=summer10")).toBe(
        "valid Code \u2066SUMMER10\u2069 : −10 % appliqué au paiement.",
      );
      expect(await noticeOf("/fr/esim/turkey?days=7&promo=SUMMER10")).toBe(
        "valid Code \u2066SUMMER10\u2069 : −10 % appliqué au paiement.",
      );
      expect(await noticeOf("/en/esim?promo=WELCOME300")).toMatch(
        /^valid Code \u2066WELCOME300\u2069: −\u2068300 DA\u2069 applied at checkout\.$/,
      );
      expect(await noticeOf("/ar/esim?promo=SPRING")).toBe("expired انتهت صلاحية الرمز \u2066SPRING\u2069: لن يُطبَّق.");
      expect(await noticeOf("/fr/esim?promo=STOPPED")).toBe(
        "unavailable Le code \u2066STOPPED\u2069 n’est pas valable : il ne sera pas appliqué.",
      );
      expect(await noticeOf("/fr/esim?promo=NOSUCHCODE")).toMatch(/^unavailable Le code/);
      // Without a code, no line.
      expect((await get("/fr/esim")).body).not.toContain("data-promo-state");
    });

    it("escapes what the visitor typed", async () => {
      const { body } = await get(`/fr/esim?q=${encodeURIComponent('"><script>alert(1)</script>')}`);
      expect(body).not.toContain("<script>alert(1)");
      expect(body).toContain("&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
    });
  });

  describe("the legal pages", () => {
    it("publishes the terms of sale, privacy policy and legal notice in each language, indexed, naming the seller", async () => {
      for (const [url, lang, title] of [
        ["/fr/terms", "fr-DZ", "Conditions générales de vente"],
        ["/en/privacy", "en-US", "Privacy policy"],
        ["/ar/legal-notice", "ar-DZ", "الإشعار القانوني"],
      ] as const) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(200);
        expect(response.headers["content-type"]).toMatch(/^text\/html/);
        expect(response.body).toContain(`<html lang="${lang}"`);
        expect(response.body).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
        expect(response.body).not.toContain('name="robots"');
        expect(response.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}${url}"/>`);
        expect(response.body).toContain(`hrefLang="x-default" href="${PUBLIC_URL}/fr/${url.split("/")[2]}"`);
        // The seller the invoices name (the configuration's identity until one is stored).
        expect(response.body).toContain(testApp.deps.config.SELLER_NAME);
      }
      // The legal notice's contact line gives support's WhatsApp number, the one the app's buttons open.
      expect((await get("/fr/legal-notice")).body).toContain("téléphone +213 555 12 34 56");

      expect((await get("/fr/terms")).body).toContain("24 heures");
    });

    it("is linked from the footer of every public page, in the page's language", async () => {
      for (const url of ["/ar/esim", "/ar/esim/turkey", "/ar/esim/nowhere", "/ar/terms"]) {
        const footer = /<footer[\s\S]*?<\/footer>/.exec((await get(url)).body)?.[0] ?? "";
        expect(footer, url).toContain('href="/ar/terms"');
        expect(footer, url).toContain('href="/ar/privacy"');
        expect(footer, url).toContain('href="/ar/legal-notice"');
        expect(footer, url).toContain("شروط البيع");
      }
    });
  });

  describe("sitemap.xml", () => {
    it("validates against the sitemaps.org 0.9 schema and lists every destination in every language, lastmod the sync", async () => {
      const response = await get("/sitemap.xml");
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toMatch(/^application\/xml/);

      const schema = XmlDocument.fromString(readFileSync(new URL("./sitemap-0.9.xsd", import.meta.url), "utf8"));
      const validator = XsdValidator.fromDoc(schema);
      const sitemap = XmlDocument.fromString(response.body);
      try {
        expect(() => validator.validate(sitemap)).not.toThrow();
      } finally {
        sitemap.dispose();
        validator.dispose();
        schema.dispose();
      }

      const destinations = (await get(`${API_BASE_PATH}/destinations`)).json().data as unknown[];
      const locs = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => loc);
      // Per language: the landing page, each destination, the three legal pages.
      expect(locs).toHaveLength(3 * (destinations.length + 1 + 3));
      expect(new Set(locs).size).toBe(locs.length);
      for (const language of ["fr", "en", "ar"]) {
        expect(locs).toContain(`${PUBLIC_URL}/${language}/esim`);
        expect(locs).toContain(`${PUBLIC_URL}/${language}/esim/turkey`);
        expect(locs).toContain(`${PUBLIC_URL}/${language}/esim/europe`);
        expect(locs).toContain(`${PUBLIC_URL}/${language}/terms`);
        expect(locs).toContain(`${PUBLIC_URL}/${language}/privacy`);
        expect(locs).toContain(`${PUBLIC_URL}/${language}/legal-notice`);
      }
      expect(response.body).toContain(`<lastmod>${syncedAt.toISOString()}</lastmod>`);
    });
  });
});
