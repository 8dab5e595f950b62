import { buyTurkeyPlan, payCart } from "./buying.ts";
import { expect, test, uniqueEmail } from "./fixtures.ts";
import { text } from "./i18n.ts";

test.use({ viewport: { width: 390, height: 844 } });

// The French story (use-and-top-up.journey.ts) waits for the eSIM to be used first; a new eSIM takes top-ups too.
test("a traveller in Arabic tops up a new eSIM and is told the data is added to it, with nothing to install", async ({
  page,
  signIn,
  shootWidths,
}) => {
  await signIn({ email: uniqueEmail("top-up-ar"), name: "Walid Cherif", language: "ar" });
  await buyTurkeyPlan(page, "ar");

  await page.goto("/esims");
  await page.locator('a[href^="/details/"]').first().click();
  await expect(page).toHaveURL(/\/details\//);
  const detailsPath = new URL(page.url()).pathname;
  const topUps = page.getByRole("region", { name: text("ar", "topUp.title") });
  await topUps
    .getByRole("link", { name: new RegExp(`^${text("ar", "plan.choose")}`) })
    .first()
    .click();
  await expect(page).toHaveURL(/\/cart\?.*topUpOf=/);
  await expect(page.getByText(text("ar", "cart.topUpLine"))).toBeVisible();
  const topUpOrderId = await payCart(page, "ar");

  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByText(text("ar", "result.topUpMessage"))).toBeVisible();
  await expect(page.getByText(text("ar", "result.successMessage"))).toHaveCount(0);
  await shootWidths(page, "success-top-up-ar");
  await page.getByRole("link", { name: text("ar", "result.seeEsim") }).click();
  await expect(page).toHaveURL(new RegExp(`${detailsPath}$`));

  await page.goto(`/status/${topUpOrderId}`);
  await expect(page.getByText(text("ar", "status.topUpDelivered"))).toBeVisible({ timeout: 30_000 });
});
