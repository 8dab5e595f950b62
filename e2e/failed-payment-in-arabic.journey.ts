import { expect, findPlanId, test, uniqueEmail } from "./fixtures.ts";
import { text } from "./i18n.ts";

test.use({ viewport: { width: 390, height: 844 } });

test("a failed payment in Arabic reaches /failure, with a retry back to the summary", async ({
  page,
  request,
  signIn,
  shoot,
}) => {
  await signIn({ email: uniqueEmail("echec"), name: "Karim Haddad", language: "ar" });
  const planId = await findPlanId(request, "TR", 7);

  await page.goto("/home");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await shoot(page, "home-ar-390");
  await page.goto("/packages/TR?days=7");
  await expect(page.getByRole("heading", { level: 1, name: /تركيا/ })).toBeVisible();
  await shoot(page, "packages-tr-ar-390");

  await page.goto(`/cart?plan=${planId}&destination=TR`);
  await page.getByRole("button", { name: text("ar", "cart.continue") }).click();
  await expect(page).toHaveURL(/\/summary/);
  await page.getByLabel(text("ar", "form.phone")).fill("0551 23 45 67");
  await page.getByRole("radio", { name: /EDAHABIA/ }).check();
  await shoot(page, "summary-ar-390");
  await page.getByRole("button", { name: new RegExp(text("ar", "summary.pay", { amount: "" }).trim()) }).click();

  const popupPromise = page.waitForEvent("popup");
  await page.getByRole("button", { name: text("ar", "payment.modal.continue") }).click();
  const gateway = await popupPromise;
  await expect(gateway.locator("html")).toHaveAttribute("dir", "rtl");
  await gateway.setViewportSize({ width: 390, height: 844 });
  await shoot(gateway, "sandbox-ar-390");
  await gateway.getByRole("button", { name: "محاكاة فشل الدفع" }).click();

  await expect(page).toHaveURL(/\/failure\?/, { timeout: 20_000 });
  await expect(page.getByText(text("ar", "result.failureMessage"))).toBeVisible();
  await shoot(page, "failure-ar-390");
  await page.getByRole("link", { name: text("ar", "payment.retry") }).click();
  await expect(page).toHaveURL(/\/summary/);
});
