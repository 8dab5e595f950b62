import { openGateway, pressGatewayButton, summaryPayButton } from "./buying.ts";
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
  const cartSearch = new URL(page.url()).search;
  await page.getByLabel(text("ar", "form.phone")).fill("0551 23 45 67");
  await page.getByRole("radio", { name: /EDAHABIA/ }).check();
  await shoot(page, "summary-ar-390");

  const gateway = await openGateway(page, "ar");
  await expect(gateway.locator("html")).toHaveAttribute("dir", "rtl");
  await gateway.setViewportSize({ width: 390, height: 844 });
  await shoot(gateway, "sandbox-ar-390");
  // "Simulate a failure", not "Cancel payment": a cancel goes back to the summary (cancel-payment.journey.ts).
  await pressGatewayButton(gateway, "ar", "fail");

  await expect(page).toHaveURL(/\/failure\?/, { timeout: 20_000 });
  await expect(page.getByText(text("ar", "result.failureMessage"))).toBeVisible();
  await expect(page.getByText(text("ar", "result.notCharged"))).toBeVisible();
  await shoot(page, "failure-ar-390");
  await page.getByRole("link", { name: text("ar", "payment.retry") }).click();
  // Retry offers the same cart again; the calm "payment cancelled" notice is for cancels only.
  await expect(page).toHaveURL(/\/summary\?/);
  expect(new URL(page.url()).search).toBe(cartSearch);
  await expect(summaryPayButton(page, "ar")).toBeVisible();
  await expect(page.getByText(text("ar", "summary.paymentCanceled"))).toHaveCount(0);
});
