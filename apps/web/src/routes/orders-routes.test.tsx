import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ORDER_ID, orderFor } from "../test/buying-fixtures.ts";
import { fakeApi, SIGNED_IN_HANDLERS } from "../test/fake-api.ts";
import { renderApp, setUpAppTests } from "../test/render-app.tsx";

const UNPAID_ID = "2d9e7c3a-0b5f-4e4c-9a8d-3f4a5b6c7d8e";

function ordersApi(orders: ReturnType<typeof orderFor>[]) {
  return fakeApi({
    ...SIGNED_IN_HANDLERS,
    "GET /orders": () => ({ body: { data: orders } }),
  });
}

describe("order history", () => {
  setUpAppTests();

  it("is reached from the profile and lists each order with its status, and an invoice once paid", async () => {
    ordersApi([
      orderFor({ status: "delivered", kind: "top_up" }),
      orderFor({ id: UNPAID_ID, number: "ES26-000124", status: "rejected", hasInvoice: false }),
    ]);
    const { user } = await renderApp("/profile", { token: "t", language: "fr" });
    await user.click(await screen.findByRole("link", { name: "Mes commandes et factures" }));
    await waitFor(() => expect(window.location.pathname).toBe("/orders"));

    const list = await screen.findByRole("list", { name: "Mes commandes" });
    const [delivered, rejected] = within(list).getAllByRole("listitem");
    expect(within(delivered!).getByText("Livrée")).toBeInTheDocument();
    expect(within(delivered!).getByText(/^Recharge ·/)).toBeInTheDocument();
    expect(within(delivered!).getByRole("link")).toHaveAttribute("href", `/status/${ORDER_ID}`);
    expect(within(delivered!).getByRole("button", { name: "Télécharger la facture (PDF)" })).toBeInTheDocument();
    expect(within(rejected!).getByText("Paiement refusé")).toBeInTheDocument();
    expect(within(rejected!).queryByRole("button")).not.toBeInTheDocument();
  });

  it("says an order is being checked or will be refunded", async () => {
    ordersApi([
      orderFor({ status: "on_hold" }),
      orderFor({ id: UNPAID_ID, number: "ES26-000124", status: "refund_due" }),
    ]);
    await renderApp("/orders", { token: "t", language: "fr" });
    const list = await screen.findByRole("list", { name: "Mes commandes" }, { timeout: 5000 });
    const [onHold, refundDue] = within(list).getAllByRole("listitem");
    expect(within(onHold!).getByText("Paiement en vérification")).toBeInTheDocument();
    expect(within(refundDue!).getByText("Remboursement à venir")).toBeInTheDocument();
  });

  it("says an order cancelled by its payer or expired unpaid as such, not as a refused payment", async () => {
    ordersApi([
      orderFor({ status: "rejected", rejectedBy: "customer_cancelled" }),
      orderFor({ id: UNPAID_ID, number: "ES26-000124", status: "rejected", rejectedBy: "checkout_lapsed" }),
    ]);
    await renderApp("/orders", { token: "t", language: "fr" });
    const list = await screen.findByRole("list", { name: "Mes commandes" }, { timeout: 5000 });
    const [cancelled, expired] = within(list).getAllByRole("listitem");
    expect(within(cancelled!).getByText("Annulée")).toBeInTheDocument();
    expect(within(expired!).getByText("Expirée sans paiement")).toBeInTheDocument();
    expect(list).not.toHaveTextContent("Paiement refusé");
  });

  it("tells a checkout the payer cancelled at the gateway from a declined card", async () => {
    ordersApi([
      orderFor({ status: "rejected", rejectedBy: "payment_canceled" }),
      orderFor({ id: UNPAID_ID, number: "ES26-000124", status: "rejected", rejectedBy: "payment_failed" }),
    ]);
    await renderApp("/orders", { token: "t", language: "fr" });
    const list = await screen.findByRole("list", { name: "Mes commandes" }, { timeout: 5000 });
    const [cancelled, declined] = within(list).getAllByRole("listitem");
    expect(within(cancelled!).getByText("Paiement annulé")).toBeInTheDocument();
    expect(cancelled).not.toHaveTextContent("Paiement refusé");
    expect(within(declined!).getByText("Paiement refusé")).toBeInTheDocument();
  });

  it("shows each order's amount as charged, in DA", async () => {
    ordersApi([orderFor({ currency: "USD", totalMinor: 1140, chargeDzdMinor: 153900 })]);
    await renderApp("/orders", { token: "t", language: "fr" });
    const list = await screen.findByRole("list", { name: "Mes commandes" }, { timeout: 5000 });
    expect(list).toHaveTextContent("1,539 DA");
    expect(list).not.toHaveTextContent("$11.4");
  });

  it("keeps the order number, the date and the amount each whole and left to right in Arabic", async () => {
    ordersApi([orderFor({ number: "ES26-000123", chargeDzdMinor: 22000 })]);
    await renderApp("/orders", { token: "t", language: "ar" });
    const list = await screen.findByRole("list", { name: "طلباتي" }, { timeout: 5000 });
    for (const piece of ["ES26-000123", "220 DA"]) {
      const element = within(list).getByText(piece);
      expect(element.tagName).toBe("BDI");
      expect(element).toHaveAttribute("dir", "ltr");
      // Never broken inside ("ES26-" then "000123", "220" then "DA"): the line wraps between the pieces.
      expect(element).toHaveClass("whitespace-nowrap");
    }
  });

  it("has an empty state leading to the destinations, in Arabic", async () => {
    ordersApi([]);
    await renderApp("/orders", { token: "t", language: "ar" });
    expect(await screen.findByText("لم تقم بأي طلب بعد.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "ابحث عن وجهة" })).toHaveAttribute("href", "/home");
  });
});
