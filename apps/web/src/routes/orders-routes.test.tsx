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

describe("an order's refund", () => {
  setUpAppTests();

  const owed = { totalOwedDzdMinor: 22_000, owedDzdMinor: 22_000, sent: [], choice: null, canChoose: true };

  it("shows the refund owed, checks the transfer's account, then says what was chosen", async () => {
    const { calls } = fakeApi({
      ...SIGNED_IN_HANDLERS,
      [`GET /orders/${ORDER_ID}`]: () => ({ body: { data: orderFor({ status: "refund_due", hasInvoice: true }) } }),
      [`GET /orders/${ORDER_ID}/refund`]: () => ({ body: { data: owed } }),
      [`POST /orders/${ORDER_ID}/refund/choice`]: () => ({
        body: {
          data: {
            ...owed,
            canChoose: false,
            choice: { kind: "transfer", accountMasked: "•••• 6789", chosenAt: "2026-11-26T10:00:00Z" },
          },
        },
      }),
    });
    const { user } = await renderApp(`/status/${ORDER_ID}`, { token: "t", language: "fr" });
    const refund = await screen.findByRole("region", { name: "Remboursement" }, { timeout: 5000 });
    expect(refund).toHaveTextContent("Remboursement dû : 220 DA");

    await user.click(within(refund).getByRole("radio", { name: /Par virement/ }));
    await user.type(within(refund).getByLabelText("RIP (CCP) ou RIB (banque), 20 chiffres"), "0079999900012345");
    await user.type(within(refund).getByLabelText("Titulaire du compte"), "Amina Benali");
    await user.click(within(refund).getByRole("button", { name: "Demander le virement" }));
    expect(
      within(refund).getByText(
        "Saisissez les 20 chiffres de votre RIB (compte bancaire) ou de votre RIP (compte CCP).",
      ),
    ).toBeInTheDocument();
    const isChoice = (call: (typeof calls)[number]) => call.path === `/orders/${ORDER_ID}/refund/choice`;
    expect(calls.some(isChoice)).toBe(false);

    const account = within(refund).getByLabelText("RIP (CCP) ou RIB (banque), 20 chiffres");
    await user.clear(account);
    await user.type(account, "007 99999 0001234567 89");
    await user.click(within(refund).getByRole("button", { name: "Demander le virement" }));
    expect(await within(refund).findByText("•••• 6789")).toBeInTheDocument();
    expect(within(refund).queryByRole("radio")).not.toBeInTheDocument();
    const posted = calls.find(isChoice);
    expect(posted?.body).toEqual({ kind: "transfer", account: "00799999000123456789", holderName: "Amina Benali" });
  });

  it("lists a partial refund sent and what is still owed, in Arabic", async () => {
    fakeApi({
      ...SIGNED_IN_HANDLERS,
      [`GET /orders/${ORDER_ID}`]: () => ({ body: { data: orderFor({ status: "refund_due", hasInvoice: true }) } }),
      [`GET /orders/${ORDER_ID}/refund`]: () => ({
        body: {
          data: {
            totalOwedDzdMinor: 26_000,
            owedDzdMinor: 6_000,
            sent: [{ amountDzdMinor: 20_000, method: "ccp_transfer", reference: "VIR-7", at: "2026-11-26T10:00:00Z" }],
            choice: { kind: "transfer", accountMasked: "•••• 6789", chosenAt: "2026-11-25T10:00:00Z" },
            canChoose: false,
          },
        },
      }),
    });
    await renderApp(`/status/${ORDER_ID}`, { token: "t", language: "ar" });
    const refund = await screen.findByRole("region", { name: "الاسترداد" }, { timeout: 5000 });
    expect(refund).toHaveTextContent("المبلغ المستحق لك: 60 DA");
    expect(refund).toHaveTextContent("200 DA");
    expect(refund).toHaveTextContent("تحويل بريدي (CCP)");
    expect(within(refund).getByText("VIR-7")).toBeInTheDocument();
    expect(document.documentElement.dir).toBe("rtl");
  });
});
