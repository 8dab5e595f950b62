import type { Page } from "@playwright/test";
import { continueToGateway, openGateway, pressGatewayButton } from "./buying.ts";
import { consoleCli, expect, findPlanId, test, uniqueCouponCode, uniqueEmail } from "./fixtures.ts";
import { type JourneyLanguage, text } from "./i18n.ts";

test.use({ viewport: { width: 390, height: 844 } });

// An unfinished payment is never a dead end (decision 057): a traveller who closes the gateway's tab finds the way back
// to the order, pays it later from its page, or cancels it and reuses its promo code at once.

/** From a cart on screen: continue, phone, Pay, Continue; then the gateway's tab closed unpaid. Answers nothing. */
async function leaveGatewayUnpaid(page: Page, language: JourneyLanguage) {
  await page.getByRole("button", { name: text(language, "cart.continue") }).click();
  await page.getByLabel(text(language, "form.phone")).fill("0551 23 45 67");
  const gateway = await openGateway(page, language);
  await gateway.close();
  await expect(page).toHaveURL(/\/payment-callback\?/);
}

/** On the callback page still waiting: "back to my order"; answers the order's id from its page's address. */
async function backToOrder(page: Page, language: JourneyLanguage): Promise<string> {
  await page.getByRole("link", { name: text(language, "callback.backToOrder") }).click();
  await expect(page).toHaveURL(/\/status\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname.split("/").pop()!;
}

for (const language of ["fr", "ar"] as const) {
  test(`a traveller in ${language} closes the gateway's tab, then pays later from the order's page`, async ({
    page,
    request,
    signIn,
    shootWidths,
  }) => {
    await signIn({ email: uniqueEmail(`pay-later-${language}`), name: "Nadia Belkacem", language });
    const planId = await findPlanId(request, "TR", 7);
    await page.goto(`/cart?plan=${planId}&destination=TR`);
    await leaveGatewayUnpaid(page, language);

    await expect(page.getByRole("status").filter({ hasText: text(language, "callback.pending") })).toBeVisible();
    const orderId = await backToOrder(page, language);
    await expect(page.getByText(text(language, "status.awaitingPaymentHint"))).toBeVisible();
    await expect(page.getByRole("button", { name: text(language, "status.cancelOrder") })).toBeVisible();
    await shootWidths(page, `status-awaiting-payment-${language}`);

    await page.getByRole("button", { name: text(language, "status.payNow") }).click();
    const gateway = await continueToGateway(page, language);
    await pressGatewayButton(gateway, language, "pay");
    await expect(page).toHaveURL(/\/success\?/, { timeout: 20_000 });
    expect(new URL(page.url()).searchParams.get("orderId")).toBe(orderId);

    await page.goto(`/status/${orderId}`);
    await expect(page.getByRole("button", { name: text(language, "status.payNow") })).toHaveCount(0);
  });

  test(`a traveller in ${language} cancels an unpaid order and reuses its promo code at once`, async ({
    page,
    request,
    signIn,
    shootWidths,
  }) => {
    // One use per traveller (the default): only a use given back at once lets the next cart take it.
    const coupon = uniqueCouponCode("AGAIN");
    consoleCli("coupon:create", coupon, "--percent", "10");
    await signIn({ email: uniqueEmail(`cancel-unpaid-${language}`), name: "Karim Haddad", language });
    const planId = await findPlanId(request, "TR", 7);
    await page.goto(`/cart?plan=${planId}&destination=TR&coupon=${coupon}`);
    await expect(page.getByText(text(language, "cart.couponDiscount"))).toBeVisible();
    await leaveGatewayUnpaid(page, language);
    await backToOrder(page, language);

    await page.getByRole("button", { name: text(language, "status.cancelOrder") }).click();
    const dialog = page.getByRole("dialog", { name: text(language, "status.cancelConfirmTitle") });
    await expect(dialog).toContainText(coupon);
    await dialog.getByRole("button", { name: text(language, "status.cancelConfirm") }).click();

    const cancelled = page.getByRole("status").filter({ hasText: text(language, "status.cancelled") });
    await expect(cancelled).toBeVisible();
    await expect(cancelled).toContainText(text(language, "status.cancelledMessage"));
    await expect(cancelled).toContainText(coupon);
    await expect(page.getByRole("button", { name: text(language, "status.payNow") })).toHaveCount(0);
    await shootWidths(page, `status-cancelled-${language}`);

    // The promo code is free again at once: the next cart takes it, without "already used".
    await page.getByRole("link", { name: text(language, "status.buyAgain") }).click();
    await expect(page).toHaveURL(/\/cart\?/);
    await expect(page.getByText(text(language, "cart.couponDiscount"))).toBeVisible();
    await expect(page.getByText(text(language, "error.COUPON_ALREADY_USED"))).toHaveCount(0);
    await page.getByRole("button", { name: text(language, "cart.continue") }).click();
    await page.getByLabel(text(language, "form.phone")).fill("0551 23 45 67");
    const gateway = await openGateway(page, language);
    await pressGatewayButton(gateway, language, "pay");
    await expect(page).toHaveURL(/\/success\?/, { timeout: 20_000 });
  });
}
