import type { PricePreview } from "@esim/shared/console/prices-contract";
import type { Browser } from "@playwright/test";
import { openConsoleSection, openMoreSections, signInNewOperator } from "./console.ts";
import { consoleCli, expect, test } from "./fixtures.ts";

// The console's prices (decision 040): a support agent cannot open the prices page; the admin changes the rate, sees every price that
// would move, applies it, and the public price on the storefront follows; the audit log shows the change. The preview
// is looked at on a phone and on a desk, in French and in Arabic.

/**
 * The whole dinars a plan card of the public Turkey page shows to a new visitor (a fresh browser: public pages are
 * cacheable for minutes), figures only: spaces, isolates and "DA" dropped.
 */
async function publicDinars(browser: Browser, baseURL: string, planId: string, screenshotPath?: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto("/fr/esim/turkey");
  const text = await page.locator(`article[data-plan-id="${planId}"] [data-price]`).first().textContent();
  if (screenshotPath) await page.screenshot({ path: screenshotPath, fullPage: true });
  await context.close();
  return Number((text ?? "").replace(/\D/g, ""));
}

test("the admin previews a new rate, applies it and the storefront's price follows; support is refused", async ({
  page,
  browser,
  baseURL,
  readCode,
  request,
}, testInfo) => {
  test.setTimeout(120_000);

  // The support agent: no Prices link, and the address says the page is for admins.
  await signInNewOperator(page, readCode, "support");
  const nav = page.getByRole("navigation", { name: "Sections de la console" });
  await expect(nav.getByRole("link", { name: "Tableau de bord" })).toBeVisible();
  await openMoreSections(page);
  await expect(nav.getByRole("link", { name: "Prix" })).toHaveCount(0);
  await page.goto("/admin/prices");
  await expect(page.getByRole("alert")).toHaveText("La page des prix est réservée aux administrateurs.");
  await expect(page.getByLabel("Taux (DZD pour 1 USD)")).toHaveCount(0);

  // A plan of the public Turkey page and its price now.
  const plans = (await (await request.get("/api/v1/app/destinations/TR/packages")).json()).data.plans as {
    id: string;
    price: { DZD: number };
  }[];
  const plan = plans[0]!;
  expect(await publicDinars(browser, baseURL!, plan.id)).toBe(plan.price.DZD / 100);

  // The admin, in a tab of their own (the console's session lives in the tab).
  const adminPage = await page.context().newPage();
  const admin = await signInNewOperator(adminPage, readCode, "admin");
  await openConsoleSection(adminPage, "Prix");
  await expect(adminPage.getByRole("heading", { level: 1, name: "Prix" })).toBeVisible();
  const rate = adminPage.getByLabel("Taux (DZD pour 1 USD)");
  await expect(rate).not.toHaveValue("");
  const originalRate = await rate.inputValue();
  const newRate = String(Math.round(Number(originalRate)) + 40);
  await rate.fill(newRate);

  const previewAnswer = adminPage.waitForResponse((response) =>
    response.url().endsWith("/api/v1/admin/prices/preview"),
  );
  await adminPage.getByRole("button", { name: "Voir les prix qui changent" }).click();
  const preview = ((await (await previewAnswer).json()) as { data: PricePreview }).data;
  const change = preview.changes.find((candidate) => candidate.packageId === plan.id);
  expect(change, "the Turkey plan is among the prices that move").toBeDefined();
  expect(change?.beforeDzdMinor).toBe(plan.price.DZD);

  const region = adminPage.getByRole("region", { name: "Aperçu des nouveaux prix" });
  await expect(region).toBeVisible();
  await expect(region.getByText(/forfaits sur .+ changent de prix/)).toBeVisible();
  await expect(region.getByRole("row").nth(1)).toBeVisible();
  await expect(region.getByRole("button", { name: "Appliquer ces prix" })).toBeVisible();

  await adminPage.setViewportSize({ width: 390, height: 844 });
  await adminPage.screenshot({ path: testInfo.outputPath("price-preview-fr-390.png"), fullPage: true });
  await adminPage.setViewportSize({ width: 1280, height: 800 });
  await adminPage.screenshot({ path: testInfo.outputPath("price-preview-fr-1280.png"), fullPage: true });

  await adminPage.getByLabel("Langue").selectOption("ar");
  await expect(adminPage.locator("html")).toHaveAttribute("dir", "rtl");
  const regionAr = adminPage.getByRole("region", { name: "معاينة الأسعار الجديدة" });
  await expect(regionAr).toBeVisible();
  await adminPage.screenshot({ path: testInfo.outputPath("price-preview-ar-1280.png"), fullPage: true });
  await adminPage.setViewportSize({ width: 390, height: 844 });
  await adminPage.screenshot({ path: testInfo.outputPath("price-preview-ar-390.png"), fullPage: true });

  // Applied: the storefront shows the previewed price.
  await regionAr.getByRole("button", { name: "تطبيق هذه الأسعار" }).click();
  await expect(regionAr.getByText(/طُبّقت الأسعار/)).toBeVisible();
  try {
    await expect
      .poll(() => publicDinars(browser, baseURL!, plan.id, testInfo.outputPath("storefront-after-rate-fr-390.png")))
      .toBe(change!.afterDzdMinor / 100);

    // The change in the settings history and in the audit log, with who made it.
    await expect(adminPage.getByRole("heading", { name: "سجلّ الإعدادات" })).toBeVisible();
    // In Arabic the arrow points the way the line reads (decision 076).
    await expect(adminPage.getByText(new RegExp(`${originalRate}\\W*←\\W*${newRate}`)).first()).toBeVisible();
    await openConsoleSection(adminPage, "سجل التدقيق");
    const entry = adminPage.getByRole("listitem").filter({ hasText: "عُدّلت إعدادات الأسعار" }).first();
    await expect(entry).toContainText(admin.email);
    await adminPage.screenshot({ path: testInfo.outputPath("price-audit-ar-390.png"), fullPage: true });

    // The catalogue page beside it: the last sync and every destination with its switches.
    await openConsoleSection(adminPage, "الكتالوج");
    await expect(adminPage.getByRole("heading", { name: "مزامنة الكتالوج" })).toBeVisible();
    await expect(adminPage.getByRole("checkbox", { name: "رائجة" }).first()).toBeVisible();
    await adminPage.screenshot({ path: testInfo.outputPath("catalogue-ar-390.png") });
  } finally {
    // Leave the shop's prices as the other journeys expect them.
    consoleCli("rate:set", originalRate);
  }
});
