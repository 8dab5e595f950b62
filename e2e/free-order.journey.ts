import { acceptTerms, summaryPayButton } from "./buying.ts";
import { consoleCli, expect, findPlanId, test, uniqueCouponCode, uniqueEmail } from "./fixtures.ts";
import { text } from "./i18n.ts";

test.use({ viewport: { width: 390, height: 844 } });

// A promo code that covers the whole order: nothing to charge, so no gateway at all. The order is paid as it is
// made and the eSIM delivered as for any other order.
for (const language of ["fr", "ar"] as const) {
  test(`a traveller in ${language} with a 100 % promo code confirms a free order and gets the eSIM`, async ({
    page,
    request,
    signIn,
    shootWidths,
  }) => {
    const coupon = uniqueCouponCode("OFFERT");
    consoleCli("coupon:create", coupon, "--percent", "100", "--below-cost");
    const token = await signIn({ email: uniqueEmail(`free-${language}`), name: "Sofiane Mebarki", language });
    const planId = await findPlanId(request, "TR", 7);
    let popups = 0;
    page.on("popup", () => {
      popups += 1;
    });

    await page.goto(`/cart?plan=${planId}&destination=TR`);
    await page.getByLabel(text(language, "cart.promoLabel")).fill(coupon);
    await page.getByRole("button", { name: text(language, "cart.promoApply") }).click();
    await expect(page.getByText(text(language, "cart.promoApplied"))).toBeVisible();
    await expect(page.getByText(text(language, "cart.couponDiscount"))).toBeVisible();
    await page.getByRole("button", { name: text(language, "cart.continue") }).click();

    // The summary says the order is free: no payment method to pick, no amount to pay.
    await expect(page).toHaveURL(/\/summary\?/);
    const confirm = page.getByRole("button", { name: text(language, "summary.confirmFree") });
    await expect(confirm).toBeVisible();
    await expect(page.getByText(text(language, "summary.freeNote"))).toBeVisible();
    await expect(page.getByRole("radio")).toHaveCount(0);
    await expect(summaryPayButton(page, language)).toHaveCount(0);
    await page.getByLabel(text(language, "form.phone")).fill("0551 23 45 67");
    await shootWidths(page, `summary-free-${language}`);

    // Confirm: straight to the success page, without the payment modal or a gateway window.
    await acceptTerms(page, language);
    await confirm.click();
    await expect(page).toHaveURL(/\/success\?/, { timeout: 20_000 });
    await expect(page.getByText(text(language, "result.successMessage"))).toBeVisible();
    await expect(page.getByText(text(language, "result.freeOrder"))).toBeVisible();
    await expect(page.getByText(text(language, "result.amountPaid"))).toHaveCount(0);
    expect(popups).toBe(0);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await shootWidths(page, `success-free-${language}`);
    const orderId = new URL(page.url()).searchParams.get("orderId")!;

    // Paid by the promo code, for 0 DA.
    const response = await request.get(`/api/v1/app/orders/${orderId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const order = (await response.json()).data as {
      payment: { status: string };
      chargeDzdMinor: number;
      couponCode: string;
    };
    expect(order).toMatchObject({ payment: { status: "successful" }, chargeDzdMinor: 0, couponCode: coupon });

    await page.getByRole("link", { name: text(language, "result.followOrder") }).click();
    await expect(page).toHaveURL(new RegExp(`/status/${orderId}$`));
    await expect(page.getByText(text(language, "status.deliveredMessage"))).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/^8988/).first()).toBeVisible();
  });
}
