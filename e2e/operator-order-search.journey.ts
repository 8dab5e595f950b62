import type { APIRequestContext, Page } from "@playwright/test";
import { buyTurkeyPlanByApi } from "./buying.ts";
import { openConsoleSection, signInNewOperator } from "./console.ts";
import { expect, test } from "./fixtures.ts";
import { text } from "./i18n.ts";

// The console's orders (decision 036): a traveller's paid order is not delivered (the eSIM upstream fails); a support agent finds it by
// the traveller's email, reads its timeline, retries the provisioning once the upstream is back and sees it delivered;
// an admin's audit log then shows the retry with the agent's name. Screens taken at 390 and 1280 px in French and
// Arabic.

test.use({ viewport: { width: 390, height: 844 } });

/** The local upstream's faults in the server (dev only): "error=1" refuses every call, "" switches them off. */
async function setUpstreamFaults(request: APIRequestContext, faults: string) {
  const response = await request.put("/dev/simulator/faults", { data: { faults } });
  expect(response.status()).toBe(200);
}

async function shootAt(page: Page, width: 390 | 1280, path: string) {
  await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
  await page.screenshot({ path, fullPage: true });
}

test.afterEach(async ({ request }) => {
  await setUpstreamFaults(request, "");
});

test("a support agent finds an undelivered order by email, reads its timeline, retries it and sees it delivered; the admin's audit log shows it", async ({
  page,
  browser,
  request,
  apiSignIn,
  readCode,
}, testInfo) => {
  const travellerEmail = `samir-${Date.now().toString(36)}@example.dz`;
  const token = await apiSignIn({ email: travellerEmail, name: "Samir Haddad" });
  await setUpstreamFaults(request, "error=1");
  const { number } = await buyTurkeyPlanByApi(request, { token, email: travellerEmail });

  const agent = await signInNewOperator(page, readCode, "support");
  await page.getByRole("link", { name: "Commandes" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Commandes" })).toBeVisible();
  await page
    .getByLabel("Nom, e-mail, téléphone, numéro de commande, ICCID ou identifiant de paiement")
    .fill(travellerEmail);
  await page.getByRole("button", { name: "Rechercher" }).click();
  const results = page.getByRole("list", { name: "Commandes trouvées" });
  const found = results.getByRole("link", { name: new RegExp(number) });
  await expect(found).toBeVisible();
  await expect(found).toContainText("Payée, non livrée");
  await shootAt(page, 390, testInfo.outputPath("orders-search-fr-390.png"));
  await shootAt(page, 1280, testInfo.outputPath("orders-search-fr-1280.png"));
  await page.setViewportSize({ width: 390, height: 844 });

  await found.click();
  await expect(page.getByRole("heading", { level: 1, name: `Commande ${number}` })).toBeVisible();
  const timeline = page.getByRole("region", { name: "Chronologie" });
  await expect(timeline).toContainText("Commande créée");
  // The gateway's word in French; its raw event is kept folded for support.
  await expect(timeline).toContainText(
    text("fr", "console.orders.timeline.gatewayNotice", { provider: text("fr", "console.orders.gateway.sandbox") }),
  );
  await expect(timeline).toContainText("Paiement en attente → Payée, non livrée");
  const provisioning = page.getByRole("region", { name: "Provisionnement" });
  await expect(provisioning).toContainText(text("fr", "console.orders.lastErrorSummary"), { timeout: 20_000 });
  await shootAt(page, 390, testInfo.outputPath("order-timeline-fr-390.png"));
  await shootAt(page, 1280, testInfo.outputPath("order-timeline-fr-1280.png"));

  // The upstream is back: the agent retries, and the page follows the order to its delivery.
  await setUpstreamFaults(request, "");
  await page.getByRole("button", { name: "Relancer le provisionnement" }).click();
  const dialog = page.getByRole("dialog", { name: "Relancer le provisionnement ?" });
  await expect(dialog).toContainText(number);
  await dialog.getByRole("button", { name: "Relancer le provisionnement" }).click();
  await expect(page.getByText("Provisionnement relancé. La commande se met à jour toute seule.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 }).locator("xpath=..")).toContainText("Livrée", {
    timeout: 30_000,
  });
  await expect(timeline).toContainText("eSIM enregistrée");
  await expect(timeline).toContainText("Action d’un opérateur");
  await expect(timeline).toContainText(agent.email);
  await expect(page.getByRole("button", { name: "Relancer le provisionnement" })).toHaveCount(0);

  // The same order in Arabic, right to left, on the phone and on a desk.
  await page.getByLabel("Langue").selectOption("ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1, name: `الطلب ${number}` })).toBeVisible();
  await expect(page.getByRole("region", { name: "التسلسل الزمني" })).toContainText("تم حفظ شريحة eSIM");
  await shootAt(page, 390, testInfo.outputPath("order-timeline-ar-390.png"));
  await shootAt(page, 1280, testInfo.outputPath("order-timeline-ar-1280.png"));
  await page.getByRole("link", { name: "الطلبات", exact: true }).click();
  await page
    .getByLabel("الاسم أو البريد الإلكتروني أو الهاتف أو رقم الطلب أو ICCID أو معرّف الدفع")
    .fill(travellerEmail);
  await page.getByRole("button", { name: "بحث" }).click();
  await expect(page.getByRole("list", { name: "الطلبات التي تم العثور عليها" })).toContainText("تم التسليم");
  await shootAt(page, 1280, testInfo.outputPath("orders-search-ar-1280.png"));
  await shootAt(page, 390, testInfo.outputPath("orders-search-ar-390.png"));

  // An admin, on another browser, reads the retry in the audit log.
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const adminPage = await adminContext.newPage();
  await signInNewOperator(adminPage, readCode, "admin");
  await openConsoleSection(adminPage, "Journal d’audit");
  await adminPage.getByLabel("Identifiant de l’objet").fill(number);
  await adminPage.getByRole("button", { name: "Filtrer", exact: true }).click();
  await expect(adminPage.getByRole("listitem").filter({ hasText: "Livraison relancée" })).toBeVisible();
  await expect(adminPage.getByText(agent.email).first()).toBeVisible();
  await adminContext.close();
});
