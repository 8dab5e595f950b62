import { buyTurkeyPlan } from "./buying.ts";
import { signInNewOperator } from "./console.ts";
import { expect, type MailboxMessage, test, uniqueEmail } from "./fixtures.ts";
import { text } from "./i18n.ts";

// A traveller's eSIM "doesn't work" (in French, then in Arabic): the guided check, then a claim; a support agent
// answers it in the console and refunds it as store credit; the traveller follows it in the app to "refunded as
// credit" and sees the credit; every step is emailed in the traveller's language.

test.use({ viewport: { width: 390, height: 844 } });

const ANSWER = "Choisissez le réseau à la main : nous vous remboursons en crédit.";

/** A message's words before its placeholder (the part that does not change). */
const before = (message: string, placeholder: string) => message.split(placeholder)[0]!.trim();

for (const language of ["fr", "ar"] as const) {
  test(`a claim in ${language} from It doesn't work to refunded as credit, answered in the console, followed in the app`, async ({
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

    const email = uniqueEmail(`claim-${language}`);
    await signIn({ email, name: "Lina Saadi", language });
    await buyTurkeyPlan(page, language);
    await page.goto("/esims");
    await page.locator('a[href^="/details/"]').first().click();
    const orderNumber = (await page.locator('a[href^="/status/"]').first().textContent())!.trim();

    // The guided check, step by step, then the claim.
    const section = page.getByRole("region", { name: text(language, "claim.title") });
    await section.getByRole("button", { name: text(language, "claim.open") }).click();
    await expect(section.getByRole("heading", { name: text(language, "claim.check.dataLine") })).toBeVisible();
    await shoot(page, `claim-check-${language}-390`);
    for (const next of [
      "claim.check.roaming",
      "claim.check.apn",
      "claim.check.network",
      "claim.check.restart",
    ] as const) {
      await section.getByRole("button", { name: text(language, "claim.check.stillFailing") }).click();
      await expect(section.getByRole("heading", { name: text(language, next) })).toBeVisible();
    }
    await section.getByRole("button", { name: text(language, "claim.check.stillFailing") }).click();
    await section.getByRole("radio", { name: text(language, "claim.reason.cannot_connect") }).check();
    await section.getByLabel(text(language, "claim.form.message")).fill("Du réseau à Istanbul, mais pas d'internet.");
    await shoot(page, `claim-form-${language}-390`);
    await section.getByRole("button", { name: text(language, "claim.form.submit") }).click();
    await expect(section.getByRole("status")).toContainText(text(language, "claim.status.received"));
    await shoot(page, `claim-received-${language}-390`);

    // The agent finds it in the console's claims, answers, and refunds the eSIM's share as store credit.
    await agent.getByRole("link", { name: "Réclamations" }).click();
    await expect(agent.getByRole("heading", { level: 1, name: "Réclamations" })).toBeVisible();
    await agent.getByRole("link").filter({ hasText: orderNumber }).click();
    await expect(agent.getByRole("heading", { level: 1, name: `Réclamation – commande ${orderNumber}` })).toBeVisible();
    await agent.getByRole("textbox", { name: "Répondre au voyageur" }).fill(ANSWER);
    await agent.getByRole("button", { name: "Envoyer la réponse" }).click();
    await expect(agent.getByRole("status").filter({ hasText: text("fr", "claim.status.answered") })).toBeVisible();
    await agent.screenshot({ path: testInfo.outputPath(`console-claim-${language}-390.png`), fullPage: true });
    await agent.getByRole("button", { name: /^Rembourser / }).click();
    // A refund is money: the console asks once more, stating the amount and the method.
    const confirm = agent.getByRole("dialog", { name: text("fr", "console.claims.confirmRefundTitle") });
    await confirm.getByRole("button", { name: text("fr", "console.claims.confirmRefundAction"), exact: true }).click();
    await expect(agent.getByRole("status").filter({ hasText: "Remboursée en crédit" })).toBeVisible();

    // The traveller follows it in the app: refunded as credit, the answer in the thread, the credit on the profile.
    await page.reload();
    const refunded = before(text(language, "claim.status.refundedCredit"), "{amount}");
    await expect(section.getByRole("status")).toContainText(refunded);
    await expect(section).toContainText(ANSWER);
    await shoot(page, `claim-refunded-${language}-390`);
    await section.getByRole("link", { name: text(language, "claim.status.seeCredit") }).click();
    const credit = page.getByRole("region", { name: text(language, "storeCredit.title") });
    await expect(credit).toBeVisible();
    await expect(credit).toContainText("220");
    await shoot(page, `claim-credit-${language}-390`);

    // Every step emailed in the traveller's language.
    const subjects = (["received", "answered", "refunded"] as const).map((step) =>
      text(language, `mail.claim.${step}Subject`, { number: orderNumber }),
    );
    await expect
      .poll(
        async () => {
          const messages = (await (await request.get("/dev/mailbox.json")).json()) as MailboxMessage[];
          return subjects.filter((subject) =>
            messages.some((message) => message.to === email && message.subject === subject),
          );
        },
        { timeout: 30_000 },
      )
      .toEqual(subjects);
    await agentContext.close();
  });
}
