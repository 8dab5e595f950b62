import { acceptTerms } from "./buying.ts";
import { consoleCli, expect, test, uniqueEmail } from "./fixtures.ts";
import { text } from "./i18n.ts";

test.use({ viewport: { width: 390, height: 844 } });

test.beforeAll(() => {
  consoleCli("coupon:create", "WELCOME10", "--percent", "10");
});

test("a traveller follows a promo link, signs in, buys a 7-day Turkey plan with CIB and gets the eSIM", async ({
  page,
  request,
  readCode,
  shoot,
}) => {
  const email = uniqueEmail("turquie");
  await request.post("/api/v1/app/auth/register", { data: { name: "Nadia Khelifi", email, country: "DZ" } });

  await page.goto("/home?promo=WELCOME10");
  await expect(page).toHaveURL(/\/login/);
  expect(page.url()).not.toContain("promo=");
  expect(await page.evaluate(() => window.localStorage.getItem("PROMO_CODE"))).toBe("WELCOME10");

  await page.getByLabel(text("fr", "auth.email.label")).fill(email);
  await page.getByRole("button", { name: text("fr", "auth.email.submit") }).click();
  await page.getByRole("textbox", { name: text("fr", "codeInput.digit", { position: "1", total: "6" }) }).click();
  await page.keyboard.type(await readCode(email));
  await expect(page).toHaveURL(/\/home$/);
  await shoot(page, "home-fr-390");

  await page.getByLabel(text("fr", "catalog.search.countryLabel")).fill("turquie");
  await page
    .getByRole("link", { name: /Turquie/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/packages\/TR/);
  await expect(page.getByRole("heading", { level: 1, name: /Turquie/ })).toBeVisible();
  await page.getByRole("link", { name: "7 jours", exact: true }).click();
  await expect(page).toHaveURL(/days=7/);
  await shoot(page, "packages-tr-fr-390");

  await page
    .getByRole("button", { name: new RegExp(`^${text("fr", "plan.details")} `) })
    .first()
    .click();
  const sheet = page.getByRole("dialog");
  await expect(sheet).toBeVisible();
  await sheet.getByRole("link", { name: text("fr", "plan.choose") }).click();

  await expect(page).toHaveURL(/\/cart/);
  await expect(page.getByText(text("fr", "cart.couponDiscount"))).toBeVisible();
  await page.getByRole("button", { name: text("fr", "cart.continue") }).click();

  await expect(page).toHaveURL(/\/summary/);
  await page.getByLabel(text("fr", "form.phone")).fill("0551 23 45 67");
  await page.getByRole("radio", { name: /CIB/ }).check();
  await acceptTerms(page, "fr");
  await shoot(page, "summary-fr-390");
  await page.getByRole("button", { name: /Payer/ }).click();

  const modal = page.getByRole("dialog", { name: text("fr", "payment.modal.title") });
  await expect(modal).toBeVisible();
  const popupPromise = page.waitForEvent("popup");
  await modal.getByRole("button", { name: text("fr", "payment.modal.continue") }).click();
  const gateway = await popupPromise;
  await expect(gateway).toHaveURL(/\/sandbox\/checkout\//);
  await expect(gateway.getByRole("button", { name: "Payer" })).toBeVisible();
  await gateway.setViewportSize({ width: 390, height: 844 });
  await shoot(gateway, "sandbox-fr-390");
  await gateway.getByRole("button", { name: "Payer" }).click();

  await expect(page).toHaveURL(/\/success\?/, { timeout: 20_000 });
  await expect(page.getByText(text("fr", "result.orderNumber"))).toBeVisible();
  await page.getByRole("link", { name: text("fr", "result.followOrder") }).click();
  await expect(page).toHaveURL(/\/status\//);
  await expect(page.getByText(text("fr", "status.deliveredMessage"))).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/^8988/).first()).toBeVisible();
  await shoot(page, "status-fr-390");
});
