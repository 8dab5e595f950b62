import { buyTurkeyPlan } from "./buying.ts";
import { signInNewOperator } from "./console.ts";
import { expect, test, uniqueEmail } from "./fixtures.ts";
import { text } from "./i18n.ts";

// A traveller bought an eSIM, then blocked their PIN with four wrong tries and left a session open on a lost phone.
// A support agent finds them by email, sees their order and the eSIM's usage, ends that session (its token answers
// 401 from then on) and unblocks the PIN; the admin's audit log shows both changes, by whom. The customer's page is
// looked at on a phone and a desk, in French and in Arabic.

test.use({ viewport: { width: 390, height: 844 } });

const APP = "/api/v1/app";

test("a support agent finds a customer by email, ends a session and unblocks the PIN; the audit log shows both", async ({
  browser,
  page,
  request,
  signIn,
  readCode,
  extraHTTPHeaders,
}, testInfo) => {
  test.setTimeout(180_000);
  const email = uniqueEmail("customer");
  const token = await signIn({ email, name: "Lina Saadi", language: "fr" });
  await buyTurkeyPlan(page, "fr");
  const bearer = { authorization: `Bearer ${token}` };

  // Four wrong PINs block it.
  expect((await request.put(`${APP}/profile/pin`, { headers: bearer, data: { pin: "1234" } })).status()).toBe(200);
  const esims = (await (await request.get(`${APP}/esims`, { headers: bearer })).json()).data as {
    available: { id: string }[];
  };
  const esimId = esims.available[0]!.id;
  for (let attempt = 0; attempt < 4; attempt++) {
    await request.post(`${APP}/esims/${esimId}/install`, { headers: bearer, data: { pin: "9999" } });
  }
  const blocked = await request.post(`${APP}/esims/${esimId}/install`, { headers: bearer, data: { pin: "1234" } });
  expect((await blocked.json()).error.code).toBe("PIN_BLOCKED");

  // The support agent, on the console in a browser of their own.
  const consoleBrowser = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: { width: 390, height: 844 },
    ...(extraHTTPHeaders ? { extraHTTPHeaders } : {}),
  });
  const agentPage = await consoleBrowser.newPage();
  const agent = await signInNewOperator(agentPage, readCode, "support");
  await agentPage.getByRole("link", { name: text("fr", "console.nav.customers") }).click();
  await agentPage.getByLabel(text("fr", "console.customers.searchLabel")).fill(email);
  await agentPage.getByRole("button", { name: text("fr", "console.customers.search"), exact: true }).click();
  // Other journeys' travellers share the name and the list before the search: the link is the one with this email.
  const found = agentPage.getByRole("link", { name: /Lina Saadi/ }).filter({ hasText: email });
  await expect(found).toContainText(text("fr", "console.customers.orderCount", { count: "1" }));
  await agentPage.screenshot({ path: testInfo.outputPath("customers-fr-390.png"), fullPage: true });
  // Deleting an account is immediate here: the deleted accounts' tab says so rather than listing requests.
  await agentPage.getByRole("button", { name: text("fr", "console.customers.deleted") }).click();
  await expect(agentPage.getByText(text("fr", "console.customers.deletionNote"))).toBeVisible();
  await agentPage.screenshot({ path: testInfo.outputPath("customers-deleted-fr-390.png"), fullPage: true });
  await agentPage.getByRole("button", { name: text("fr", "console.customers.active") }).click();
  await found.click();
  await expect(agentPage).toHaveURL(/\/admin\/customers\/[0-9a-f-]{36}$/);
  const customerId = agentPage.url().split("/").at(-1)!;

  await expect(agentPage.getByRole("heading", { level: 1, name: "Lina Saadi" })).toBeVisible();
  await expect(agentPage.getByRole("link", { name: /^ES\d{2}-\d{6}$/ })).toHaveAttribute(
    "href",
    /^\/admin\/orders\/ES\d{2}-\d{6}$/,
  );
  const esimsSection = agentPage.getByRole("region", { name: text("fr", "console.customers.esims.title") });
  await expect(esimsSection.getByText(/^8988/)).toBeVisible();
  await expect(esimsSection.getByText(/utilisés/)).toBeVisible();
  // The supplier asked again on opening: the button is usable once it answered.
  await expect(esimsSection.getByRole("button", { name: text("fr", "console.customers.esims.refresh") })).toBeEnabled();
  await expect(agentPage.getByText(text("fr", "console.customers.pin.blocked"))).toBeVisible();
  await agentPage.screenshot({ path: testInfo.outputPath("customer-fr-390.png"), fullPage: true });
  await agentPage.setViewportSize({ width: 1280, height: 900 });
  await agentPage.screenshot({ path: testInfo.outputPath("customer-fr-1280.png"), fullPage: true });
  await agentPage.setViewportSize({ width: 390, height: 844 });

  // The lost phone's session ends: its token answers 401.
  await agentPage.getByRole("button", { name: /^Fermer la session ouverte le/ }).click();
  await expect(agentPage.getByText(text("fr", "console.customers.sessions.revoked"))).toBeVisible();
  await expect(agentPage.getByText(text("fr", "console.customers.sessions.empty"))).toBeVisible();
  expect((await request.get(`${APP}/auth/me`, { headers: bearer })).status()).toBe(401);
  await page.reload();
  await expect(page).toHaveURL(/\/login/);

  // The PIN is unblocked (and kept): the customer's right PIN opens the install details again.
  await agentPage.getByRole("button", { name: text("fr", "console.customers.pin.unblock") }).click();
  await expect(agentPage.getByText(text("fr", "console.customers.pin.unblocked"))).toBeVisible();
  await expect(agentPage.getByText(text("fr", "console.customers.pin.attemptsLeft", { count: "4" }))).toBeVisible();

  // The same page in Arabic, on the phone and on a desk.
  await agentPage.getByLabel("Langue").selectOption("ar");
  await expect(agentPage.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(agentPage.getByRole("heading", { name: text("ar", "console.customers.esims.title") })).toBeVisible();
  await agentPage.screenshot({ path: testInfo.outputPath("customer-ar-390.png"), fullPage: true });
  await agentPage.setViewportSize({ width: 1280, height: 900 });
  await agentPage.screenshot({ path: testInfo.outputPath("customer-ar-1280.png"), fullPage: true });
  await agentPage.getByRole("link", { name: text("ar", "console.customers.back") }).click();
  await agentPage.getByLabel(text("ar", "console.customers.searchLabel")).fill(email);
  await agentPage.getByRole("button", { name: text("ar", "console.customers.search"), exact: true }).click();
  await expect(found).toBeVisible();
  await agentPage.screenshot({ path: testInfo.outputPath("customers-ar-1280.png"), fullPage: true });

  // The admin's audit log, filtered on this customer, shows both changes and who made them.
  const adminBrowser = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: { width: 390, height: 844 },
    ...(extraHTTPHeaders ? { extraHTTPHeaders } : {}),
  });
  const adminPage = await adminBrowser.newPage();
  await signInNewOperator(adminPage, readCode, "admin");
  await adminPage.goto("/admin/audit");
  await adminPage.getByLabel(text("fr", "console.audit.entityId")).fill(customerId);
  await adminPage.getByRole("button", { name: text("fr", "console.audit.apply"), exact: true }).click();
  const entries = adminPage.getByRole("listitem").filter({ hasText: customerId });
  await expect(entries.filter({ hasText: text("fr", "console.audit.action.customer.session_revoked") })).toContainText(
    agent.email,
  );
  await expect(entries.filter({ hasText: text("fr", "console.audit.action.customer.pin_unblocked") })).toContainText(
    agent.email,
  );
  await adminPage.screenshot({ path: testInfo.outputPath("customer-audit-fr-390.png"), fullPage: true });
  await consoleBrowser.close();
  await adminBrowser.close();
});
