import { payCart } from "./buying.ts";
import { consoleCli, expect, type MailboxMessage, test, uniqueEmail } from "./fixtures.ts";
import { type JourneyLanguage, text } from "./i18n.ts";

// Decision 083: the upstream's price moved between the traveller's payment and our purchase (eSIM Access refuses the
// old one with 200005). Nobody acts: a little dearer, the eSIM is bought at the new price and delivered; dearer than
// the sale, nothing is bought and the refund is owed at once, the traveller told.

test.use({ viewport: { width: 390, height: 844 } });

/** The local upstream's code of the first 7-day Türkiye plan on sale, and its cost there now (USD × 10 000). */
async function firstTurkeyWeekPlan(request: import("@playwright/test").APIRequestContext) {
  const response = await request.get("/api/v1/app/destinations/TR/packages?days=7");
  const [plan] = (await response.json()).data.plans as { dataMb: number | null }[];
  expect(plan?.dataMb).toBeTruthy();
  const code = `SIM-TR-${plan!.dataMb! / 1024}GB-7D`;
  const upstream = await request.get(`/dev/simulator/packages/${code}`);
  expect(upstream.status()).toBe(200);
  return { code, costUsdE4: ((await upstream.json()).data as { costUsdE4: number }).costUsdE4 };
}

// Back to the upstream's price, and our catalogue with it (a sync, as the operator runs one), in a hook: it runs even
// when the test ran out of time, whose own request context is closed by then, and the next journeys buy this plan.
test.afterEach(async ({ request }) => {
  const { code } = await firstTurkeyWeekPlan(request);
  const response = await request.put(`/dev/simulator/packages/${code}/price`, { data: { costUsdE4: null } });
  expect(response.status()).toBe(200);
  consoleCli("catalog:sync");
});

for (const language of ["fr", "ar"] as const satisfies JourneyLanguage[]) {
  test(`a price moved upstream after payment is delivered, or owed back when it would sell at a loss (${language})`, async ({
    page,
    request,
    signIn,
    shootWidths,
  }) => {
    const { code, costUsdE4 } = await firstTurkeyWeekPlan(request);
    const movePrice = async (costUsdE4: number) => {
      const response = await request.put(`/dev/simulator/packages/${code}/price`, { data: { costUsdE4 } });
      expect(response.status()).toBe(200);
    };
    const email = uniqueEmail(`price-moved-${language}`);
    const token = await signIn({ email, language });

    // A few cents dearer upstream than our catalogue knows: bought at it, delivered as usual.
    await page.goto("/packages/TR?days=7");
    await page.locator('a[href^="/cart?plan="]').first().click();
    await expect(page).toHaveURL(/\/cart\?plan=/);
    await movePrice(costUsdE4 + 500);
    const delivered = await payCart(page, language);
    await page.goto(`/status/${delivered}`);
    await expect(page.getByText(text(language, "status.deliveredMessage"))).toBeVisible({ timeout: 30_000 });

    // Dearer than the sale: never bought at a loss; the page says a refund is owed, nobody had to decide it.
    await page.goto("/packages/TR?days=7");
    await page.locator('a[href^="/cart?plan="]').first().click();
    await movePrice(200 * 10_000);
    const refunded = await payCart(page, language);
    await page.goto(`/status/${refunded}`);
    await expect(page.getByText(text(language, "status.refundDueMessage"))).toBeVisible({ timeout: 30_000 });
    await shootWidths(page, `upstream-price-loss-status-${language}`);

    // The traveller is told by email, in their language, why and what comes next.
    const order = await request.get(`/api/v1/app/orders/${refunded}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { number } = (await order.json()).data as { number: string };
    const subject = text(language, "mail.automaticRefund.subject", { number });
    let mail: MailboxMessage | undefined;
    await expect
      .poll(async () => {
        const messages = (await (await request.get("/dev/mailbox.json")).json()) as MailboxMessage[];
        mail = messages.find((message) => message.to === email && message.subject === subject);
        return mail !== undefined;
      })
      .toBe(true);
    expect(mail!.text).toContain(text(language, "mail.automaticRefund.reason.upstream_price_loss"));
    await page.setContent(mail!.html);
    await shootWidths(page, `upstream-price-loss-email-${language}`);
  });
}
