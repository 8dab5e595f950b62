import { validityAdvice } from "@esim/shared/catalog/validity-start";
import { payCart } from "./buying.ts";
import { expect, test, uniqueEmail } from "./fixtures.ts";
import { type JourneyLanguage, text } from "./i18n.ts";

// Decision 050: a plan whose days start at installation and one whose days start at the first connection read
// differently everywhere, from the public page to the eSIM's details. In the simulator, Türkiye's 7-day plans start at
// installation and its 15-day plans at the first connection.

test.use({ viewport: { width: 390, height: 844 } });

const AT_INSTALL = { validityStart: "installation", validityDays: 7 } as const;
const AT_FIRST_CONNECTION = { validityStart: "first_connection", validityDays: 15 } as const;

for (const language of ["fr", "ar"] as const satisfies JourneyLanguage[]) {
  test(`the two kinds of plan say when their days start, from the public page to the eSIM (${language})`, async ({
    page,
    signIn,
    shoot,
  }) => {
    const atInstall = validityAdvice(AT_INSTALL, language);
    const atFirstConnection = validityAdvice(AT_FIRST_CONNECTION, language);

    // The plan cards of the public page (its FAQ, below them, names both kinds when the destination sells both).
    const planCards = page.locator("article[data-plan-id]");
    await page.goto(`/${language}/esim/turkey?days=7`);
    await expect(planCards.filter({ hasText: atInstall.sentence }).first()).toBeVisible();
    await expect(planCards.filter({ hasText: atFirstConnection.sentence })).toHaveCount(0);
    await shoot(page, `validity-storefront-7-days-${language}-390`);
    await page.goto(`/${language}/esim/turkey?days=15`);
    await expect(planCards.filter({ hasText: atFirstConnection.sentence }).first()).toBeVisible();
    await expect(planCards.filter({ hasText: atInstall.sentence })).toHaveCount(0);
    await shoot(page, `validity-storefront-15-days-${language}-390`);

    await signIn({ email: uniqueEmail(`validity-${language}`), language });
    await page.goto("/packages/TR?days=15");
    await expect(page.getByText(atFirstConnection.sentence).first()).toBeVisible();
    await shoot(page, `validity-packages-15-days-${language}-390`);

    // The cart says it too, then the eSIM once bought: no end date before its days start, only how long it lasts.
    await page.locator('a[href^="/cart?plan="]').first().click();
    await expect(page.getByText(atFirstConnection.sentence).first()).toBeVisible();
    await shoot(page, `validity-cart-15-days-${language}-390`);
    await expectNotStartedEsim(await payCart(page, language), atFirstConnection, `15-days-${language}`);

    await page.goto("/packages/TR?days=7");
    await expect(page.getByText(atInstall.sentence).first()).toBeVisible();
    await page.locator('a[href^="/cart?plan="]').first().click();
    await expect(page.getByText(atInstall.sentence).first()).toBeVisible();
    await expectNotStartedEsim(await payCart(page, language), atInstall, `7-days-${language}`);

    /** The eSIM just delivered (the simulator installs it 45 s later): how long it lasts and when to install, no end date. */
    async function expectNotStartedEsim(orderId: string, advice: typeof atInstall, name: string) {
      await page.goto(`/status/${orderId}`);
      await expect(page.getByText(text(language, "status.deliveredMessage"))).toBeVisible({ timeout: 30_000 });
      await page.locator('a[href^="/details/"]').first().click();
      await expect(page).toHaveURL(/\/details\//);
      await expect(page.getByText(advice.lasts)).toBeVisible();
      // The sentence ends with the upstream's install deadline: its first half names the kind.
      const [kind] = advice.sentence.split(language === "fr" ? " : " : ": ");
      await expect(page.getByText(kind!, { exact: false }).first()).toBeVisible();
      await shoot(page, `validity-esim-${name}-390`);
    }
  });
}
