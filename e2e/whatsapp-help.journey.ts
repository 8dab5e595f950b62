import type { APIRequestContext } from "@playwright/test";
import { buyTurkeyPlanByApi, openGateway, pressGatewayButton } from "./buying.ts";
import { expect, findPlanId, test, uniqueEmail } from "./fixtures.ts";
import { text } from "./i18n.ts";

// Help the way Algerians reach a shop (decision 081): WhatsApp with the order number typed in,
// beside the chat and the email, and support's hours in Algerian time and the traveller's own. The server runs with
// the sample number of local runs (SAMPLE_WHATSAPP_NUMBER) and the default hours, 09:00-21:00.

const WA_ME = "https://wa.me/213555123456?text=";

// A traveller in Montreal (UTC−5): Paris keeps Algiers' clock in November, which the screen says once.
test.use({ viewport: { width: 390, height: 844 }, timezoneId: "America/Montreal" });

/** The delivered eSIM of an order bought through the API. */
async function buyEsim(request: APIRequestContext, options: { token: string; email: string }) {
  const headers = { authorization: `Bearer ${options.token}` };
  const order = await buyTurkeyPlanByApi(request, options);
  let esims: { id: string }[] = [];
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/v1/app/orders/${order.id}`, { headers });
        const current = (await response.json()).data as { status: string; esims: typeof esims };
        esims = current.esims;
        return current.status;
      },
      { timeout: 30_000 },
    )
    .toBe("delivered");
  return { esimId: esims[0]!.id, orderNumber: order.number };
}

const whatsappMessage = (href: string | null) => decodeURIComponent(new URL(href ?? "").searchParams.get("text") ?? "");

test("in Arabic, WhatsApp carries the order number from an eSIM and from a failed payment, with the hours in both clocks", async ({
  page,
  request,
  signIn,
  shoot,
}) => {
  const email = uniqueEmail("whatsapp");
  const token = await signIn({ email, name: "Karim Haddad", language: "ar" });
  const { esimId, orderNumber } = await buyEsim(request, { token, email });
  const action = text("ar", "support.whatsappAction");
  const orderMessage = (number: string) => text("ar", "support.whatsappMessageOrder", { orderNumber: number });

  // An eSIM's details: the button's message names its order.
  await page.goto(`/details/${esimId}`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const fromEsim = page.getByRole("link", { name: action });
  await expect(fromEsim).toBeVisible();
  const esimHref = await fromEsim.getAttribute("href");
  expect(esimHref?.startsWith(WA_ME)).toBe(true);
  expect(whatsappMessage(esimHref)).toBe(orderMessage(orderNumber));
  await expect(fromEsim).toHaveAttribute("target", "_blank");
  await shoot(page, "whatsapp-esim-details-ar-390");

  // A failed payment: WhatsApp names the unpaid order, and "Contact support" leads to the support screen for it.
  const planId = await findPlanId(request, "TR", 7);
  await page.goto(`/cart?plan=${planId}&destination=TR`);
  await page.getByRole("button", { name: text("ar", "cart.continue") }).click();
  await page.getByLabel(text("ar", "form.phone")).fill("0551 23 45 67");
  await page.getByRole("radio", { name: /EDAHABIA/ }).check();
  const gateway = await openGateway(page, "ar");
  await pressGatewayButton(gateway, "ar", "fail");
  await expect(page).toHaveURL(/\/failure\?/, { timeout: 20_000 });
  const fromFailure = page.getByRole("link", { name: action });
  // The message names the order once the page has read it.
  await expect(fromFailure).toHaveAttribute("href", /ES\d{2}-\d+/);
  const failedNumber = /ES\d{2}-\d+/.exec(whatsappMessage(await fromFailure.getAttribute("href")))?.[0];
  expect(failedNumber).toBeDefined();
  expect(failedNumber).not.toBe(orderNumber);
  expect(whatsappMessage(await fromFailure.getAttribute("href"))).toBe(orderMessage(failedNumber!));
  await shoot(page, "whatsapp-failure-ar-390");

  await page.getByRole("link", { name: text("ar", "result.contactSupport") }).click();
  await expect(page).toHaveURL(new RegExp(`/support\\?order=${failedNumber}`));
  const contacts = page.getByRole("region", { name: text("ar", "support.contactsTitle") });
  const fromSupport = contacts.getByRole("link", { name: action });
  await expect(fromSupport).toBeVisible();
  expect(whatsappMessage(await fromSupport.getAttribute("href"))).toBe(orderMessage(failedNumber!));
  // Beside the email (the chat too when configured), with the hours: Algiers 09:00-21:00 is 03:00-15:00 in Montreal.
  await expect(contacts.getByRole("link", { name: "support@esim-store.dz" })).toBeVisible();
  await expect(contacts.getByText("كل يوم، من 09:00 إلى 21:00، بتوقيت الجزائر")).toBeVisible();
  await expect(contacts.getByText("أي من 03:00 إلى 15:00 بتوقيتك (UTC−5)")).toBeVisible();
  await contacts.scrollIntoViewIfNeeded();
  await shoot(page, "whatsapp-support-ar-390");
});
