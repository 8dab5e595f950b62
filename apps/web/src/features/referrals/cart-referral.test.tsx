import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PLAN_7_DAYS, quoteBody, quoteFor } from "../../test/buying-fixtures.ts";
import { CATALOG_SUMMARY, fakeApi, ME } from "../../test/fake-api.ts";
import { renderApp, setUpAppTests } from "../../test/render-app.tsx";

// The invited friend (decision 079): the first page and the cart name the inviter and the discount, and the cart's
// total is the summary's, both the server's quote with the invite.

const CART_URL = `/cart?plan=${PLAN_7_DAYS.id}&destination=TR`;
const BASE = quoteFor({});
const WITH_INVITE = quoteFor(
  {},
  {
    referral: { isApplied: true },
    referralDiscountMinor: 30000,
    totalMinor: BASE.totalMinor - 30000,
    chargeDzdMinor: BASE.chargeDzdMinor - 30000,
    chargeWithFeeDzdMinor: BASE.chargeDzdMinor - 30000,
  },
);

function inviteApi() {
  return fakeApi({
    "GET /catalog/summary": () => ({ body: CATALOG_SUMMARY }),
    "GET /auth/me": () => ({ body: { data: ME } }),
    "POST /devices": () => ({ body: { data: { device_id: "d", updatedAt: "2026-01-01T00:00:00Z" } } }),
    "GET /referrals/K7PQ2M9X": () => ({ body: { data: { inviterFirstName: "Amina", friendDiscountDzdMinor: 30000 } } }),
    "POST /checkout/quote": ({ body }) => ({
      body: quoteBody((body as { referral?: unknown }).referral ? WITH_INVITE : BASE),
    }),
    "GET /checkout/options": () => ({
      body: { data: { paymentMethods: ["edahabia", "cib"], billingCountries: ["DZ", "FR"] } },
    }),
  });
}

/** The total as the totals show it. */
async function shownTotal(): Promise<string> {
  const label = await screen.findByText("Total", { selector: "dt" }, { timeout: 5000 });
  return label.parentElement?.querySelector("dd")?.textContent ?? "";
}

describe("the invited friend's cart", () => {
  setUpAppTests();

  it("prices the invite as the summary does: the same total, the discount line, and who offers it", async () => {
    window.localStorage.setItem("REFERRAL_CODE", "K7PQ2M9X");
    const { calls } = inviteApi();
    const { user } = await renderApp(CART_URL, { token: "token-1" });

    expect(await screen.findByText("Remise d'invitation", {}, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByText(/Amina.*vous offre.*300 DA.*sur votre premier achat/)).toBeInTheDocument();
    const inCart = await shownTotal();
    expect(calls.find((call) => call.path === "/checkout/quote")?.body).toMatchObject({
      referral: { code: "K7PQ2M9X" },
    });

    await user.click(screen.getByRole("button", { name: "Continuer vers le récapitulatif" }));
    expect(await screen.findByText("Remise d'invitation", {}, { timeout: 5000 })).toBeInTheDocument();
    expect(await shownTotal()).toBe(inCart);
  }, 20_000);
});

describe("the invited friend's first page", () => {
  setUpAppTests();

  it("names the inviter and the discount in the friend's own language", async () => {
    inviteApi();
    await renderApp("/register?ref=k7pq2m9x", { language: "en" });

    expect(
      await screen.findByText(/Amina.*gives you.*300 DA.*off your first purchase/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  }, 20_000);
});
