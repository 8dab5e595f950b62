import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PLAN_7_DAYS, quoteBody, quoteFor } from "../../test/buying-fixtures.ts";
import { CATALOG_SUMMARY, fakeApi, ME } from "../../test/fake-api.ts";
import { renderApp, setUpAppTests } from "../../test/render-app.tsx";

// A promo code held by the buyer's own unpaid order: the cart names that order and links to where it is paid or
// cancelled, instead of "already used".

const CART_URL = `/cart?plan=${PLAN_7_DAYS.id}&destination=TR`;
const HOLDING_ORDER_ID = "0b6f3c52-5d0e-4a8e-9b43-7f1d2e3a4b5c";

function heldApi() {
  return fakeApi({
    "GET /catalog/summary": () => ({ body: CATALOG_SUMMARY }),
    "GET /auth/me": () => ({ body: { data: ME } }),
    "POST /devices": () => ({ body: { data: { device_id: "d", updatedAt: "2026-01-01T00:00:00Z" } } }),
    "POST /checkout/quote": () => ({ body: quoteBody(quoteFor({})) }),
    "POST /coupons/check": () => ({
      status: 409,
      body: {
        error: {
          code: "COUPON_HELD_BY_UNPAID_ORDER",
          message: "held",
          details: { orderId: HOLDING_ORDER_ID, orderNumber: "ES26-000123" },
        },
      },
    }),
  });
}

describe("a promo code held by an unpaid order, at the cart", () => {
  setUpAppTests();

  it("names the order holding it, with links to pay or cancel it (French)", async () => {
    heldApi();
    const { user } = await renderApp(CART_URL, { token: "token-1" });
    await user.type(await screen.findByLabelText("Code promo", {}, { timeout: 5000 }), "summer24");
    await user.click(screen.getByRole("button", { name: "Appliquer" }));

    expect(await screen.findByRole("alert")).toHaveTextContent(
      /^Ce code promo est réservé par votre commande \u2066?ES26-000123\u2069?, en attente de paiement\.$/,
    );
    const pay = screen.getByRole("link", { name: /Payer la commande.*ES26-000123/ });
    expect(pay).toHaveAttribute("href", `/status/${HOLDING_ORDER_ID}`);
    expect(screen.getByRole("link", { name: "Annuler cette commande pour libérer le code" })).toHaveAttribute(
      "href",
      `/status/${HOLDING_ORDER_ID}`,
    );
  }, 15_000);

  it("says the same in Arabic", async () => {
    heldApi();
    const { user } = await renderApp(CART_URL, { token: "token-1", language: "ar" });
    await user.type(await screen.findByLabelText("رمز الخصم", {}, { timeout: 5000 }), "summer24");
    await user.click(screen.getByRole("button", { name: "تطبيق" }));

    expect(await screen.findByRole("alert")).toHaveTextContent(/رمز الترويج هذا محجوز لطلبك.*ES26-000123/);
    expect(screen.getByRole("link", { name: "ألغِ هذا الطلب لتحرير الرمز" })).toBeInTheDocument();
  }, 15_000);
});
