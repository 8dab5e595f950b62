import { buyTurkeyPlan } from "./buying.ts";
import { expect, type MailboxMessage, test, uniqueEmail } from "./fixtures.ts";
import { text } from "./i18n.ts";
import { signInNewOperator } from "./operators.ts";

// A French traveller's eSIM "doesn't work": the guided check, then a claim; a support agent answers it in the console
// and refunds it as store credit; the traveller follows it in the app to "refunded as credit" and sees the credit.

test.use({ viewport: { width: 390, height: 844 } });

const ANSWER = "Choisissez le réseau à la main : nous vous remboursons en crédit.";

test("a claim from It doesn't work to refunded as credit, answered in the console and followed in the app", async ({
  browser,
  page,
  request,
  signIn,
  readCode,
  shoot,
  extraHTTPHeaders,
}, testInfo) => {
  test.setTimeout(150_000);
  const agentContext = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: { width: 390, height: 844 },
    ...(extraHTTPHeaders ? { extraHTTPHeaders } : {}),
  });
  const agent = await agentContext.newPage();
  await signInNewOperator(agent, readCode, "support");

  const email = uniqueEmail("claim-fr");
  await signIn({ email, name: "Lina Saadi", language: "fr" });
  await buyTurkeyPlan(page, "fr");
  await page.goto("/esims");
  await page.locator('a[href^="/details/"]').first().click();
  const orderNumber = (await page.locator('a[href^="/status/"]').first().textContent())!.trim();

  // The guided check, step by step, then the claim.
  const section = page.getByRole("region", { name: text("fr", "claim.title") });
  await section.getByRole("button", { name: text("fr", "claim.open") }).click();
  await expect(section.getByRole("heading", { name: text("fr", "claim.check.dataLine") })).toBeVisible();
  await shoot(page, "claim-check-fr-390");
  for (const next of [
    "claim.check.roaming",
    "claim.check.apn",
    "claim.check.network",
    "claim.check.restart",
  ] as const) {
    await section.getByRole("button", { name: text("fr", "claim.check.stillFailing") }).click();
    await expect(section.getByRole("heading", { name: text("fr", next) })).toBeVisible();
  }
  await section.getByRole("button", { name: text("fr", "claim.check.stillFailing") }).click();
  await section.getByRole("radio", { name: text("fr", "claim.reason.cannot_connect") }).check();
  await section.getByLabel(text("fr", "claim.form.message")).fill("Du réseau à Istanbul, mais pas d'internet.");
  await shoot(page, "claim-form-fr-390");
  await section.getByRole("button", { name: text("fr", "claim.form.submit") }).click();
  await expect(section.getByRole("status")).toContainText(text("fr", "claim.status.received"));
  await shoot(page, "claim-received-fr-390");

  // The agent finds it in the console's claims, answers, and refunds the eSIM's share as store credit.
  await agent.getByRole("link", { name: "Réclamations" }).click();
  await expect(agent.getByRole("heading", { level: 1, name: "Réclamations" })).toBeVisible();
  await agent.getByRole("link").filter({ hasText: orderNumber }).click();
  await expect(agent.getByRole("heading", { level: 1, name: `Réclamation – commande ${orderNumber}` })).toBeVisible();
  await agent.getByRole("textbox", { name: "Répondre au voyageur" }).fill(ANSWER);
  await agent.getByRole("button", { name: "Envoyer la réponse" }).click();
  await expect(agent.getByRole("status").filter({ hasText: text("fr", "claim.status.answered") })).toBeVisible();
  await agent.screenshot({ path: testInfo.outputPath("console-claim-fr-390.png"), fullPage: true });
  await agent.getByRole("button", { name: /^Rembourser / }).click();
  await expect(agent.getByRole("status").filter({ hasText: "Remboursée en crédit" })).toBeVisible();

  // The traveller follows it in the app: refunded as credit, the answer in the thread, the credit on the profile.
  await page.reload();
  await expect(section.getByRole("status")).toContainText("Remboursée en crédit");
  await expect(section).toContainText(ANSWER);
  await shoot(page, "claim-refunded-fr-390");
  await section.getByRole("link", { name: text("fr", "claim.status.seeCredit") }).click();
  const credit = page.getByRole("region", { name: text("fr", "storeCredit.title") });
  await expect(credit).toBeVisible();
  await expect(credit).not.toContainText(/\b0,00\b/);

  // Every step emailed in French.
  await expect
    .poll(
      async () => {
        const messages = (await (await request.get("/dev/mailbox.json")).json()) as MailboxMessage[];
        return messages
          .filter((message) => message.to === email && /réclamation/i.test(message.subject))
          .map((message) => message.subject.split(" – ")[0])
          .sort();
      },
      { timeout: 30_000 },
    )
    .toEqual(["Réclamation reçue", "Réclamation remboursée", "Réponse à votre réclamation"].sort());
  await agentContext.close();
});
