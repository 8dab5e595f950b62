import type { StoreCredit } from "@esim/shared/store-credit/contracts";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { signedInApi } from "../test/fake-api.ts";
import { renderApp, setUpAppTests } from "../test/render-app.tsx";

const CREDIT: StoreCredit = {
  balanceDzdMinor: 100000,
  entries: [
    {
      id: "m3",
      kind: "spent",
      amountDzdMinor: -50000,
      createdAt: "2026-11-20T10:00:00Z",
      orderNumber: "ES26-000124",
      reason: null,
      expiresAt: null,
    },
    {
      id: "m2",
      kind: "refund",
      amountDzdMinor: 22000,
      createdAt: "2026-11-18T10:00:00Z",
      orderNumber: "ES26-000120",
      reason: null,
      expiresAt: null,
    },
    {
      id: "m1",
      kind: "issued",
      amountDzdMinor: 128000,
      createdAt: "2026-11-15T10:00:00Z",
      orderNumber: null,
      reason: "Désolé pour le retard",
      expiresAt: "2026-12-31T22:00:00Z",
    },
  ],
};

describe("store credit in the account", () => {
  setUpAppTests();

  it("shows the balance and each movement of its history, newest first, in French", async () => {
    signedInApi({ "GET /account/store-credit": () => ({ body: { data: CREDIT } }) });
    await renderApp("/profile", { token: "t", language: "fr" });

    const section = await screen.findByRole("region", { name: "Crédit boutique" }, { timeout: 5000 });
    expect(await within(section).findByText("Votre crédit : \u20681,000 DA\u2069")).toBeInTheDocument();
    const [spent, refund, issued] = within(section).getAllByRole("listitem");
    expect(spent).toHaveTextContent("Dépensé sur la commande \u2066ES26-000124\u2069");
    expect(spent).toHaveTextContent("\u2212500 DA");
    expect(refund).toHaveTextContent("Remboursement de la commande \u2066ES26-000120\u2069 en crédit");
    expect(refund).toHaveTextContent("220 DA");
    expect(issued).toHaveTextContent("Offert par la boutique : Désolé pour le retard");
    expect(issued).toHaveTextContent("expire le 31/12/2026");
  });

  it("says the balance in Arabic, the amount kept left to right", async () => {
    signedInApi({ "GET /account/store-credit": () => ({ body: { data: CREDIT } }) });
    await renderApp("/profile", { token: "t", language: "ar" });

    const section = await screen.findByRole("region", { name: "رصيد المتجر" }, { timeout: 5000 });
    expect(await within(section).findByText("رصيدك: \u20681,000 DA\u2069")).toBeInTheDocument();
    expect(within(section).getAllByRole("listitem")[0]).toHaveTextContent("أُنفق على الطلب \u2066ES26-000124\u2069");
  });

  it("says when there is no credit yet", async () => {
    signedInApi();
    await renderApp("/profile", { token: "t", language: "en" });

    const section = await screen.findByRole("region", { name: "Store credit" }, { timeout: 5000 });
    expect(await within(section).findByText("Your credit: \u20680 DA\u2069")).toBeInTheDocument();
    expect(within(section).getByText("No movements yet.")).toBeInTheDocument();
  });
});
