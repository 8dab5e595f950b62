import type { Page } from "@playwright/test";
import { expectAccessible } from "./accessibility.ts";
import { buyTurkeyPlan } from "./buying.ts";
import { openConsoleSection, signInNewOperator } from "./console.ts";
import { expect, type MailboxMessage, test, uniqueEmail } from "./fixtures.ts";
import { text } from "./i18n.ts";

// A traveller who reads Arabic asks to cancel an eSIM just bought; a support agent approves it in the console with a
// reason; the traveller's mailbox receives the Arabic answer quoting it; an admin finds the approval in the audit log.

// bypassCSP: the accessibility check injects axe into the page.
test.use({ viewport: { width: 390, height: 844 }, bypassCSP: true });

const REASON = "تمت الموافقة على طلبك، وسيصلك المبلغ خلال أيام قليلة.";

async function shootQueue(page: Page, name: string, outputPath: (name: string) => string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
    if (width < 768) {
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `${name} fits ${width} px` })
        .toBeLessThanOrEqual(width);
    }
    await page.screenshot({ path: outputPath(`${name}-${width}.png`), fullPage: true });
    await expectAccessible(page, name);
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

test("a support agent approves an Arabic traveller's cancellation with a reason; the traveller is emailed in Arabic", async ({
  browser,
  page,
  request,
  signIn,
  readCode,
  extraHTTPHeaders,
}, testInfo) => {
  test.setTimeout(120_000);
  const outputPath = (name: string) => testInfo.outputPath(name);
  const contextOptions = {
    baseURL: testInfo.project.use.baseURL,
    viewport: { width: 390, height: 844 },
    bypassCSP: true,
    ...(extraHTTPHeaders ? { extraHTTPHeaders } : {}),
  };

  // The support agent is at the console before the traveller writes (eSIMs install themselves after 45 s here).
  const agentContext = await browser.newContext(contextOptions);
  const agent = await agentContext.newPage();
  const { email: agentEmail } = await signInNewOperator(agent, readCode, "support");

  const email = uniqueEmail("cancel-console-ar");
  await signIn({ email, name: "Lina Saadi", language: "ar" });
  await buyTurkeyPlan(page, "ar");
  await page.goto("/esims");
  await page.locator('a[href^="/details/"]').first().click();
  const iccid = (await page.getByText(/^8988/).first().textContent())!.trim();
  const section = page.getByRole("region", { name: text("ar", "cancel.title") });
  await section.getByLabel(text("ar", "cancel.reasonLabel")).fill("ألغيت رحلتي");
  await section.getByRole("button", { name: text("ar", "cancel.button") }).click();
  await page
    .getByRole("dialog", { name: text("ar", "cancel.confirmTitle") })
    .getByRole("button", { name: text("ar", "cancel.button") })
    .click();
  await expect(section.getByRole("status")).toBeVisible();

  // The agent finds the request in the queue, in French, then in Arabic, on a phone and on a desk.
  await agent.getByRole("link", { name: "Annulations et remboursements" }).click();
  await expect(agent.getByRole("heading", { level: 1, name: "Annulations et remboursements" })).toBeVisible();
  const card = agent.getByRole("listitem").filter({ hasText: iccid });
  await expect(card).toBeVisible();
  await expect(card).toContainText("arabe");
  await expect(card).toContainText("ألغيت رحلتي");
  await shootQueue(agent, "cancellations-fr", outputPath);
  await agent.getByLabel("Langue").selectOption("ar");
  await expect(agent.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(agent.getByRole("heading", { level: 1, name: "الإلغاءات والاسترداد" })).toBeVisible();
  await shootQueue(agent, "cancellations-ar", outputPath);
  await agent.getByLabel("اللغة").selectOption("fr");
  await expect(agent.getByRole("heading", { level: 1, name: "Annulations et remboursements" })).toBeVisible();

  // Approve, with the words the traveller reads.
  const orderNumber = (await card.getByRole("link").first().textContent())!.trim();
  await card.getByRole("button", { name: `Accepter la demande de la commande ${orderNumber}` }).click();
  const dialog = agent.getByRole("dialog", { name: `Accepter l’annulation de ${orderNumber}` });
  await expect(dialog).toContainText("E-mail en arabe");
  await dialog.getByLabel("Message au client (envoyé tel quel)").fill(REASON);
  await agent.screenshot({ path: outputPath("cancellation-approve-dialog-fr-390.png"), fullPage: true });
  await expectAccessible(agent, "cancellation-approve-dialog-fr");
  await dialog.getByRole("button", { name: "Confirmer" }).click();
  await expect(agent.getByText("Demande acceptée : le client est prévenu par e-mail.")).toBeVisible();
  await expect(agent.getByRole("listitem").filter({ hasText: iccid })).toHaveCount(0);

  // The traveller's mailbox: the Arabic answer, quoting the agent's words.
  let answer: MailboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const messages = (await (await request.get("/dev/mailbox.json")).json()) as MailboxMessage[];
        answer = messages.find((message) => message.to === email && message.subject.includes("تم قبول الإلغاء"));
        return answer !== undefined;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  expect(answer!.subject).toBe(`تم قبول الإلغاء – الطلب ${orderNumber}`);
  expect(answer!.text).toContain(REASON);
  expect(answer!.html).toContain('dir="rtl"');

  // The traveller's eSIM page says so.
  await page.reload();
  await expect(section.getByRole("status")).toContainText(text("ar", "cancel.approved").split("{amount}")[0]!.trim());

  // An admin sees the approval in the audit log, with the agent's address.
  const adminContext = await browser.newContext(contextOptions);
  const admin = await adminContext.newPage();
  await signInNewOperator(admin, readCode, "admin");
  await openConsoleSection(admin, "Journal d’audit");
  // The action and its object in words (decision 076), chosen from the filter's list.
  await admin.getByLabel("Action", { exact: true }).selectOption({ label: "Annulation d’eSIM acceptée" });
  await admin.getByRole("button", { name: "Filtrer", exact: true }).click();
  const entry = admin
    .getByRole("listitem")
    .filter({ hasText: "Annulation d’eSIM acceptée" })
    .filter({ hasText: agentEmail });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText("Demande d’annulation");
  await admin.screenshot({ path: outputPath("audit-cancellation-approved-fr-390.png"), fullPage: true });

  await agentContext.close();
  await adminContext.close();
});
