import { expect, test, uniqueEmail } from "./fixtures.ts";
import { type JourneyLanguage, text } from "./i18n.ts";

test.use({ viewport: { width: 390, height: 844 } });

const PAY_BUTTON: Record<JourneyLanguage, string> = { fr: "Payer", en: "Pay", ar: "ادفع" };

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

    await page.getByRole("button", { name: text(language, "cart.continue") }).click();
    await expect(page).toHaveURL(/\/summary/);
    await page.getByLabel(text(language, "form.phone")).fill("0551 23 45 67");
    await page.getByRole("radio", { name: /EDAHABIA/ }).check();
    await page.getByRole("button", { name: new RegExp(text(language, "summary.pay", { amount: "" }).trim()) }).click();

    const popupPromise = page.waitForEvent("popup");
    await page.getByRole("button", { name: text(language, "payment.modal.continue") }).click();
    const gateway = await popupPromise;
    await gateway.getByRole("button", { name: new RegExp(`^${PAY_BUTTON[language]}`) }).click();

    await expect(page).toHaveURL(/\/success\?/, { timeout: 20_000 });
    await shoot(page, `success-${language}-390`);
    await page.getByRole("link", { name: text(language, "result.followOrder") }).click();
    await expect(page.getByText(text(language, "status.deliveredMessage"))).toBeVisible({ timeout: 30_000 });
    await shoot(page, `status-${language}-390`);
  });
}
