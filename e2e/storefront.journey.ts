import type { Page } from "@playwright/test";
import { consoleCli, expect, test, uniqueCouponCode, uniqueEmail } from "./fixtures.ts";
import { text } from "./i18n.ts";

/** The plan cards of a public page as a visitor reads them: id, title and the price shown. */
async function readPlanCards(page: Page) {
  return page.locator("article[data-plan-id]").evaluateAll((articles) =>
    articles.map((article) => ({
      id: article.getAttribute("data-plan-id") ?? "",
      title: article.getAttribute("aria-label") ?? "",
      // Amounts are isolated (U+2068 … U+2069) for Arabic sentences; the figures are what counts here.
      price: (article.querySelector("[data-price]")?.textContent ?? "").replace(/[\u2066-\u2069]/g, ""),
      isBestValue: article.classList.contains("ring-2"),
    })),
  );
}

test("a visitor in Arabic with a promo link compares Turkey plans in USD, picks the best value, signs in and finds it in the cart with the promo", async ({
  page,
  request,
  readCode,
  shootWidths,
}) => {
  const email = uniqueEmail("turkey-ar");
  const promo = uniqueCouponCode("VOYAGE");
  consoleCli("coupon:create", promo, "--percent", "10");
  await request.post("/api/v1/app/auth/register", {
    data: { name: "Yacine Haddad", email, country: "DZ", language: "ar" },
  });
  await page.setViewportSize({ width: 390, height: 844 });

  await page.goto(`/ar/esim/turkey?promo=${promo.toLowerCase()}`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("eSIM تركيا");
  await shootWidths(page, "storefront-turkey-ar");

  await page.getByRole("link", { name: "الدولار ($)" }).click();
  await expect(page).toHaveURL(new RegExp(`/ar/esim/turkey\\?currency=USD&promo=${promo}$`));
  await expect(page.getByText("المبالغ بالدولار تقديرية")).toBeVisible();
  const cards = await readPlanCards(page);
  const best = cards.find((card) => card.isBestValue);
  expect(best, "one plan is marked best value").toBeDefined();
  expect(best?.price).toMatch(/^≈ \$[\d.,]+$/);

  const bestCard = page.locator(`article[data-plan-id="${best?.id}"]`);
  await expect(bestCard.getByText("أفضل قيمة")).toBeVisible();
  await bestCard.getByRole("link", { name: text("ar", "plan.choose") }).click();

  // Signed out: the app asks for sign-in, in Arabic, with the cart as the way back.
  await expect(page).toHaveURL(/\/login\?redirect=/);
  expect(decodeURIComponent(page.url())).toContain(`/cart?plan=${best?.id}&destination=TR`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await page.getByLabel(text("ar", "auth.email.label")).fill(email);
  await page.getByRole("button", { name: text("ar", "auth.email.submit") }).click();
  await page.getByRole("textbox", { name: text("ar", "codeInput.digit", { position: "1", total: "6" }) }).click();
  await page.keyboard.type(await readCode(email));

  // The cart may write the promo it applies into its address: the promo itself is checked on screen below.
  await expect(page).toHaveURL(new RegExp(`/cart\\?plan=${best?.id}&destination=TR(&coupon=${promo})?$`));
  await expect(page.getByText("تركيا").first()).toBeVisible();
  const plans = (await (await request.get("/api/v1/app/destinations/TR/packages")).json()).data.plans as {
    id: string;
    price: { DZD: number };
  }[];
  const chosen = plans.find((plan) => plan.id === best?.id);
  const priceDzd = `${(chosen!.price.DZD / 100).toLocaleString("en-US")} DA`;
  await expect(page.getByText(priceDzd).first()).toBeVisible();
  await expect(page.getByText(text("ar", "cart.couponDiscount"))).toBeVisible();
  await expect(page.getByText(`(${promo})`)).toBeVisible();
  await expect(page.getByRole("button", { name: text("ar", "cart.continue") })).toBeVisible();
  await shootWidths(page, "storefront-cart-ar");
});

test("a French visitor opens /fr/esim/europe from the sitemap and sees the cart's prices", async ({
  page,
  request,
  signIn,
  shootWidths,
}) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const europe = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)]
    .map(([, loc]) => loc ?? "")
    .find((loc) => loc.endsWith("/fr/esim/europe"));
  expect(europe).toBeDefined();

  const token = await signIn({ email: uniqueEmail("europe-fr"), language: "fr" });
  await page.goto(new URL(europe!).pathname);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("eSIM Europe");
  await shootWidths(page, "storefront-europe-fr");
  const cards = await readPlanCards(page);
  expect(cards.length).toBeGreaterThan(0);

  // Every price on the page is the server's quote for that plan, the price the cart charges.
  for (const card of cards) {
    const response = await request.post("/api/v1/app/checkout/quote", {
      headers: { authorization: `Bearer ${token}` },
      data: { packageId: card.id, quantity: 1, currency: "DZD" },
    });
    const { quote } = (await response.json()).data as { quote: { unitPriceMinor: number } };
    expect(card.price, card.title).toBe(`${(quote.unitPriceMinor / 100).toLocaleString("en-US")} DA`);
  }

  // Signed in, "Choisir ce forfait" goes straight to the cart, which shows the same price.
  const first = cards[0]!;
  await page
    .locator(`article[data-plan-id="${first.id}"]`)
    .getByRole("link", { name: text("fr", "plan.choose") })
    .click();
  await expect(page).toHaveURL(new RegExp(`/cart\\?plan=${first.id}&destination=europe$`));
  await expect(page.getByText(first.price).first()).toBeVisible();
});

test("a crawler without JavaScript reads the plans and prices of a destination page and the landing page", async ({
  browser,
  shootWidths,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/fr/esim/turkey?days=30");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("eSIM Turquie");
  await expect(page.locator('a[aria-current="page"]', { hasText: "30 jours" })).toBeVisible();
  const plans = page.locator("article[data-plan-id]");
  await expect(plans.first()).toBeVisible();
  for (const card of await plans.all()) {
    await expect(card).toHaveAttribute("aria-label", /30 jours/);
    await expect(card.locator("[data-price]")).toHaveText(/^[\d,.]+ DA$/);
  }
  expect(await page.locator('script:not([type="application/ld+json"])').count()).toBe(0);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/fr\/esim\/turkey$/);

  await page.goto("/fr/esim");
  await page.getByLabel("Pays ou région").fill("أوروبا");
  await page.getByRole("button", { name: "Rechercher" }).click();
  await expect(page).toHaveURL(/\/fr\/esim\?q=/);
  await page
    .getByRole("link", { name: /Europe/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/fr\/esim\/europe$/);

  for (const [language, path] of [
    ["fr", "/fr/esim"],
    ["ar", "/ar/esim"],
    ["fr", "/fr/esim/turkey"],
  ] as const) {
    await page.goto(path);
    await page.setViewportSize({ width: 320, height: 700 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} at 320 px`).toBeLessThanOrEqual(
      320,
    );
    await shootWidths(page, `storefront-${path === `/${language}/esim` ? "landing" : "turkey"}-${language}`);
  }
  await context.close();
});
