import { payCart } from "./buying.ts";
import { expect, test, uniqueEmail } from "./fixtures.ts";
import { text } from "./i18n.ts";

test.use({ viewport: { width: 390, height: 844 } });

for (const language of ["en", "ar"] as const) {
  test(`a traveller buys a Turkey plan end to end in ${language} and gets the eSIM`, async ({
    page,
    signIn,
    shoot,
  }) => {
    await signIn({ email: uniqueEmail(`buy-${language}`), name: "Samir Ouali", language });
    await page.goto("/packages/TR?days=7");
    await expect(page.locator("html")).toHaveAttribute("dir", language === "ar" ? "rtl" : "ltr");
    await page.locator('a[href^="/cart?plan="]').first().click();

    await payCart(page, language);
    await shoot(page, `success-${language}-390`);
    await page.getByRole("link", { name: text(language, "result.followOrder") }).click();
    await expect(page.getByText(text(language, "status.deliveredMessage"))).toBeVisible({ timeout: 30_000 });
    await shoot(page, `status-${language}-390`);
  });
}
