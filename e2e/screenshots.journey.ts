import { expect, test, uniqueEmail } from "./fixtures.ts";
import { type JourneyLanguage, text } from "./i18n.ts";

// The screens a person looks at first, in French and Arabic, on a phone and a desktop; the files land in
// test-results/screenshots/ for a human to look at.
for (const language of ["fr", "ar"] as const satisfies JourneyLanguage[]) {
  for (const width of [390, 1280]) {
    test(`AuthPage and /profile in ${language} at ${width} px`, async ({ page, signIn, shoot }) => {
      await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
      await page.goto(`/${language}`);
      await expect(page.getByRole("heading", { level: 2, name: text(language, "auth.email.title") })).toBeVisible();
      await expect(page.getByText(text(language, "marketing.instantActivation"))).toBeVisible();
      await shoot(page, `login-${language}-${width}`);

      await signIn({ email: uniqueEmail(`shots-${language}`), name: "Amina Benali", language });
      await page.goto("/profile");
      await expect(page.getByRole("navigation", { name: text(language, "profile.menuLabel") })).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("dir", language === "ar" ? "rtl" : "ltr");
      await shoot(page, `profile-${language}-${width}`);
    });
  }
}
