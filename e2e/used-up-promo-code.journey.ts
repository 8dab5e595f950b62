import { randomUUID } from "node:crypto";
import { consoleCli, expect, findPlanId, test, uniqueCouponCode, uniqueEmail } from "./fixtures.ts";
import { text } from "./i18n.ts";

test.use({ viewport: { width: 390, height: 844 } });

// A promo code refused for good (here used up by someone else) is said once, then forgotten: the next cart does not
// offer it again with the same error.
for (const language of ["fr", "ar"] as const) {
  test(`a traveller in ${language} follows a link with a used-up promo code: told once, not offered again`, async ({
    page,
    request,
    apiSignIn,
    signIn,
    shootWidths,
  }) => {
    const coupon = uniqueCouponCode("ONCE");
    consoleCli("coupon:create", coupon, "--percent", "10", "--max-uses", "1");
    const turkeyPlanId = await findPlanId(request, "TR", 7);

    // Someone else was quicker: their order with the code is paid on the gateway's page.
    const otherEmail = uniqueEmail("quicker");
    const otherToken = await apiSignIn({ email: otherEmail, name: "Hakim Rahmani" });
    const placed = await request.post("/api/v1/app/orders", {
      headers: { authorization: `Bearer ${otherToken}` },
      data: {
        clientReference: randomUUID(),
        packageId: turkeyPlanId,
        quantity: 1,
        currency: "DZD",
        couponCode: coupon,
        billing: { email: otherEmail, name: "Hakim Rahmani", country: "DZ", phone: "+213551234567" },
        paymentMethod: "edahabia",
        termsAccepted: true,
      },
    });
    expect(placed.status()).toBe(200);
    const { checkoutUrl } = (await placed.json()).data.payment as { checkoutUrl: string };
    const paid = await request.post(`${checkoutUrl}/pay`, { form: { method: "edahabia" }, maxRedirects: 0 });
    expect(paid.status()).toBe(303);

    await signIn({ email: uniqueEmail(`used-up-${language}`), name: "Meriem Zerrouki", language });
    await page.goto(`/home?promo=${coupon}`);
    await expect(page).toHaveURL(/\/home$/);

    // The stored code is tried on the first cart, and refused once.
    await page.goto(`/cart?plan=${turkeyPlanId}&destination=TR`);
    const refusal = text(language, "error.COUPON_USAGE_LIMIT_REACHED");
    await expect(page.getByRole("alert")).toHaveText(refusal);
    await expect(page.getByText(refusal)).toHaveCount(1);
    await expect(page.getByLabel(text(language, "cart.promoLabel"))).toHaveValue(coupon);
    await expect(page.getByText(text(language, "cart.couponDiscount"))).toHaveCount(0);
    await expect(page.getByText(text(language, "cart.promoApplied"))).toHaveCount(0);
    await shootWidths(page, `cart-promo-used-up-${language}`);
    await expect(page.getByText(refusal)).toHaveCount(1);

    // The app forgot it: a later cart starts without it, and without the error.
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem("PROMO_CODE"))).toBeNull();
    const francePlanId = await findPlanId(request, "FR", 7);
    await page.goto(`/cart?plan=${francePlanId}&destination=FR`);
    await expect(page.getByRole("button", { name: text(language, "cart.continue") })).toBeEnabled();
    await expect(page.getByLabel(text(language, "cart.promoLabel"))).toHaveValue("");
    await expect(page.getByText(refusal)).toHaveCount(0);
    await expect(page.getByRole("alert")).toHaveCount(0);
  });
}
