import { acceptTerms } from "./buying.ts";
import { expect, findPlanId, test, uniqueEmail } from "./fixtures.ts";
import { text } from "./i18n.ts";

test.use({ viewport: { width: 1280, height: 900 } });

test("on a desktop that blocks popups, paying says to allow popups and retry, and creates no order", async ({
  page,
  request,
  signIn,
}) => {
  const token = await signIn({ email: uniqueEmail("popup"), name: "Lina Saidi" });
  const planId = await findPlanId(request, "FR", 7);
  // A browser that blocks the popup hands back null from window.open.
  await page.addInitScript(() => {
    window.open = () => null;
  });

  await page.goto(`/cart?plan=${planId}&destination=FR`);
  await page.getByRole("button", { name: text("fr", "cart.continue") }).click();
  await page.getByLabel(text("fr", "form.phone")).fill("0551 23 45 67");
  await acceptTerms(page, "fr");
  await page.getByRole("button", { name: /Payer/ }).click();
  await page.getByRole("button", { name: text("fr", "payment.modal.continue") }).click();

  await expect(page.getByText(text("fr", "payment.popupBlocked"))).toBeVisible();
  await expect(page.getByRole("button", { name: text("fr", "payment.retry") })).toBeVisible();
  const orders = await request.get("/api/v1/app/orders", { headers: { authorization: `Bearer ${token}` } });
  expect((await orders.json()).data).toEqual([]);
});
