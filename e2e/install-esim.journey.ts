import { expect, test, uniqueEmail } from "./fixtures.ts";
import { type JourneyLanguage, text } from "./i18n.ts";

test.use({ viewport: { width: 390, height: 844 } });

const PAY_BUTTON: Record<JourneyLanguage, string> = { fr: "Payer", en: "Pay", ar: "ادفع" };

/** Presses a PIN on the pad's own keys. */
async function pressPin(page: import("@playwright/test").Page, pin: string) {
  for (const digit of pin) await page.getByRole("button", { name: digit, exact: true }).click();
}

/** Buys a 7-day Turkey plan through the screens and waits for the eSIM; answers the order's id. */
async function buyTurkeyPlan(page: import("@playwright/test").Page, language: JourneyLanguage) {
  await page.goto("/packages/TR?days=7");
  await page.locator('a[href^="/cart?plan="]').first().click();
  await page.getByRole("button", { name: text(language, "cart.continue") }).click();
  await page.getByLabel(text(language, "form.phone")).fill("0551 23 45 67");
  await page.getByRole("button", { name: new RegExp(text(language, "summary.pay", { amount: "" }).trim()) }).click();
  const popupPromise = page.waitForEvent("popup");
  await page.getByRole("button", { name: text(language, "payment.modal.continue") }).click();
  const gateway = await popupPromise;
  await gateway.getByRole("button", { name: new RegExp(`^${PAY_BUTTON[language]}`) }).click();
  await expect(page).toHaveURL(/\/success\?/, { timeout: 20_000 });
  const orderId = new URL(page.url()).searchParams.get("orderId")!;
  await page.goto(`/status/${orderId}`);
  await expect(page.getByText(text(language, "status.deliveredMessage"))).toBeVisible({ timeout: 30_000 });
  return orderId;
}

for (const language of ["fr", "ar"] as const) {
  test(`after buying, a traveller in ${language} finds the eSIM, sets a PIN and reveals the QR and manual codes`, async ({
    page,
    request,
    signIn,
    shoot,
  }) => {
    const token = await signIn({ email: uniqueEmail(`install-${language}`), name: "Yasmine Belkacem", language });
    const orderId = await buyTurkeyPlan(page, language);

    await page.goto("/esims");
    await expect(page.getByRole("heading", { name: text(language, "esims.available") })).toBeVisible();
    await shoot(page, `esims-${language}-390`);
    await page.locator('a[href^="/details/"]').first().click();
    await expect(page).toHaveURL(/\/details\//);
    await expect(page.getByText(/^8988/).first()).toBeVisible();

    await page.getByRole("button", { name: text(language, "install.reveal") }).click();
    await expect(page.getByText(text(language, "pin.choose"))).toBeVisible();
    await pressPin(page, "2580");
    await page.getByRole("button", { name: text(language, "pin.continue") }).click();
    await expect(page.getByText(text(language, "pin.repeat"))).toBeVisible();
    await pressPin(page, "2580");
    await page.getByRole("button", { name: text(language, "common.confirm") }).click();

    await expect(page.getByRole("img", { name: text(language, "install.qrAlt") })).toBeVisible();
    await expect(page.getByText(/^LPA:1\$/).first()).toBeVisible();
    const qrDirection = await page
      .getByRole("img", { name: text(language, "install.qrAlt") })
      .evaluate((element) => getComputedStyle(element).direction + getComputedStyle(element).transform);
    expect(qrDirection).toBe("ltrnone");
    await shoot(page, `details-${language}-390`);

    const invoice = await request.get(`/api/v1/app/orders/${orderId}/invoice`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(invoice.status()).toBe(200);
    expect(invoice.headers()["content-type"]).toContain("application/pdf");
    expect((await invoice.body()).subarray(0, 4).toString()).toBe("%PDF");
  });
}
