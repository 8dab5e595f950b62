import { buyTurkeyPlan, pressPin } from "./buying.ts";
import { expect, test, uniqueEmail } from "./fixtures.ts";
import { text } from "./i18n.ts";

test.use({ viewport: { width: 390, height: 844 } });

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
    // The ICCID sits in the folded technical details (decision 092).
    await page.getByRole("heading", { level: 2, name: text(language, "details.technical") }).click();
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
    await page.setViewportSize({ width: 1280, height: 900 });
    await shoot(page, `details-${language}-1280`);
    await page.goto("/esims");
    await expect(page.getByRole("heading", { name: text(language, "esims.available") })).toBeVisible();
    await shoot(page, `esims-${language}-1280`);
    await page
      .getByRole("link", { name: text(language, "nav.profile") })
      .first()
      .click();
    await page.getByRole("link", { name: text(language, "nav.orders") }).click();
    await expect(page.getByRole("list", { name: text(language, "screen.orders") })).toBeVisible();
    await shoot(page, `orders-${language}-1280`);

    const invoice = await request.get(`/api/v1/app/orders/${orderId}/invoice`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(invoice.status()).toBe(200);
    expect(invoice.headers()["content-type"]).toContain("application/pdf");
    expect((await invoice.body()).subarray(0, 4).toString()).toBe("%PDF");
  });
}
