import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { acceptTerms } from "../test/buying-fixtures.ts";
import { apiError, signedInApi } from "../test/fake-api.ts";
import { renderApp, setUpAppTests } from "../test/render-app.tsx";

vi.mock("../lib/native-plugins.ts", async () => (await import("../test/fake-native-plugins.ts")).fakeNativePlugins);

// Store credit bought before the trip (decision 068): from the profile to the gateway, and back to the new balance.

const LOAD_ID = "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f";
const CHECKOUT_URL = "https://pay.example/checkout/abc";

function loadFor(status: "pending" | "paid" | "failed", amountDzdMinor = 5_000_00) {
  return {
    id: LOAD_ID,
    status,
    amountDzdMinor,
    chargeWithFeeDzdMinor: amountDzdMinor,
    paymentMethod: "edahabia",
    receiptNumber: status === "paid" ? "R2026-000042" : null,
    createdAt: "2026-11-26T10:00:00.000Z",
    paidAt: status === "paid" ? "2026-11-26T10:02:00.000Z" : null,
  };
}

const OPTIONS = {
  "GET /checkout/options": () => ({ body: { data: { paymentMethods: ["edahabia"], billingCountries: ["DZ"] } } }),
};

describe("recharger mon crédit", () => {
  setUpAppTests();
  let popup: { location: { href: string }; close: ReturnType<typeof vi.fn> };

  beforeEach(() => {
    popup = { location: { href: "" }, close: vi.fn() };
    vi.spyOn(window, "open").mockImplementation(() => popup as unknown as Window);
  });

  it("loads a chosen amount from the profile: the gateway in the payment window, then the new balance and receipt", async () => {
    let status: "pending" | "paid" = "pending";
    const { calls } = signedInApi({
      ...OPTIONS,
      "POST /credit-loads": () => ({ body: { data: { load: loadFor("pending"), checkoutUrl: CHECKOUT_URL } } }),
      // The shop passes the gateway's fee on (2.5 %): the payer sees what the gateway will charge.
      "GET /credit-loads/quote": ({ url }) => {
        const amountDzdMinor = Number(url.searchParams.get("amountDzd")) * 100;
        const gatewayFeeDzdMinor = amountDzdMinor / 40;
        const chargeWithFeeDzdMinor = amountDzdMinor + gatewayFeeDzdMinor;
        return { body: { data: { amountDzdMinor, gatewayFeeDzdMinor, chargeWithFeeDzdMinor } } };
      },
      [`GET /credit-loads/${LOAD_ID}`]: () => ({
        body: { data: { load: loadFor(status), balanceDzdMinor: status === "paid" ? 7_000_00 : 2_000_00 } },
      }),
    });
    const { user } = await renderApp("/profile", { token: "t" });

    await user.click(await screen.findByRole("link", { name: "Recharger mon crédit" }, { timeout: 5000 }));
    await user.click(await screen.findByRole("radio", { name: "5,000 DA" }, { timeout: 5000 }));
    const pay = await screen.findByRole("button", { name: "Payer \u20685,125 DA\u2069" }, { timeout: 5000 });
    expect(screen.getByText("dont \u2068125 DA\u2069 de frais de paiement")).toBeInTheDocument();
    status = "paid";
    await acceptTerms(user);
    await user.click(pay);

    await waitFor(() => expect(popup.location.href).toBe(CHECKOUT_URL));
    expect(window.location.search).toBe(`?loadId=${LOAD_ID}`);
    const posted = calls.find((call) => call.method === "POST" && call.path === "/credit-loads")?.body as Record<
      string,
      unknown
    >;
    expect(posted).toMatchObject({ amountDzd: 5_000, paymentMethod: "edahabia", termsAccepted: true });
    expect(posted.clientReference).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByRole("heading", { name: "Crédit rechargé" }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText("Nouveau solde").closest("div")).toHaveTextContent("7,000 DA");
    expect(screen.getByText("R2026-000042")).toBeInTheDocument();
  }, 15_000);

  it("lists the receipts of the credit already bought, with their numbers", async () => {
    signedInApi({
      ...OPTIONS,
      "GET /credit-loads": () => ({ body: { data: [loadFor("paid", 2_000_00)] } }),
    });
    await renderApp("/account/credit/load", { token: "t" });

    const receipts = await screen.findByRole("region", { name: "Mes reçus de crédit" }, { timeout: 5000 });
    expect(within(receipts).getByRole("listitem")).toHaveTextContent(/R2026-000042.*26\/11\/2026.*2,000 DA/);
  });

  it("asks the buyer to accept the terms of sale before buying credit, on the box itself", async () => {
    const { calls } = signedInApi(OPTIONS);
    const { user } = await renderApp("/account/credit/load", { token: "t" });

    await user.click(await screen.findByRole("button", { name: /^Payer/ }, { timeout: 5000 }));

    const box = screen.getByRole("checkbox", { name: /J’accepte les conditions générales de vente/ });
    expect(box).toHaveAttribute("aria-invalid", "true");
    expect(box).toHaveFocus();
    expect(calls.some((call) => call.method === "POST" && call.path === "/credit-loads")).toBe(false);
    expect(window.open).not.toHaveBeenCalled();
  });

  it("refuses another amount outside 500–20 000 DA before asking the server", async () => {
    const { calls } = signedInApi(OPTIONS);
    const { user } = await renderApp("/account/credit/load", { token: "t" });

    await user.click(await screen.findByRole("radio", { name: "Autre montant" }, { timeout: 5000 }));
    await user.type(screen.getByRole("textbox", { name: "Montant en dinars" }), "300");
    await acceptTerms(user);
    await user.click(screen.getByRole("button", { name: /^Payer/ }));

    expect(screen.getByRole("textbox", { name: "Montant en dinars" })).toHaveAttribute("aria-invalid", "true");
    expect(calls.some((call) => call.method === "POST" && call.path === "/credit-loads")).toBe(false);
    expect(window.open).not.toHaveBeenCalled();
  });

  it("says in Arabic why the server refused the load, and closes the payment window", async () => {
    signedInApi({
      ...OPTIONS,
      "GET /auth/me": () => ({
        body: {
          data: {
            name: "Amina Benali",
            email: "amina@example.com",
            phone: null,
            country: "DZ",
            verified: true,
            language: "ar",
            currency: "DZD",
          },
        },
      }),
      "POST /credit-loads": () => apiError(409, "CREDIT_LOADS_PENDING_LIMIT_REACHED"),
    });
    const { user } = await renderApp("/account/credit/load", { token: "t", language: "ar" });

    await acceptTerms(user);
    await user.click(await screen.findByRole("button", { name: /^ادفع/ }, { timeout: 5000 }));

    expect(await screen.findByText(/لديك بالفعل 3 عمليات شحن رصيد بانتظار الدفع/)).toBeInTheDocument();
    expect(popup.close).toHaveBeenCalled();
    expect(document.documentElement).toHaveAttribute("dir", "rtl");
  });

  it("says that nothing was charged when the gateway declined the load", async () => {
    signedInApi({
      [`GET /credit-loads/${LOAD_ID}`]: () => ({ body: { data: { load: loadFor("failed"), balanceDzdMinor: 0 } } }),
    });
    await renderApp(`/account/credit/load?loadId=${LOAD_ID}&status=failure`, { token: "t" });

    expect(await screen.findByRole("heading", { name: "Crédit non rechargé" }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(/Rien n’a été débité/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Recommencer" })).toHaveAttribute("href", "/account/credit/load");
  });
  it("preselects EDAHABIA, the gateway's first method, as the summary does", async () => {
    const { calls } = signedInApi({
      "GET /checkout/options": () => ({
        body: { data: { paymentMethods: ["edahabia", "cib", "chargily_app"], billingCountries: ["DZ"] } },
      }),
      "POST /credit-loads": () => ({ body: { data: { load: loadFor("pending"), checkoutUrl: CHECKOUT_URL } } }),
      [`GET /credit-loads/${LOAD_ID}`]: () => ({ body: { data: { load: loadFor("pending"), balanceDzdMinor: 0 } } }),
    });
    const { user } = await renderApp("/account/credit/load", { token: "t" });

    expect(await screen.findByRole("radio", { name: /EDAHABIA/ }, { timeout: 5000 })).toBeChecked();
    await acceptTerms(user);
    await user.click(screen.getByRole("button", { name: /^Payer/ }));

    expect(screen.queryByText("Choisissez un moyen de paiement.")).not.toBeInTheDocument();
    await waitFor(() => expect(popup.location.href).toBe(CHECKOUT_URL));
    const posted = calls.find((call) => call.method === "POST" && call.path === "/credit-loads")?.body;
    expect(posted).toMatchObject({ paymentMethod: "edahabia" });
  });

  it("keeps the amount left to right on the Arabic pay button, as the summary does", async () => {
    signedInApi({
      ...OPTIONS,
      "GET /credit-loads/quote": ({ url }) => {
        const amountDzdMinor = Number(url.searchParams.get("amountDzd")) * 100;
        return { body: { data: { amountDzdMinor, gatewayFeeDzdMinor: 0, chargeWithFeeDzdMinor: amountDzdMinor } } };
      },
    });
    await renderApp("/account/credit/load", { token: "t", language: "ar" });

    const pay = await screen.findByRole("button", { name: /^ادفع .*2,000/ }, { timeout: 5000 });
    expect(pay).toHaveTextContent("ادفع \u20682,000 DA\u2069");
  });
});
