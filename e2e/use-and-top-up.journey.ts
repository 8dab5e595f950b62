import { readFile } from "node:fs/promises";
import { buyTurkeyPlan, payCart } from "./buying.ts";
import { expect, test, uniqueEmail } from "./fixtures.ts";
import { text } from "./i18n.ts";

test.use({ viewport: { width: 390, height: 844 } });

// The journeys' simulator installs a profile 45 s after delivery, starts using data 5 s later at a demo pace, and
// sends its webhooks every 2 s (playwright.config.ts): the screens change while the traveller watches.
test("a traveller watches the eSIM get installed and used, tops it up and downloads both invoices", async ({
  page,
  signIn,
  shoot,
  shootWidths,
}) => {
  test.setTimeout(180_000);
  await signIn({ email: uniqueEmail("top-up"), name: "Karim Haddad", language: "fr" });
  const firstOrderId = await buyTurkeyPlan(page, "fr");

  await page.goto("/esims");
  await page.locator('a[href^="/details/"]').first().click();
  await expect(page).toHaveURL(/\/details\//);
  const detailsUrl = page.url();
  await expect(page.getByText(text("fr", "esimStatusName.new"), { exact: true })).toBeVisible();
  const usage = page.getByText(/restants sur/);
  const leftAtFirst = await usage.textContent();

  // The simulator's events arrive as webhooks; a reload shows what the app stored.
  await expect(async () => {
    await page.reload();
    await expect(page.getByText(text("fr", "esimStatusName.inUse"), { exact: true })).toBeVisible({ timeout: 1000 });
    await expect(usage).not.toHaveText(leftAtFirst ?? "", { timeout: 1000 });
  }).toPass({ timeout: 120_000, intervals: [2000] });
  await expect(page.getByText(/^Consommation mise à jour le/)).toBeVisible();
  await expect(page.getByText(text("fr", "install.alreadyInstalled"))).toBeVisible();
  await shoot(page, "details-in-use-fr-390");

  const topUps = page.getByRole("region", { name: text("fr", "topUp.title") });
  await expect(topUps).toBeVisible();
  await topUps
    .getByRole("link", { name: /^Choisir/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/cart\?.*topUpOf=/);
  await expect(page.getByText(text("fr", "cart.topUpLine"))).toBeVisible();
  await shoot(page, "cart-top-up-fr-390");
  const topUpOrderId = await payCart(page, "fr");
  // The success page speaks of data added to this eSIM, not of an eSIM on its way with install details.
  await expect(page.getByText(text("fr", "result.topUpMessage"))).toBeVisible();
  await expect(page.getByText(text("fr", "result.successMessage"))).toHaveCount(0);
  await expect(page.getByRole("link", { name: text("fr", "result.seeEsim") })).toHaveAttribute(
    "href",
    new URL(detailsUrl).pathname,
  );
  await shootWidths(page, "success-top-up-fr");

  await page.goto(`/status/${topUpOrderId}`);
  await expect(page.getByText(text("fr", "status.topUpDelivered"))).toBeVisible({ timeout: 30_000 });
  const topUpNumber = (await page.locator("bdi.font-mono").first().textContent())!;
  await shoot(page, "status-top-up-fr-390");

  await page.goto(detailsUrl);
  // The plans' history is folded on the eSIM's page (decision 092).
  await page.getByRole("heading", { level: 2, name: text("fr", "details.bundles") }).click();
  const bundles = page.getByRole("region", { name: text("fr", "details.bundles") });
  await expect(bundles.getByText(text("fr", "details.bundleTopUp"), { exact: true })).toBeVisible();
  await expect(bundles.getByText(topUpNumber)).toBeVisible();
  await shoot(page, "details-topped-up-fr-390");

  // Both invoices from the order history, as PDFs named by the order number and carrying it.
  await page.goto("/profile");
  await page.getByRole("link", { name: text("fr", "nav.orders") }).click();
  const orders = page.getByRole("list", { name: text("fr", "screen.orders") });
  await expect(orders.getByRole("listitem")).toHaveCount(2);
  await shoot(page, "orders-fr-390");
  for (const orderId of [topUpOrderId, firstOrderId]) {
    const row = orders.getByRole("listitem").filter({ has: page.locator(`a[href="/status/${orderId}"]`) });
    const number = (await row.locator("bdi.font-mono").textContent())!;
    const downloadPromise = page.waitForEvent("download");
    await row.getByRole("button", { name: text("fr", "invoice.download") }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe(`${number}.pdf`);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.toString("latin1")).toContain(`(${number})`);
  }
});
