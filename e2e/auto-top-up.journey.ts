import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { buyTurkeyPlanByApi } from "./buying.ts";
import { expect, test, uniqueEmail } from "./fixtures.ts";
import { text } from "./i18n.ts";

test.use({ viewport: { width: 390, height: 844 } });

const CREDIT_DZD = 20_000;

/** The traveller's store credit now (DZD minor units), as the account's screen reads it. */
async function creditOf(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get("/api/v1/app/account/store-credit", {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()).data as { balanceDzdMinor: number }).balanceDzdMinor;
}

/** Loads store credit before the trip, paid on the sandbox gateway's page (decision 068). */
async function loadCredit(request: APIRequestContext, token: string, amountDzd: number) {
  const created = await request.post("/api/v1/app/credit-loads", {
    headers: { authorization: `Bearer ${token}` },
    data: { clientReference: randomUUID(), amountDzd, paymentMethod: "cib", termsAccepted: true },
  });
  expect(created.status()).toBe(200);
  const { checkoutUrl } = (await created.json()).data as { checkoutUrl: string };
  const paid = await request.post(`${new URL(checkoutUrl).pathname}/pay`, { form: { method: "cib" }, maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  await expect.poll(() => creditOf(request, token), { timeout: 30_000 }).toBe(amountDzd * 100);
}

// The journeys' simulator installs a profile 45 s after delivery and then uses its data at a demo pace (each profile
// its own), sending webhooks every 2 s: a threshold of half the data is crossed within a few minutes.
test("auto top-up fires once when the simulator's usage crosses the threshold, and a top-up is paid from credit in one tap", async ({
  page,
  request,
  signIn,
  shoot,
}) => {
  test.setTimeout(420_000);
  const email = uniqueEmail("auto-top-up");
  const token = await signIn({ email, name: "Nadia Cherif", language: "fr" });
  await buyTurkeyPlanByApi(request, { token, email });
  await loadCredit(request, token, CREDIT_DZD);

  // Until the eSIM is delivered and listed; each try loads the list anew, whatever page the last one ended on.
  const firstEsim = page.locator('a[href^="/details/"]').first();
  await expect(async () => {
    await page.goto("/esims");
    await expect(firstEsim).toBeVisible({ timeout: 5000 });
  }).toPass({ timeout: 60_000 });
  await firstEsim.click();
  await expect(page).toHaveURL(/\/details\//);
  const detailsUrl = page.url();

  // Turned on from the eSIM's details: the top-up offered, half the data left, at most two a month.
  const settings = page.getByRole("region", { name: text("fr", "autoTopUp.title") });
  await settings.getByRole("checkbox", { name: text("fr", "autoTopUp.enabled") }).check();
  await settings.getByRole("combobox", { name: text("fr", "autoTopUp.threshold") }).selectOption("50");
  await settings.getByRole("button", { name: text("fr", "common.save") }).click();
  await expect(settings.getByText(text("fr", "autoTopUp.saved"))).toBeVisible();
  await shoot(page, "auto-top-up-settings-fr-390");

  // The simulator's usage crosses the threshold: the top-up is bought from credit once and lands on the eSIM.
  const bundles = page.getByRole("region", { name: text("fr", "details.bundles") });
  const topUpBundles = bundles.getByText(text("fr", "details.bundleTopUp"), { exact: true });
  // The plans' history is folded on the eSIM's page (decision 092): each reload folds it again.
  const reloadAndUnfoldBundles = async () => {
    await page.reload();
    await page.getByRole("heading", { level: 2, name: text("fr", "details.bundles") }).click();
  };
  await expect(async () => {
    await reloadAndUnfoldBundles();
    await expect(topUpBundles).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 330_000, intervals: [3000] });
  const creditAfterAuto = await creditOf(request, token);
  expect(creditAfterAuto).toBeLessThan(CREDIT_DZD * 100);
  await expect(settings.getByText(text("fr", "autoTopUp.boughtThisMonth", { count: "1", cap: "2" }))).toBeVisible();
  await shoot(page, "auto-top-up-fired-fr-390");

  // Usage keeps moving (webhooks every 2 s), above the threshold now: after two more usage reports stored, nothing
  // more is bought. Not longer: at the fastest pace the data cross the threshold again within a minute, and a second
  // automatic top-up would then be right.
  const usage = page.getByText(/restants sur/);
  for (let report = 0; report < 2; report += 1) {
    const left = await usage.textContent();
    await expect(async () => {
      await page.reload();
      await expect(usage).not.toHaveText(left ?? "", { timeout: 1000 });
    }).toPass({ timeout: 60_000, intervals: [1000] });
  }
  await reloadAndUnfoldBundles();
  await expect(topUpBundles).toHaveCount(1);
  expect(await creditOf(request, token)).toBe(creditAfterAuto);

  // One tap abroad: the confirm states the plan, the amount and the terms; paid from credit, no gateway.
  const fromCredit = page.getByRole("region", { name: text("fr", "autoTopUp.creditTitle") });
  await fromCredit.getByRole("button", { name: text("fr", "autoTopUp.topUpFromCredit") }).click();
  const confirm = page.getByRole("dialog", { name: text("fr", "autoTopUp.confirmTitle") });
  await expect(confirm).toContainText("conditions générales de vente");
  await shoot(page, "top-up-from-credit-confirm-fr-390");
  await confirm.getByRole("button", { name: text("fr", "common.confirm") }).click();
  await expect(fromCredit.getByText(text("fr", "autoTopUp.done"))).toBeVisible();
  expect(page.url()).toBe(detailsUrl);
  const creditAfterTap = await creditOf(request, token);
  expect(creditAfterTap).toBeLessThan(creditAfterAuto);
  await expect(async () => {
    await reloadAndUnfoldBundles();
    await expect(topUpBundles).toHaveCount(2, { timeout: 1000 });
  }).toPass({ timeout: 60_000, intervals: [2000] });
  expect(await creditOf(request, token)).toBe(creditAfterTap);

  // The same screen in Arabic, right to left.
  const preferences = await request.put("/api/v1/app/profile/preferences", {
    headers: { authorization: `Bearer ${token}` },
    data: { language: "ar", currency: "DZD" },
  });
  expect(preferences.ok()).toBe(true);
  await page.evaluate(() => window.localStorage.setItem("LANG", "ar"));
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("region", { name: text("ar", "autoTopUp.title") })).toBeVisible();
  await expect(page.getByRole("region", { name: text("ar", "autoTopUp.creditTitle") })).toBeVisible();
  await shoot(page, "auto-top-up-details-ar-390");
});
