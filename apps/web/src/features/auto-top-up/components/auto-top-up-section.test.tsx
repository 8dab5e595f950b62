import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PLAN_7_DAYS, PLAN_30_DAYS, quoteBody, quoteFor } from "../../../test/buying-fixtures.ts";
import { apiError, fakeApi } from "../../../test/fake-api.ts";
import { renderWithI18n } from "../../../test/render-with-i18n.tsx";
import { AutoTopUpSection } from "./auto-top-up-section.tsx";

const ESIM_ID = "5d1c7a52-2f0e-4a8b-9a61-3b7d4f0c2e11";
const OFF = {
  data: {
    settings: { isEnabled: false, packageId: null, thresholdPercent: 20, isOnValidityEnding: true, monthlyCap: 2 },
    boughtThisMonth: 0,
  },
};
/** A quote of the 7-day top-up with this much credit: covered when the credit pays the whole charge. */
function creditQuote(balanceDzdMinor: number) {
  const charge = quoteFor({}).chargeDzdMinor;
  const applied = Math.min(balanceDzdMinor, charge);
  return quoteBody(quoteFor({}, { storeCreditBalanceDzdMinor: balanceDzdMinor, creditAppliedDzdMinor: applied }));
}

function renderSection(language: "fr" | "ar" = "fr") {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return renderWithI18n(
    <QueryClientProvider client={queryClient}>
      <AutoTopUpSection esimId={ESIM_ID} destinationCode="TR" />
    </QueryClientProvider>,
    { language },
  );
}

