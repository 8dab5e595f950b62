import type { Page } from "@playwright/test";
import { buyTurkeyPlan, GATEWAY_BUTTON } from "./buying.ts";
import { consoleCli, expect, test, uniqueEmail } from "./fixtures.ts";
import { text } from "./i18n.ts";

test.use({ viewport: { width: 390, height: 844 } });

// Pay-for-me links (decision 077): a traveller abroad, in Arabic, asks a relative at home to pay a top-up; the
// relative (another browser, in French) pays on the link's page with no account; the data lands on the eSIM.

const WHATSAPP_CRAWLER = "WhatsApp/2.23.20.0 A";

/** On the eSIM's details: opens "ask someone to pay" from its address, makes the link and answers its address. */
async function makeLink(page: Page, detailsPath: string): Promise<string> {
  await page.goto(`${detailsPath}?payForMe=1`);
  const dialog = page.getByRole("dialog", { name: text("ar", "payLink.app.ask") });
  await dialog.getByRole("button", { name: text("ar", "payLink.app.create") }).click();
  await expect(dialog.getByText(text("ar", "payLink.app.created"))).toBeVisible();
  await expect(dialog.getByRole("link", { name: text("ar", "share.whatsapp") })).toHaveAttribute(
    "href",
    /^https:\/\/wa\.me\/\?text=/,
  );
  const url = (await dialog.locator("output").textContent())!.trim();
  expect(url).toMatch(/\/ar\/pay\/[\w-]+$/);
  return url;
}

function metaContent(html: string, property: string): string | undefined {
  return html.match(new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`))?.[1];
}

test("a relative pays a traveller's top-up by link; an expired and a revoked link refuse politely", async ({
  page,
  browser,
  signIn,
  shoot,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail("pay-for-me");
  await signIn({ email, name: "Walid Cherif", language: "ar" });
  await buyTurkeyPlan(page, "ar");
  await page.goto("/esims");
  await page.locator('a[href^="/details/"]').first().click();
  await expect(page).toHaveURL(/\/details\//);
  const detailsPath = new URL(page.url()).pathname;

  const url = await makeLink(page, detailsPath);
  await shoot(page, "pay-for-me-dialog-ar-390");
  const linkPath = new URL(url).pathname;

  // The preview WhatsApp shows, read as its crawler reads it: in the traveller's language, with our image.
  const crawled = await page.request.get(linkPath, { headers: { "user-agent": WHATSAPP_CRAWLER } });
  const html = await crawled.text();
  expect(metaContent(html, "og:title")).toBe(text("ar", "payLink.og.title", { name: "Walid" }));
  expect(metaContent(html, "og:locale")).toBe("ar_DZ");
  expect(metaContent(html, "og:url")).toBe(url);
  expect(metaContent(html, "og:description")).toContain("DA");
  const image = metaContent(html, "og:image")!;
  expect(image).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/pay-link-preview\.png$/);
  const served = await page.request.get(new URL(image).pathname, { headers: { "user-agent": WHATSAPP_CRAWLER } });
  expect(served.headers()["content-type"]).toBe("image/png");
  expect(html).toContain('<meta name="robots" content="noindex"/>');

  // The relative, at home, in French: no account, the page switched to French by its language picker.
  const home = await browser.newContext({ locale: "fr-FR", viewport: { width: 390, height: 844 } });
  const relative = await home.newPage();
  await relative.goto(linkPath);
  await expect(relative.locator("html")).toHaveAttribute("dir", "rtl");
  await relative.getByRole("link", { name: "Français" }).click();
  await expect(relative.getByRole("heading", { level: 1 })).toHaveText(
    text("fr", "payLink.page.heading", { name: "Walid" }),
  );
  expect(await relative.content()).not.toContain(email);
  expect(await relative.content()).not.toContain("Cherif");
  await shoot(relative, "pay-for-me-page-fr-390");
  await relative.getByRole("textbox", { name: text("fr", "payLink.page.email") }).fill("papa@example.dz");
  await relative.getByRole("checkbox", { name: new RegExp(text("fr", "terms.accept").slice(0, 20)) }).check();
  await relative.getByRole("button", { name: /^Payer / }).click();
  await expect(relative).toHaveURL(/\/sandbox\/checkout\//);
  await relative.getByRole("button", { name: new RegExp(`^${GATEWAY_BUTTON.pay.fr}`) }).click();
  await expect(relative).toHaveURL(/\/fr\/pay\/[\w-]+\?status=success/);
  // Back before the gateway's word, the page offers no second payment and reloads itself until it says paid.
  await expect(relative.getByText(text("fr", "payLink.page.paid", { name: "Walid" }))).toBeVisible({ timeout: 30_000 });
  await shoot(relative, "pay-for-me-paid-fr-390");

  // The traveller's eSIM shows the top-up among its bundles, and the link reads paid.
  await expect(async () => {
    await page.goto(detailsPath);
    // The plans' history is folded on the eSIM's page (decision 092).
    await page.getByRole("heading", { level: 2, name: text("ar", "details.bundles") }).click();
    const bundles = page.getByRole("region", { name: text("ar", "details.bundles") });
    await expect(bundles.getByText(text("ar", "details.bundleTopUp"), { exact: true })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 60_000, intervals: [2000] });
  const links = page.getByRole("region", { name: text("ar", "payLink.app.listTitle") });
  await expect(links.getByText(text("ar", "payLink.status.paid"), { exact: true })).toBeVisible();
  await shoot(page, "pay-for-me-details-paid-ar-390");

  // An expired link (ended by the operator's command, as 72 h would) and a revoked one refuse politely.
  const expiredUrl = await makeLink(page, detailsPath);
  consoleCli("paylink:expire", expiredUrl);
  const revokedUrl = await makeLink(page, detailsPath);
  await page.goto(detailsPath);
  await links.getByRole("button", { name: new RegExp(`^${text("ar", "payLink.app.revoke")}`) }).click();
  // Revoking asks first (decision 077).
  const confirmRevoke = page.getByRole("dialog", { name: text("ar", "payLink.app.revokeConfirmTitle") });
  await shoot(page, "pay-for-me-revoke-confirm-ar-390");
  await confirmRevoke.getByRole("button", { name: text("ar", "payLink.app.revokeConfirm") }).click();
  await expect(links.getByText(text("ar", "payLink.status.revoked"), { exact: true })).toBeVisible();

  await relative.goto(new URL(expiredUrl).pathname.replace("/ar/", "/fr/"));
  await expect(relative.getByRole("alert")).toHaveText(text("fr", "error.PAY_LINK_EXPIRED"));
  await expect(relative.getByRole("button", { name: /^Payer / })).toHaveCount(0);
  await shoot(relative, "pay-for-me-expired-fr-390");
  await relative.goto(new URL(revokedUrl).pathname.replace("/ar/", "/fr/"));
  await expect(relative.getByRole("alert")).toHaveText(text("fr", "error.PAY_LINK_REVOKED"));
  await expect(relative.getByRole("button", { name: /^Payer / })).toHaveCount(0);
  await home.close();
});
