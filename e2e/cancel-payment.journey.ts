import { openGateway, pressGatewayButton, summaryPayButton } from "./buying.ts";
import { consoleCli, expect, findPlanId, test, uniqueCouponCode, uniqueEmail } from "./fixtures.ts";
import { text } from "./i18n.ts";

test.use({ viewport: { width: 390, height: 844 } });

// Cancelling on the gateway's page is not a failure: the traveller is back on the summary of the same cart, told
// once and calmly, and can pay when they like.
for (const language of ["fr", "ar"] as const) {
  test(`a traveller in ${language} cancels on the gateway's page, is back on the same cart, and pays after all`, async ({
    page,
    request,
    signIn,
    shootWidths,
  }) => {
    // One use per traveller (the default): paying after the cancel shows the cancelled order gave the code back.
    const coupon = uniqueCouponCode("LATER");
    consoleCli("coupon:create", coupon, "--percent", "10");
    await signIn({ email: uniqueEmail(`cancel-pay-${language}`), name: "Yacine Brahimi", language });
    const planId = await findPlanId(request, "TR", 7);

    await page.goto(`/cart?plan=${planId}&destination=TR&quantity=2&coupon=${coupon}`);
    await expect(page.getByText(text(language, "cart.couponDiscount"))).toBeVisible();
    await page.getByRole("button", { name: text(language, "cart.continue") }).click();
    await expect(page).toHaveURL(/\/summary\?/);
    const cartSearch = new URL(page.url()).search;
    await page.getByLabel(text(language, "form.phone")).fill("0551 23 45 67");
    const payLabel = (await summaryPayButton(page, language).textContent())!;

    const gateway = await openGateway(page, language);
    await pressGatewayButton(gateway, language, "cancel");

    // Back on the summary of the same cart (plan, quantity 2, promo code), with a notice and no failure.
    await expect(page).toHaveURL(/\/summary\?/, { timeout: 20_000 });
    expect(new URL(page.url()).search).toBe(cartSearch);
    const notice = page.getByRole("status").filter({ hasText: text(language, "summary.paymentCanceled") });
    await expect(notice).toBeVisible();
    await expect(page.getByText(text(language, "summary.paymentCanceled"))).toHaveCount(1);
    await expect(page.getByText(text(language, "result.failureMessage"))).toHaveCount(0);
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(page.getByText(text(language, "summary.quantity", { quantity: "2" }))).toBeVisible();
    await expect(page.getByText(text(language, "cart.couponDiscount"))).toBeVisible();
    await expect(summaryPayButton(page, language)).toHaveText(payLabel);
    // The payment window handed back to this page and closed itself.
    await expect.poll(() => gateway.isClosed()).toBe(true);
    await shootWidths(page, `summary-canceled-${language}`);

    // Said once: a reload shows the same summary without the notice.
    await page.reload();
    await expect(summaryPayButton(page, language)).toHaveText(payLabel);
    await expect(page.getByText(text(language, "summary.paymentCanceled"))).toHaveCount(0);

    // The traveller pays after all: the same amount, the promo code still theirs.
    await page.getByLabel(text(language, "form.phone")).fill("0551 23 45 67");
    const secondGateway = await openGateway(page, language);
    await pressGatewayButton(secondGateway, language, "pay");
    await expect(page).toHaveURL(/\/success\?/, { timeout: 20_000 });
    // The amount in the button, without its bidi isolates ("Payer ⁨1,490 DA⁩" → "1,490 DA").
    const charged = payLabel
      .replace(text(language, "summary.pay", { amount: "" }).trim(), "")
      .replace(/[\u2066-\u2069]/g, "")
      .trim();
    await expect(page.getByText(text(language, "result.amountPaid"))).toContainText(charged);
  });
}
