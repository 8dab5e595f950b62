import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { USER_API_CACHE_NAME } from "../apps/web/src/lib/offline-cache.ts";
import { buyTurkeyPlanByApi } from "./buying.ts";
import { expect, test, uniqueEmail } from "./fixtures.ts";
import { type JourneyLanguage, text } from "./i18n.ts";

test.use({ viewport: { width: 390, height: 844 } });

// Offline help (decision 015): a traveller opens an eSIM before leaving, lands abroad with no data, and the
// app still opens on the phone with the eSIM's ICCID, APN and roaming help. docs/decisions/015-pwa-offline.md.

const IPHONE_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

test.use({ userAgent: IPHONE_UA });

/** Buys a 7-day Turkey plan through the API and pays on the sandbox gateway's page; answers the delivered eSIM. */
async function buyEsim(request: APIRequestContext, options: { token: string; email: string }) {
  const headers = { authorization: `Bearer ${options.token}` };
  const order = await buyTurkeyPlanByApi(request, options);
  let esims: { id: string; iccid: string }[] = [];
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/v1/app/orders/${order.id}`, { headers });
        const current = (await response.json()).data as { status: string; esims: typeof esims };
        esims = current.esims;
        return current.status;
      },
      { timeout: 30_000 },
    )
    .toBe("delivered");
  return esims[0]!;
}

/** Waits until the service worker has precached the app and controls this page. */
async function waitForOfflineWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

const esimLinks = (page: Page) => page.locator('main a[href^="/details/"]');

for (const language of ["fr", "ar"] as const satisfies JourneyLanguage[]) {
  test(`a traveller in ${language} reads an eSIM's APN and roaming help offline, on a phone that opened it`, async ({
    page,
    context,
    request,
    signIn,
    shoot,
  }) => {
    const email = uniqueEmail(`offline-${language}`);
    const token = await signIn({ email, name: "Samir Haddad", language });
    const esim = await buyEsim(request, { token, email });

    // Online, before leaving: the eSIM's page, then My eSIMs.
    await page.goto(`/details/${esim.id}`);
    // The ICCID is among the folded technical details (decision 092).
    await page.getByRole("heading", { level: 2, name: text(language, "details.technical") }).click();
    await expect(page.getByText(esim.iccid)).toBeVisible();
    await waitForOfflineWorker(page);
    await page.getByRole("heading", { level: 2, name: text(language, "details.technical") }).click();
    await expect(page.getByText(esim.iccid)).toBeVisible();
    await page.goto("/esims");
    await expect(esimLinks(page)).toHaveCount(1);
    // The worker keeps its copies (NetworkFirst) just after answering the page.
    await expect
      .poll(() =>
        page.evaluate(
          async (cacheName) =>
            (await (await caches.open(cacheName)).keys()).map((request) => new URL(request.url).pathname),
          USER_API_CACHE_NAME,
        ),
      )
      .toEqual(expect.arrayContaining(["/api/v1/app/esims", `/api/v1/app/esims/${esim.id}`]));

    // Landed abroad, no data. Meanwhile a second eSIM exists on the server: the phone cannot know it yet.
    await context.setOffline(true);
    await buyEsim(request, { token, email });

    await page.goto(`/details/${esim.id}`);
    const banner = page.getByRole("status").filter({ hasText: text(language, "offline.banner") });
    await expect(banner).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: text(language, "screen.details") })).toBeVisible();
    await page.getByRole("heading", { level: 2, name: text(language, "details.technical") }).click();
    await expect(page.getByText(esim.iccid)).toBeVisible();
    await page.getByRole("heading", { level: 2, name: text(language, "network.title") }).click();
    const network = page.getByRole("region", { name: text(language, "network.title") });
    await expect(network.getByText("internet", { exact: true })).toBeVisible();
    await expect(network.getByText(text(language, "network.roaming"))).toBeVisible();
    await expect(network.getByText(text(language, "network.roamingIos"))).toBeVisible();
    expect(
      await page.evaluate(() =>
        fetch("/api/health").then(
          () => "online",
          () => "offline",
        ),
      ),
    ).toBe("offline");
    await shoot(page, `offline-details-${language}-390`);
    // The help card alone, clear of the tab bar, for a human to check the wording and the mirroring.
    await network.evaluate((element) => element.scrollIntoView({ block: "center" }));
    await network.screenshot({
      path: path.join(import.meta.dirname, "../test-results/screenshots", `offline-network-${language}-390.png`),
    });
    // Back to the top: ScrollRestoration would carry this position to the next page load (same "default" key).
    await page.evaluate(() => window.scrollTo(0, 0));

    await page.goto("/esims");
    await expect(banner).toBeVisible();
    await expect(page.getByRole("heading", { name: text(language, "esims.available") })).toBeVisible();
    await expect(esimLinks(page)).toHaveCount(1);
    await shoot(page, `offline-esims-${language}-390`);

    // Back online: the notice goes and the list is the server's again (network first).
    await context.setOffline(false);
    await expect(banner).toBeHidden();
    await page.reload();
    await expect(esimLinks(page)).toHaveCount(2);
  });
}