describe("the top-up from credit", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("buys the top-up in one tap after one confirm stating the plan, the amount and the terms of sale", async () => {
    const { calls } = fakeApi({
      [`GET /esims/${ESIM_ID}/topups`]: () => ({ body: { data: [PLAN_7_DAYS] } }),
      [`GET /esims/${ESIM_ID}/auto-top-up`]: () => ({ body: OFF }),
      "POST /checkout/quote": () => ({ body: creditQuote(5000_00) }),
      [`POST /esims/${ESIM_ID}/top-up-from-credit`]: () => ({
        body: { data: { orderId: "0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d", orderNumber: "ES26-000200" } },
      }),
    });
    const { user } = await renderSection("fr");
    const region = await screen.findByRole("region", { name: "Payer avec mon crédit" });
    await user.click(await within(region).findByRole("button", { name: "Recharger avec mon crédit" }));

    const dialog = await screen.findByRole("dialog", { name: "Recharger avec votre crédit ?" });
    expect(dialog).toHaveTextContent(
      /5 Go · 7 jours pour .*1,540 DA.*, payé avec votre crédit\. Les conditions générales de vente s’appliquent/,
    );
    expect(calls.some((call) => call.path.endsWith("/top-up-from-credit"))).toBe(false);
    await user.click(within(dialog).getByRole("button", { name: "Confirmer" }));

    expect(
      await screen.findByText("Payé avec votre crédit : les données arrivent sur cette eSIM."),
    ).toBeInTheDocument();
    const bought = calls.filter((call) => call.path === `/esims/${ESIM_ID}/top-up-from-credit`);
    expect(bought).toHaveLength(1);
    expect(bought[0]!.body).toMatchObject({ packageId: PLAN_7_DAYS.id, termsAccepted: true });
    expect(screen.getByRole("link", { name: "Suivre la recharge" })).toHaveAttribute(
      "href",
      "/status/0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d",
    );
  });

  it("says when the credit is short and offers to load credit or ask someone to pay, in Arabic", async () => {
    fakeApi({
      [`GET /esims/${ESIM_ID}/topups`]: () => ({ body: { data: [PLAN_7_DAYS] } }),
      [`GET /esims/${ESIM_ID}/auto-top-up`]: () => ({ body: OFF }),
      "POST /checkout/quote": () => ({ body: creditQuote(100_00) }),
    });
    await renderSection("ar");
    expect(await screen.findByText(/رصيدك .* لا يغطي إعادة الشحن هذه/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "إعادة الشحن من رصيدي" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "شحن الرصيد" })).toHaveAttribute("href", "/account/credit/load");
    expect(screen.getByRole("link", { name: "اطلب من أحد أقاربك الدفع" })).toHaveAttribute(
      "href",
      `/details/${ESIM_ID}?payForMe=1`,
    );
  });

  it("falls back to the checkout when the profile lacks the billing details", async () => {
    fakeApi({
      [`GET /esims/${ESIM_ID}/topups`]: () => ({ body: { data: [PLAN_7_DAYS] } }),
      [`GET /esims/${ESIM_ID}/auto-top-up`]: () => ({ body: OFF }),
      "POST /checkout/quote": () => ({ body: creditQuote(5000_00) }),
      [`POST /esims/${ESIM_ID}/top-up-from-credit`]: () => apiError(409, "BILLING_PROFILE_INCOMPLETE"),
    });
    const { user } = await renderSection("fr");
    await user.click(await screen.findByRole("button", { name: "Recharger avec mon crédit" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Confirmer" }));
    const link = await screen.findByRole("link", { name: "Payer par carte" });
    expect(link.getAttribute("href")).toContain(`topUpOf=${ESIM_ID}`);
  });
});

describe("the auto top-up settings", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("turns auto top-up on with the chosen plan, threshold, validity rule and monthly cap", async () => {
    const { calls } = fakeApi({
      [`GET /esims/${ESIM_ID}/topups`]: () => ({ body: { data: [PLAN_7_DAYS, PLAN_30_DAYS] } }),
      [`GET /esims/${ESIM_ID}/auto-top-up`]: () => ({ body: OFF }),
      "POST /checkout/quote": () => ({ body: creditQuote(5000_00) }),
      [`PUT /esims/${ESIM_ID}/auto-top-up`]: ({ body }) => ({ body: { data: { settings: body, boughtThisMonth: 0 } } }),
    });
    const { user } = await renderSection("fr");
    const region = await screen.findByRole("region", { name: "Recharge automatique" });
    await user.click(within(region).getByRole("checkbox", { name: "Recharger automatiquement" }));
    await user.selectOptions(within(region).getByRole("combobox", { name: "Recharge" }), PLAN_30_DAYS.id);
    await user.selectOptions(
      within(region).getByRole("combobox", { name: "Quand les données restantes tombent à" }),
      "10",
    );
    await user.click(within(region).getByRole("checkbox", { name: /Aussi quand la validité/ }));
    await user.selectOptions(within(region).getByRole("combobox", { name: /Recharges automatiques par mois/ }), "3");
    await user.click(within(region).getByRole("button", { name: "Enregistrer" }));

    expect(await within(region).findByText("Recharge automatique enregistrée.")).toBeInTheDocument();
    const saved = calls.find((call) => call.method === "PUT");
    expect(saved?.body).toEqual({
      isEnabled: true,
      packageId: PLAN_30_DAYS.id,
      thresholdPercent: 10,
      isOnValidityEnding: false,
      monthlyCap: 3,
    });
  });

  it("shows the server's refusal in the traveller's words", async () => {
    fakeApi({
      [`GET /esims/${ESIM_ID}/topups`]: () => ({ body: { data: [PLAN_7_DAYS] } }),
      [`GET /esims/${ESIM_ID}/auto-top-up`]: () => ({ body: OFF }),
      "POST /checkout/quote": () => ({ body: creditQuote(0) }),
      [`PUT /esims/${ESIM_ID}/auto-top-up`]: () => apiError(409, "BILLING_PROFILE_INCOMPLETE"),
    });
    const { user } = await renderSection("fr");
    const region = await screen.findByRole("region", { name: "Recharge automatique" });
    await user.click(within(region).getByRole("checkbox", { name: "Recharger automatiquement" }));
    await user.click(within(region).getByRole("button", { name: "Enregistrer" }));
    await waitFor(() =>
      expect(
        within(region).getByText(/Votre profil ne contient pas encore vos coordonnées de facturation/),
      ).toBeVisible(),
    );
  });
});
