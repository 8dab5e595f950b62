import type { Browser, Page } from "@playwright/test";
import { payCart } from "./buying.ts";
import { openConsoleSection, openMoreSections, signInNewOperator } from "./console.ts";
import { expect, findPlanId, test, uniqueCouponCode } from "./fixtures.ts";
import { text } from "./i18n.ts";

// The shop's admin makes a promo code in the console; a traveller buys with it and sees the discount; the console then
// counts that use and its revenue; the admin blocks the code and the next traveller is refused it; a support agent
// cannot open the coupons. Screenshots of the coupons screen at 390 and 1280 px, in French and Arabic.

test.use({ viewport: { width: 390, height: 844 } });

/** Another person at another machine: their own browser context and client address. */
async function otherPerson(browser: Browser, address: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    extraHTTPHeaders: { "x-forwarded-for": address },
  });
  return context.newPage();
}

async function shootCoupons(page: Page, name: string, outputPath: (name: string) => string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
    if (width < 768) {
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `${name} fits ${width} px` })
        .toBeLessThanOrEqual(width);
    }
    await page.screenshot({ path: outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

test("an admin creates a promo code, a traveller uses it, the admin sees the use and blocks it; support cannot", async ({
  page,
  browser,
  request,
  readCode,
  apiSignIn,
  signIn,
}, testInfo) => {
  const outputPath = (name: string) => testInfo.outputPath(name);
  const code = uniqueCouponCode("CONSOLE");
  const turkeyPlanId = await findPlanId(request, "TR", 7);
  const turkeyPlans = (await (await request.get("/api/v1/app/destinations/TR/packages")).json()).data.plans as {
    id: string;
    name: string;
  }[];
  const turkeyPlanName = turkeyPlans.find((plan) => plan.id === turkeyPlanId)!.name;
  expect(turkeyPlans.filter((plan) => plan.name === turkeyPlanName)).toHaveLength(1);

  // The admin, on a phone, creates a 10 % code for one use per traveller.
  const admin = await otherPerson(browser, "10.251.0.1");
  const { email: adminEmail } = await signInNewOperator(admin, readCode, "admin");
  await openConsoleSection(admin, "Codes promo");
  await expect(admin.getByRole("heading", { level: 1, name: "Codes promo" })).toBeVisible();
  await admin.getByRole("button", { name: "Nouveau code promo" }).click();
  await admin.getByLabel("Code", { exact: true }).fill(code.toLowerCase());
  await admin.getByLabel("Réduction (%)").fill("10");
  await admin.getByLabel("Utilisations au total").fill("100");
  // Only for the Turkey plan the traveller will buy, picked from the destination's plans.
  await admin.getByLabel("Destination (ex. TR)").fill("TR");
  await admin.getByRole("button", { name: "Afficher ses forfaits" }).click();
  await admin
    .getByRole("checkbox", { name: new RegExp(`^${turkeyPlanName.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} ·`) })
    .check();
  await expect(admin.getByText("Forfaits choisis : 1")).toBeVisible();
  await admin.screenshot({ path: outputPath("coupon-create-fr-390.png"), fullPage: true });
  await admin.getByRole("button", { name: "Créer le code" }).click();
  await expect(admin.getByText(`Le code \u2068${code}\u2069 est créé.`)).toBeVisible();
  const card = admin.getByRole("listitem").filter({ has: admin.getByRole("heading", { name: code }) });
  await expect(card.getByText("10% de réduction")).toBeVisible();
  await expect(card.locator("dd").first()).toHaveText("0/100");
  await expect(card.getByText("Forfaits autorisés : 1")).toBeVisible();

  // A traveller follows a link with the code and buys a Turkey plan: the cart shows the discount.
  await signIn({ email: `coupon-buyer-${Date.now()}@example.com`, name: "Amina Benali", language: "fr" });
  await page.goto(`/home?promo=${code}`);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto(`/cart?plan=${turkeyPlanId}&destination=TR`);
  await expect(page.getByText(text("fr", "cart.couponDiscount"))).toBeVisible();
  await expect(page.getByText(text("fr", "cart.promoApplied"))).toBeVisible();
  await payCart(page, "fr");

  // The console counts the use and the revenue of the paid order.
  await admin.reload();
  await expect(card.locator("dd").first()).toHaveText("1/100");
  const paidOrders = card.locator("dd").nth(1);
  await expect(paidOrders).toHaveText("1");
  await expect(card.locator("dd").nth(2)).not.toHaveText(/^0\s/);
  await shootCoupons(admin, "coupons-fr", outputPath);

  // The admin lowers the total limit (not below the use taken): the change is audited like the others.
  await card.getByRole("button", { name: `Modifier les dates et limites de ${code}` }).click();
  await card.getByLabel("Utilisations au total").fill("50");
  await card.getByRole("button", { name: "Enregistrer" }).click();
  await expect(card.locator("dd").first()).toHaveText("1/50");

  // The admin blocks the code, after confirming.
  await card.getByRole("button", { name: `Bloquer ${code}` }).click();
  await admin.getByRole("dialog").getByRole("button", { name: "Bloquer" }).click();
  await expect(admin.getByText(`Le code \u2068${code}\u2069 est bloqué.`)).toBeVisible();
  await expect(card.getByText("Bloqué")).toBeVisible();

  // The same screen in Arabic, right to left.
  await admin.getByLabel("Langue").selectOption("ar");
  await expect(admin.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(admin.getByRole("heading", { level: 1, name: "رموز الترويج" })).toBeVisible();
  await expect(card.getByText("محظور")).toBeVisible();
  await shootCoupons(admin, "coupons-ar", outputPath);

  // A second traveller, in Arabic, types the blocked code in the cart: refused.
  const second = await otherPerson(browser, "10.251.0.2");
  const token = await apiSignIn({
    email: `coupon-late-${Date.now()}@example.com`,
    name: "Karim Haddad",
    language: "ar",
  });
  await second.addInitScript(
    ([storedToken]) => {
      window.localStorage.setItem("Token", storedToken);
      window.localStorage.setItem("LANG", "ar");
    },
    [token] as const,
  );
  await second.goto(`/cart?plan=${turkeyPlanId}&destination=TR`);
  await second.getByLabel(text("ar", "cart.promoLabel")).fill(code);
  await second.getByRole("button", { name: text("ar", "cart.promoApply") }).click();
  await expect(second.getByRole("alert")).toHaveText(text("ar", "error.COUPON_BLOCKED"));
  await expect(second.getByText(text("ar", "cart.couponDiscount"))).toHaveCount(0);

  // The audit log shows who created and blocked it.
  await openConsoleSection(admin, "سجل التدقيق");
  // Other journeys' coupons are in the same log: only this admin's entries count.
  const mine = admin.getByRole("listitem").filter({ hasText: adminEmail });
  // Each action in words, the promo code by its code (decision 076).
  for (const action of [
    "console.audit.action.coupon.created",
    "console.audit.action.coupon.updated",
    "console.audit.action.coupon.blocked",
  ] as const) {
    await expect(mine.filter({ hasText: text("ar", action) })).toHaveCount(1);
  }

  // A support agent has no coupons link, and the address says it is for admins.
  const support = await otherPerson(browser, "10.251.0.3");
  await signInNewOperator(support, readCode, "support");
  await openMoreSections(support);
  await expect(support.getByRole("link", { name: "Codes promo" })).toHaveCount(0);
  await support.goto("/admin/coupons");
  await expect(support.getByRole("alert")).toHaveText("Les codes promo sont réservés aux administrateurs.");
  await expect(support.getByText(code)).toHaveCount(0);
});
