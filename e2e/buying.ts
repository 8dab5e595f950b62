import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";
import { type JourneyLanguage, text } from "./i18n.ts";

/** The sandbox page's pay button, in the page's language. */
const PAY_BUTTON: Record<JourneyLanguage, string> = { fr: "Payer", en: "Pay", ar: "ادفع" };

/** Presses a PIN on the pad's own keys. */
export async function pressPin(page: Page, pin: string) {
  for (const digit of pin) await page.getByRole("button", { name: digit, exact: true }).click();
}

/**
 * From a cart on screen: continue, phone, Pay, the payment modal, pay on the sandbox's page; answers the order id
 * once the app shows the success page.
 */
export async function payCart(page: Page, language: JourneyLanguage): Promise<string> {
  await page.getByRole("button", { name: text(language, "cart.continue") }).click();
  await page.getByLabel(text(language, "form.phone")).fill("0551 23 45 67");
  await page.getByRole("button", { name: new RegExp(text(language, "summary.pay", { amount: "" }).trim()) }).click();
  const popupPromise = page.waitForEvent("popup");
  await page.getByRole("button", { name: text(language, "payment.modal.continue") }).click();
  const gateway = await popupPromise;
  await gateway.getByRole("button", { name: new RegExp(`^${PAY_BUTTON[language]}`) }).click();
  await expect(page).toHaveURL(/\/success\?/, { timeout: 20_000 });
  return new URL(page.url()).searchParams.get("orderId")!;
}

/** Buys a 7-day Turkey plan through the screens and waits for the eSIM; answers the order's id. */
export async function buyTurkeyPlan(page: Page, language: JourneyLanguage): Promise<string> {
  await page.goto("/packages/TR?days=7");
  await page.locator('a[href^="/cart?plan="]').first().click();
  const orderId = await payCart(page, language);
  await page.goto(`/status/${orderId}`);
  await expect(page.getByText(text(language, "status.deliveredMessage"))).toBeVisible({ timeout: 30_000 });
  return orderId;
}
