import { buyTurkeyPlan } from "./buying.ts";
import { consoleCli, expect, type MailboxMessage, test, uniqueEmail } from "./fixtures.ts";
import { text } from "./i18n.ts";

test.use({ viewport: { width: 390, height: 844 } });

/** A message's words before its placeholder (the part that does not change). */
const before = (message: string, placeholder: string) => message.split(placeholder)[0]!.trim();

for (const language of ["fr", "ar"] as const) {
  test(`a traveller in ${language} asks to cancel an eSIM just bought, and the operator approves it`, async ({
    page,
    request,
    signIn,
    shoot,
  }) => {
    const email = uniqueEmail(`cancel-${language}`);
    await signIn({ email, name: "Lina Saadi", language });
    const orderId = await buyTurkeyPlan(page, language);

    await page.goto("/esims");
    await page.locator('a[href^="/details/"]').first().click();
    const iccid = (await page.getByText(/^8988/).first().textContent())!.trim();
    const section = page.getByRole("region", { name: text(language, "cancel.title") });
    await expect(section.getByText(text(language, "cancel.policy"), { exact: false })).toBeVisible();
    await section.getByLabel(text(language, "cancel.reasonLabel")).fill("Voyage annulé");
    await shoot(page, `cancel-${language}-390`);
    await section.getByRole("button", { name: text(language, "cancel.button") }).click();
    const dialog = page.getByRole("dialog", { name: text(language, "cancel.confirmTitle") });
    await dialog.getByRole("button", { name: text(language, "cancel.button") }).click();
    await expect(section.getByRole("status")).toContainText(before(text(language, "cancel.pending"), "{date}"));
    await shoot(page, `cancel-pending-${language}-390`);

    // The operator is told, and approves from the command line.
    await expect
      .poll(async () => {
        const messages = (await (await request.get("/dev/mailbox.json")).json()) as MailboxMessage[];
        return messages.some((message) => message.subject.includes(iccid));
      })
      .toBe(true);
    expect(consoleCli("cancellation:approve", iccid)).toContain("Approved");

    await page.reload();
    await expect(section.getByRole("status")).toContainText(before(text(language, "cancel.approved"), "{amount}"));
    await shoot(page, `cancel-approved-${language}-390`);
    // Approved is not refunded (decision 062): the order's page says the refund is owed and offers the choice.
    await page.goto(`/status/${orderId}`);
    await expect(page.getByText(text(language, "status.refundDueMessage"))).toBeVisible();
    const refund = page.getByRole("region", { name: text(language, "refund.title") });
    await expect(refund).toContainText(text(language, "refund.owed"));
    await expect(refund.getByRole("radio", { name: text(language, "refund.storeCredit") })).toBeVisible();
  });
}
