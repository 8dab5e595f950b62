import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, findPlanId } from "./fixtures.ts";
import { type JourneyLanguage, text } from "./i18n.ts";

/**
 * The sandbox gateway page's buttons, in the page's language (apps/api/src/providers/payment/sandbox/sandbox-texts.ts):
 * pay, fail ("Simulate a failure") and cancel (the payer gives up on the gateway's page).
 */
export const GATEWAY_BUTTON = {
  pay: { fr: "Payer", en: "Pay", ar: "ادفع" },
  fail: { fr: "Simuler un échec", en: "Simulate a failure", ar: "محاكاة فشل الدفع" },
  cancel: { fr: "Annuler le paiement", en: "Cancel payment", ar: "إلغاء الدفع" },
} as const satisfies Record<string, Record<JourneyLanguage, string>>;

/** Presses a PIN on the pad's own keys. */
export async function pressPin(page: Page, pin: string) {
  for (const digit of pin) await page.getByRole("button", { name: digit, exact: true }).click();
}

/** The summary's pay button ("Payer 1,490 DA"), whatever the amount. */
export function summaryPayButton(page: Page, language: JourneyLanguage) {
  return page.getByRole("button", { name: new RegExp(`^${text(language, "summary.pay", { amount: "" }).trim()}`) });
}

/** Ticks the terms of sale and privacy policy at checkout, as a buyer must before paying (decision 073). */
export async function acceptTerms(page: Page, language: JourneyLanguage) {
  await page.getByRole("checkbox", { name: text(language, "terms.accept") }).check();
}

/** With the payment modal open: Continue; answers the gateway's popup once it shows the sandbox's page. */
export async function continueToGateway(page: Page, language: JourneyLanguage): Promise<Page> {
  const popupPromise = page.waitForEvent("popup");
  await page.getByRole("button", { name: text(language, "payment.modal.continue") }).click();
  const gateway = await popupPromise;
  await expect(gateway).toHaveURL(/\/sandbox\/checkout\//);
  return gateway;
}

/** On /summary with the billing filled: Pay, then Continue in the payment modal; answers the gateway's popup. */
export async function openGateway(page: Page, language: JourneyLanguage): Promise<Page> {
  await acceptTerms(page, language);
  await summaryPayButton(page, language).click();
  return continueToGateway(page, language);
}

/** Presses one of the gateway page's buttons. */
export async function pressGatewayButton(
  gateway: Page,
  language: JourneyLanguage,
  button: keyof typeof GATEWAY_BUTTON,
) {
  await gateway.getByRole("button", { name: new RegExp(`^${GATEWAY_BUTTON[button][language]}`) }).click();
}

/**
 * From a cart on screen: continue, phone, Pay, the payment modal, pay on the sandbox's page; answers the order id
 * once the app shows the success page.
 */
export async function payCart(page: Page, language: JourneyLanguage): Promise<string> {
  await page.getByRole("button", { name: text(language, "cart.continue") }).click();
  await page.getByLabel(text(language, "form.phone")).fill("0551 23 45 67");
  const gateway = await openGateway(page, language);
  await pressGatewayButton(gateway, language, "pay");
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

/**
 * A traveller's order of a Turkey plan (7 days unless said) placed through the API and paid on the sandbox gateway's page (no
 * browser); answers the order. Delivery follows in the worker.
 */
export async function buyTurkeyPlanByApi(
  request: APIRequestContext,
  options: { token: string; email: string; days?: number },
): Promise<{ id: string; number: string }> {
  const created = await request.post("/api/v1/app/orders", {
    headers: { authorization: `Bearer ${options.token}` },
    data: {
      clientReference: randomUUID(),
      packageId: await findPlanId(request, "TR", options.days ?? 7),
      quantity: 1,
      currency: "DZD",
      billing: { email: options.email, name: "Samir Haddad", country: "DZ", phone: "+213551234567" },
      paymentMethod: "cib",
      termsAccepted: true,
    },
  });
  expect(created.status()).toBe(200);
  const { order, payment } = (await created.json()).data as {
    order: { id: string; number: string };
    payment: { checkoutUrl: string };
  };
  const paid = await request.post(`${new URL(payment.checkoutUrl).pathname}/pay`, {
    form: { method: "cib" },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  return order;
}
