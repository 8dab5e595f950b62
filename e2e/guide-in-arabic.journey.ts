import type { Page } from "@playwright/test";
import { ar } from "../apps/web/src/features/guides/content/ar.ts";
import { fr } from "../apps/web/src/features/guides/content/fr.ts";
import { expect, test, uniqueEmail } from "./fixtures.ts";
import { type JourneyLanguage, text } from "./i18n.ts";

test.use({ viewport: { width: 390, height: 844 } });

// The install and activation guides (decision 021): a traveller reads them in Arabic (and in French), on a
// phone and a computer, and once more at the destination with no data (the service worker precaches them).

const SCAN_ILLUSTRATION = "guide.illustration.qrScan";

/** Waits until the service worker has precached the app and controls this page. */
async function waitForOfflineWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** How the browser draws the QR illustration: the arrow's scale and each screen's direction and scale. */
async function scanIllustrationStyles(page: Page, language: JourneyLanguage) {
  return page.getByRole("img", { name: text(language, SCAN_ILLUSTRATION) }).evaluate((element) => {
    const screens = Array.from(element.querySelectorAll("[data-screen] > svg"), (svg) => {
      const style = getComputedStyle(svg);
      return `${style.direction} ${style.scale}`;
    });
    const arrow = Array.from(element.children).find((child) => !child.hasAttribute("data-screen"));
    return { arrow: arrow ? getComputedStyle(arrow).scale : null, screens };
  });
}

/** The computed scale of every arrow of the page's content: mirrored ("-1 1") in Arabic only. */
function arrowScales(page: Page) {
  return page
    .locator("main svg")
    .evaluateAll((arrows) =>
      arrows
        .filter((arrow) => arrow.getAttribute("class")?.includes("rtl:-scale-x-100"))
        .map((arrow) => getComputedStyle(arrow).scale),
    );
}

for (const language of ["ar", "fr"] as const satisfies JourneyLanguage[]) {
  test(`a traveller in ${language} reads the install and activation guides, then again offline`, async ({
    page,
    context,
    signIn,
    shoot,
  }) => {
    const content = { ar, fr }[language];
    await signIn({ email: uniqueEmail(`guide-${language}`), name: "Nadia Saadi", language });

    // The hub, from the Guide tab.
    await page.goto("/home");
    await page
      .getByRole("link", { name: text(language, "nav.guide"), exact: true })
      .filter({ visible: true })
      .click();
    await expect(page).toHaveURL(/\/guide$/);
    await expect(page.getByRole("heading", { level: 1, name: text(language, "screen.guide") })).toBeVisible();
    await expect(page.getByRole("link", { name: text(language, "guide.checkCompatibility") })).toBeVisible();
    await expect(page.getByRole("link", { name: text(language, "guide.contactSupport") })).toBeVisible();
    expect(new Set(await arrowScales(page))).toEqual(new Set([language === "ar" ? "-1 1" : "none"]));
    await shoot(page, `guide-${language}-390`);

    // Installation: a computer's user agent gets the iPhone guide first.
    await page.getByRole("link", { name: text(language, "screen.guideInstallation") }).click();
    await expect(page).toHaveURL(/\/guide\/installation$/);
    await expect(page.getByRole("radio", { name: text(language, "guide.iphone") })).toBeChecked();
    await expect(page.getByRole("heading", { level: 3, name: content.installation.iphone.oneTap.title })).toBeVisible();
    const styles = await scanIllustrationStyles(page, language);
    // Direction is drawn mirrored in Arabic; what a screen shows (a QR code) never is.
    expect(styles).toEqual({
      arrow: language === "ar" ? "-1 1" : "none",
      screens: ["ltr none", "ltr none"],
    });
    expect(new Set(await arrowScales(page))).toEqual(new Set([language === "ar" ? "-1 1" : "none"]));
    await shoot(page, `guide-installation-${language}-390`);

    await page.getByRole("radio", { name: text(language, "guide.android") }).click();
    await expect(page).toHaveURL(/\?phone=android$/);
    await expect(page.getByText(content.installation.androidBrands)).toBeVisible();
    await expect(
      page
        .getByRole("term")
        .filter({ hasText: text(language, "guide.samsung") })
        .first(),
    ).toBeVisible();
    await expect(
      page
        .getByRole("term")
        .filter({ hasText: text(language, "guide.pixel") })
        .first(),
    ).toBeVisible();
    await shoot(page, `guide-installation-android-${language}-390`);

    // Activation, reached from the end of the installation guide, still on Android.
    await page.getByRole("link", { name: text(language, "guide.nextActivation") }).click();
    await expect(page.getByRole("heading", { level: 1, name: text(language, "screen.guideActivation") })).toBeVisible();
    await expect(page.getByRole("radio", { name: text(language, "guide.android") })).toBeChecked();
    await expect(page.getByRole("img", { name: text(language, "guide.illustration.roaming") })).toBeVisible();
    await shoot(page, `guide-activation-android-${language}-390`);
    await page.getByRole("radio", { name: text(language, "guide.iphone") }).click();
    await expect(page.getByText(content.activation.noSignal.support)).toBeVisible();
    await shoot(page, `guide-activation-${language}-390`);

    // On a computer.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/guide");
    await expect(page.getByRole("heading", { level: 1, name: text(language, "screen.guide") })).toBeVisible();
    await shoot(page, `guide-${language}-1280`);
    await page.goto("/guide/installation");
    await expect(page.getByRole("heading", { level: 3, name: content.installation.iphone.manual.title })).toBeVisible();
    await shoot(page, `guide-installation-${language}-1280`);
    await page.goto("/guide/activation");
    await expect(page.getByText(content.activation.iphone.roaming.intro)).toBeVisible();
    await shoot(page, `guide-activation-${language}-1280`);

    // Landed with no data: the guide still opens, from the service worker's copy.
    await page.setViewportSize({ width: 390, height: 844 });
    await waitForOfflineWorker(page);
    await context.setOffline(true);
    await page.goto("/guide/installation");
    expect(
      await page.evaluate(() =>
        fetch("/api/health").then(
          () => "online",
          () => "offline",
        ),
      ),
    ).toBe("offline");
    await expect(page.getByRole("status").filter({ hasText: text(language, "offline.banner") })).toBeVisible();
    await expect(
      page.getByRole("heading", { level: 1, name: text(language, "screen.guideInstallation") }),
    ).toBeVisible();
    await expect(page.getByText(content.installation.beforeYouStart.items[0]!)).toBeVisible();
    await expect(page.getByRole("heading", { level: 3, name: content.installation.iphone.manual.title })).toBeVisible();
    await shoot(page, `guide-installation-offline-${language}-390`);
    await context.setOffline(false);
  });
}
