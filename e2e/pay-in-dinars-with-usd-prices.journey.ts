import type { Page } from "@playwright/test";
import { acceptTerms, continueToGateway, GATEWAY_BUTTON, pressGatewayButton, summaryPayButton } from "./buying.ts";
import { consoleCli, expect, findPlanId, test, uniqueCouponCode, uniqueEmail } from "./fixtures.ts";
import { type JourneyLanguage, text } from "./i18n.ts";

test.use({ viewport: { width: 390, height: 844 } });

/** The figure of a row of the totals ("Remise code promo (CODE)" → "−$0.33"), without its bidi isolates. */
async function totalsFigure(page: Page, language: JourneyLanguage, label: Parameters<typeof text>[1]) {
  const row = page.locator("dl > div").filter({ has: page.locator("dt", { hasText: text(language, label) }) });
  return ((await row.locator("dd").textContent()) ?? "").replace(/[\u2066-\u2069]/g, "").trim();
}

/** The dollars of "$1.63" or "−$0.33". */
const dollars = (figure: string) => Number(figure.match(/\$([\d.,]+)/)?.[1]?.replace(/,/g, "") ?? Number.NaN);

// Prices shown in dollars are an estimate; the gateway charges dinars, and every button and dialog that leads to
// paying says how many.
for (const language of ["fr", "ar"] as const) {
  test(`a traveller in ${language} who shows prices in USD sees the promo discount in dollars and pays in DA`, async ({
    page,
    request,
    signIn,
    shootWidths,
  }) => {
    const coupon = uniqueCouponCode("DOLLAR");
    consoleCli("coupon:create", coupon, "--percent", "20");
    await signIn({ email: uniqueEmail(`usd-${language}`), name: "Rania Bouzid", language });
    const planId = await findPlanId(request, "TR", 7);

    await page.goto("/preferences");
    await page.getByLabel(text(language, "currency.USD")).check();
    await page.getByRole("button", { name: text(language, "common.save") }).click();
    await expect(page.getByRole("dialog", { name: text(language, "preferences.saved.title") })).toBeVisible();

    await page.goto(`/cart?plan=${planId}&destination=TR`);
    await page.getByLabel(text(language, "cart.promoLabel")).fill(coupon);
    await page.getByRole("button", { name: text(language, "cart.promoApply") }).click();
    await expect(page.getByText(text(language, "cart.promoApplied"))).toBeVisible();
    await expect(page.locator("[aria-busy]")).toHaveCount(0);

    // The cart: dollars, a real discount, labelled an estimate, and the dinars charged.
    const subtotal = dollars(await totalsFigure(page, language, "cart.subtotal"));
    const discount = dollars(await totalsFigure(page, language, "cart.couponDiscount"));
    expect(subtotal).toBeGreaterThan(0);
    expect(discount).toBeGreaterThan(0);
    expect(discount).toBeCloseTo(subtotal * 0.2, 1);
    await expect(page.getByText(text(language, "cart.totalEstimate"))).toBeVisible();
    await expect(page.getByText(text(language, "cart.usdEstimate"))).toBeVisible();
    const charged = await totalsFigure(page, language, "cart.amountCharged");
    expect(charged).toMatch(/^[\d,.\s]+ DA$/);
    await page.getByRole("button", { name: text(language, "cart.continue") }).click();

    // The summary: the same figures, and a pay button that states the dinars.
    await expect(page).toHaveURL(/\/summary\?/);
    await page.getByLabel(text(language, "form.phone")).fill("0551 23 45 67");
    await acceptTerms(page, language);
    expect(dollars(await totalsFigure(page, language, "cart.couponDiscount"))).toBe(discount);
    expect(await totalsFigure(page, language, "cart.amountCharged")).toBe(charged);
    await expect(page.getByText(text(language, "cart.usdEstimate"))).toBeVisible();
    const payButton = summaryPayButton(page, language);
    await expect(payButton).toContainText(charged);
    await expect(payButton).not.toContainText("$");
    await shootWidths(page, `summary-usd-${language}`);

    // The payment modal, the gateway and the success page all say the same dinars.
    await payButton.click();
    const modal = page.getByRole("dialog", { name: text(language, "payment.modal.title") });
    await expect(modal).toContainText(text(language, "payment.modal.amount", { amount: "" }).trim());
    await expect(modal).toContainText(charged);
    await expect(modal).not.toContainText("$");
    const gateway = await continueToGateway(page, language);
    await expect(gateway.getByRole("button", { name: `${GATEWAY_BUTTON.pay[language]} ${charged}` })).toBeVisible();
    await pressGatewayButton(gateway, language, "pay");
    await expect(page).toHaveURL(/\/success\?/, { timeout: 20_000 });
    await expect(page.getByText(text(language, "result.amountPaid"))).toContainText(charged);
  });
}
