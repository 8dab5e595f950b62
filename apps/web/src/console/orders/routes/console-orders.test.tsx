import type { ConsoleOrderDetail, ConsoleOrderSummary } from "@esim/shared/console/orders-contract";
import { ADMIN_API_BASE_PATH } from "@esim/shared/http";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiError, fakeApi } from "../../../test/fake-api.ts";
import { CONSOLE_TOKEN_KEY } from "../../lib/operator-session.ts";
import { renderApp, setUpAppTests } from "../../test/render-app.tsx";

type Handlers = Parameters<typeof fakeApi>[0];

const A = ADMIN_API_BASE_PATH;
const ADMIN = { id: "op-1", email: "nadia@esim-store.dz", role: "admin" as const, isEnrolled: true };
const SUPPORT = { id: "op-2", email: "karim@esim-store.dz", role: "support" as const, isEnrolled: true };

const SUMMARY: ConsoleOrderSummary = {
  number: "ES26-000042",
  status: "confirmed",
  attentionKind: "provisioning_failed",
  createdAt: "2026-11-24T09:00:00Z",
  email: "amina@example.com",
  plan: { destinationCode: "FR", dataMb: 5120, isUnlimited: false, dataType: 1, validityDays: 7, nameOverrides: null },
  quantity: 1,
  chargeDzdMinor: 250_000,
  rejectedBy: null,
};

function detail(overrides: Partial<ConsoleOrderDetail> = {}): ConsoleOrderDetail {
  return {
    number: "ES26-000042",
    status: "confirmed",
    rejectedBy: null,
    kind: "new",
    attention: { kind: "provisioning_failed", reason: "Simulated upstream error", since: "2026-11-24T09:05:00Z" },
    createdAt: "2026-11-24T09:00:00Z",
    paidAt: "2026-11-24T09:01:00Z",
    deliveredAt: null,
    customer: { userId: "u-1", email: "amina@example.com", name: "Amina Benali", country: "DZ", language: "ar" },
    plan: {
      destinationCode: "FR",
      dataMb: 5120,
      isUnlimited: false,
      dataType: 1,
      validityDays: 7,
      nameOverrides: null,
      upstreamCode: "FR_5_7",
    },
    quantity: 1,
    currency: "DZD",
    totalMinor: 250_000,
    chargeDzdMinor: 250_000,
    couponCode: null,
    payment: {
      id: "0b8f5a4e-5d0c-4c55-9a1e-0d7e7f1a2b3c",
      provider: "sandbox",
      method: "edahabia",
      status: "successful",
      providerReference: "chk_123",
      amountDzdMinor: 250_000,
      paidAt: "2026-11-24T09:01:00Z",
    },
    provisioning: { attempts: 10, lastError: "Simulated upstream error", upstreamOrderNo: null, job: null },
    esims: [],
    refund: { totalOwedDzdMinor: 0, owedDzdMinor: 0, heldDzdMinor: 0, sent: [], choice: null },
    actions: {
      canRetryProvisioning: true,
      canResendInstallEmail: false,
      canRecordRefund: false,
      canDecideHeldPayment: false,
      canRefundHeldMoney: false,
    },
    timeline: [
      {
        kind: "status",
        at: "2026-11-24T09:00:00Z",
        event: "created",
        attentionKind: null,
        fromStatus: null,
        toStatus: "not_paid",
        note: null,
        actor: { kind: "customer", name: null },
      },
      {
        kind: "webhook",
        at: "2026-11-24T09:01:00Z",
        provider: "sandbox",
        eventId: "evt_1",
        eventType: "checkout.paid",
      },
      {
        kind: "status",
        at: "2026-11-24T09:01:00Z",
        event: "paid",
        attentionKind: null,
        fromStatus: "pending",
        toStatus: "confirmed",
        note: null,
        actor: { kind: "gateway", name: "sandbox" },
      },
      {
        kind: "status",
        at: "2026-11-24T09:05:00Z",
        event: "flagged",
        attentionKind: "provisioning_failed",
        fromStatus: "confirmed",
        toStatus: "confirmed",
        note: null,
        actor: { kind: "system", name: null },
      },
    ],
    ...overrides,
  };
}

function consoleApi(operator: typeof ADMIN | typeof SUPPORT, overrides: Handlers = {}) {
  return fakeApi({
    [`GET ${A}/me`]: () => ({ body: { data: operator } }),
    [`GET ${A}/orders`]: () => ({ body: { data: [SUMMARY], page: 1, hasMore: false } }),
    [`GET ${A}/orders/ES26-000042`]: () => ({ body: { data: detail() } }),
    ...overrides,
  });
}

describe("the console's orders (/admin/orders)", () => {
  setUpAppTests();
  afterEach(() => window.sessionStorage.clear());

  // 15 s: the file's first test loads the console's lazy chunks, seconds on a busy machine.
  it("searches by email and lists the matching order with its status and flag", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    const { calls } = consoleApi(SUPPORT);
    const { user } = await renderApp("/admin/orders", { language: "en" });
    expect(await screen.findByRole("heading", { level: 1, name: "Orders" })).toBeInTheDocument();
    await user.type(
      screen.getByLabelText("Name, email, phone, order number, ICCID or payment id"),
      "amina@example.com",
    );
    await user.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(window.location.search).toBe("?q=amina%40example.com"));
    const searched = calls.filter((call) => call.path === `${A}/orders`).at(-1);
    expect(searched?.url.searchParams.get("q")).toBe("amina@example.com");
    expect(searched?.headers.get("authorization")).toBe("Bearer operator-token");
    const results = await screen.findByRole("list", { name: "Orders found" });
    const link = within(results).getByRole("link", { name: /ES26-000042/ });
    expect(link).toHaveTextContent("Paid, not delivered");
    expect(link).toHaveTextContent("Provisioning failed");
    expect(link).toHaveTextContent("2,500 DA");
    const nav = screen.getByRole("navigation", { name: "Console sections" });
    expect(within(nav).getByRole("link", { name: "Orders" })).toBeInTheDocument();
  }, 15_000);

  it("says so when no order matches", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    consoleApi(SUPPORT, { [`GET ${A}/orders`]: () => ({ body: { data: [], page: 1, hasMore: false } }) });
    await renderApp("/admin/orders?q=nobody%40example.com", { language: "fr" });
    expect(await screen.findByText("Aucune commande ne correspond à cette recherche.")).toBeInTheDocument();
  });

  // 15 s: typing in six fields takes seconds on a busy machine.
  it("filters by status, payment method, promo code and days, keeps the filter in the address, and clears it", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    const { calls } = consoleApi(SUPPORT);
    const { user } = await renderApp("/admin/orders", { language: "en" });
    const form = await screen.findByRole("form", { name: "Filter orders" });
    await user.type(within(form).getByLabelText("Name, email, phone, order number, ICCID or payment id"), "Ami");
    await user.selectOptions(within(form).getByLabelText("Status"), "Refunded");
    await user.selectOptions(within(form).getByLabelText("Payment method"), "CIB");
    await user.type(within(form).getByLabelText("Promo code"), "summer26");
    await user.type(within(form).getByLabelText("Created from"), "2026-11-01");
    await user.type(within(form).getByLabelText("Created until (included)"), "2026-11-20");
    await user.click(within(form).getByRole("button", { name: "Search" }));

    const expected = "?q=Ami&status=refunded&from=2026-11-01&to=2026-11-20&paymentMethod=cib&couponCode=summer26";
    await waitFor(() => expect(window.location.search).toBe(expected));
    await waitFor(() => {
      const searched = calls.filter((call) => call.path === `${A}/orders`).at(-1);
      expect(Object.fromEntries(searched!.url.searchParams)).toEqual({
        q: "Ami",
        status: "refunded",
        from: "2026-11-01",
        to: "2026-11-20",
        paymentMethod: "cib",
        couponCode: "summer26",
      });
    });
    expect(await screen.findByRole("list", { name: "Orders found" })).toBeInTheDocument();

    // The list shown is the address's: its form (drawn again) holds the filter, and clears it.
    const shown = screen.getByRole("form", { name: "Filter orders" });
    expect(within(shown).getByLabelText("Status")).toHaveValue("refunded");
    await user.click(within(shown).getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(window.location.search).toBe(""));
    expect(within(screen.getByRole("form", { name: "Filter orders" })).getByLabelText("Status")).toHaveValue("");
  }, 15_000);

  it("finds the orders a refund is still owed on, whatever their status, the filter kept in the address", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    const { calls } = consoleApi(SUPPORT);
    const { user } = await renderApp("/admin/orders", { language: "fr" });
    const form = await screen.findByRole("form", { name: "Filtrer les commandes" });
    await user.selectOptions(within(form).getByLabelText("Remboursement dû"), "Argent encore dû au client");
    await user.click(within(form).getByRole("button", { name: "Rechercher" }));
    await waitFor(() => expect(window.location.search).toBe("?refundOwed=true"));
    await waitFor(() => {
      const searched = calls.filter((call) => call.path === `${A}/orders`).at(-1);
      expect(Object.fromEntries(searched!.url.searchParams)).toEqual({ refundOwed: "true" });
    });
  });

  it("opens a shared filtered address with its fields filled and that list asked for, in Arabic", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    const { calls } = consoleApi(SUPPORT);
    await renderApp("/admin/orders?status=delivered&paymentMethod=edahabia&from=2026-11-02&page=2", { language: "ar" });
    const form = await screen.findByRole("form", { name: "تصفية الطلبات" });
    expect(within(form).getByLabelText("الحالة")).toHaveValue("delivered");
    expect(within(form).getByLabelText("وسيلة الدفع")).toHaveValue("edahabia");
    expect(within(form).getByLabelText("أُنشئت ابتداءً من")).toHaveValue("2026-11-02");
    await waitFor(() => {
      const searched = calls.filter((call) => call.path === `${A}/orders`).at(-1);
      expect(Object.fromEntries(searched!.url.searchParams)).toEqual({
        status: "delivered",
        paymentMethod: "edahabia",
        from: "2026-11-02",
        page: "2",
      });
    });
  });

  it("refuses a first day after the last without asking the API", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    const { calls } = consoleApi(SUPPORT);
    const { user } = await renderApp("/admin/orders", { language: "fr" });
    const form = await screen.findByRole("form", { name: "Filtrer les commandes" });
    await user.type(within(form).getByLabelText("Créées à partir du"), "2026-11-20");
    await user.type(within(form).getByLabelText("Créées jusqu’au (inclus)"), "2026-11-01");
    expect(within(form).getByText("Choisissez un premier jour antérieur ou égal au dernier.")).toBeInTheDocument();
    const before = calls.length;
    await user.click(within(form).getByRole("button", { name: "Rechercher" }));
    expect(window.location.search).toBe("");
    expect(calls.length).toBe(before);
  });

  it("exports the filtered list as CSV for an admin, and offers no export to support", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    const { calls } = consoleApi(ADMIN, {
      [`GET ${A}/orders/export.csv`]: () => ({ body: "number\r\n", headers: { "content-type": "text/csv" } }),
    });
    const createObjectURL = vi.fn((_file: Blob) => "blob:orders");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const { user, unmount } = await renderApp("/admin/orders?status=refunded&couponCode=SUMMER26", { language: "en" });
    await user.click(await screen.findByRole("button", { name: "Export CSV" }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]!.download).toBe("orders.csv");
    const exported = calls.find((call) => call.path === `${A}/orders/export.csv`);
    expect(Object.fromEntries(exported!.url.searchParams)).toEqual({ status: "refunded", couponCode: "SUMMER26" });
    expect(exported?.headers.get("authorization")).toBe("Bearer operator-token");
    expect(exported?.headers.get("accept")).toBe("text/csv");
    unmount();

    consoleApi(SUPPORT);
    await renderApp("/admin/orders", { language: "en" });
    expect(await screen.findByRole("list", { name: "Orders found" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Export CSV" })).not.toBeInTheDocument();
  });

  it("shows an order's timeline, and retries its provisioning after a confirmation", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    const { calls } = consoleApi(SUPPORT, {
      [`POST ${A}/orders/ES26-000042/retry-provisioning`]: () => ({
        body: {
          data: detail({
            attention: null,
            provisioning: {
              attempts: 10,
              lastError: null,
              upstreamOrderNo: null,
              job: { attempts: 0, maxAttempts: 10, runAt: "2026-11-24T10:00:00Z", isRunning: false, lastError: null },
            },
          }),
        },
      }),
    });
    const { user } = await renderApp("/admin/orders/ES26-000042", { language: "en" });
    expect(await screen.findByRole("heading", { level: 1, name: /Order ES26-000042/ })).toBeInTheDocument();
    const timeline = screen.getByRole("region", { name: "Timeline" });
    const items = within(timeline).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining("Order created (Not paid)"),
      expect.stringContaining("Payment notification received from the test gatewaypayment succeeded"),
      expect.stringContaining("Payment pending → Paid, not deliveredPayment received · by the test gateway"),
      expect.stringContaining("Flagged: Provisioning failed"),
    ]);
    expect(screen.queryByRole("button", { name: "Record refund" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Retry provisioning" }));
    const dialog = await screen.findByRole("dialog", { name: "Retry provisioning?" });
    await user.click(within(dialog).getByRole("button", { name: "Retry provisioning" }));
    expect(await screen.findByText("Provisioning retried. The order updates by itself.")).toBeInTheDocument();
    expect(calls.filter((call) => call.path === `${A}/orders/ES26-000042/retry-provisioning`)).toHaveLength(1);
    expect(screen.getByText(/Attempt 0 of 10/)).toBeInTheDocument();
  });

  it("shows the API's refusal translated, in Arabic, right to left", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    consoleApi(SUPPORT, {
      [`POST ${A}/orders/ES26-000042/retry-provisioning`]: () => apiError(409, "ORDER_ACTION_NOT_ALLOWED"),
    });
    const { user } = await renderApp("/admin/orders/ES26-000042", { language: "ar" });
    await user.click(await screen.findByRole("button", { name: "إعادة محاولة التزويد" }));
    const dialog = await screen.findByRole("dialog", { name: "إعادة محاولة التزويد؟" });
    await user.click(within(dialog).getByRole("button", { name: "إعادة محاولة التزويد" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("حالة الطلب لا تسمح بهذا الإجراء");
    expect(document.documentElement.dir).toBe("rtl");
  });

  it("lets an admin record a partial refund owed with amount, method and bank reference; the rest still owed", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    const owed = detail({
      status: "refund_due",
      attention: null,
      refund: {
        totalOwedDzdMinor: 260_000,
        owedDzdMinor: 260_000,
        heldDzdMinor: 0,
        sent: [],
        choice: {
          kind: "transfer",
          accountNumber: "00799999000123456789",
          holderName: "Amina Benali",
          chosenAt: "2026-11-24T10:00:00Z",
        },
      },
      actions: {
        canRetryProvisioning: false,
        canResendInstallEmail: false,
        canRecordRefund: true,
        canDecideHeldPayment: false,
        canRefundHeldMoney: false,
      },
    });
    const partlyRefunded = {
      ...owed,
      refund: {
        ...owed.refund,
        owedDzdMinor: 9_950,
        sent: [
          {
            amountDzdMinor: 250_050,
            method: "ccp_transfer" as const,
            reference: "VIR-0042",
            at: "2026-11-25T10:00:00Z",
            by: { kind: "operator" as const, name: "nadia@esim-store.dz" },
          },
        ],
      },
    };
    const { calls } = consoleApi(ADMIN, {
      [`GET ${A}/orders/ES26-000042`]: () => ({ body: { data: owed } }),
      [`POST ${A}/orders/ES26-000042/refund`]: () => ({ body: { data: partlyRefunded } }),
    });
    const { user } = await renderApp("/admin/orders/ES26-000042", { language: "fr" });
    await user.click(await screen.findByRole("button", { name: "Enregistrer le remboursement" }));
    const dialog = await screen.findByRole("dialog", { name: "Enregistrer un remboursement" });
    const amount = within(dialog).getByLabelText("Montant remboursé (DA)");
    await user.clear(amount);
    await user.type(amount, "2500,50");
    await user.selectOptions(within(dialog).getByLabelText("Moyen de remboursement"), "ccp_transfer");
    await user.type(within(dialog).getByLabelText("Référence bancaire"), "VIR-0042");
    await user.click(within(dialog).getByRole("button", { name: "Enregistrer le remboursement" }));
    expect(await screen.findByText("Remboursement enregistré.")).toBeInTheDocument();
    const posted = calls.find((call) => call.path === `${A}/orders/ES26-000042/refund`);
    expect(posted?.body).toEqual({
      amountDzdMinor: 250_050,
      method: "ccp_transfer",
      reference: "VIR-0042",
      requestKey: expect.any(String),
    });
    // The rest is still owed, the refund sent listed with its method and reference, the customer's account shown.
    const panel = screen.getByRole("region", { name: "Remboursements" });
    expect(within(panel).getByText("\u206899.5 DA\u2069")).toBeInTheDocument();
    expect(within(panel).getByText("VIR-0042")).toBeInTheDocument();
    expect(within(panel).getByText("Virement CCP")).toBeInTheDocument();
    expect(within(panel).getByText("00799999000123456789")).toBeInTheDocument();
  });

  it("tells a support agent that a refund owed is for an admin to record", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    consoleApi(SUPPORT, {
      [`GET ${A}/orders/ES26-000042`]: () => ({
        body: {
          data: detail({
            status: "refund_due",
            refund: { totalOwedDzdMinor: 250_000, owedDzdMinor: 250_000, heldDzdMinor: 0, sent: [], choice: null },
            actions: {
              canRetryProvisioning: false,
              canResendInstallEmail: false,
              canRecordRefund: true,
              canDecideHeldPayment: false,
              canRefundHeldMoney: false,
            },
          }),
        },
      }),
    });
    await renderApp("/admin/orders/ES26-000042", { language: "en" });
    expect(await screen.findByText("A refund is owed: only an admin can record it.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Record refund" })).not.toBeInTheDocument();
  });

  it("cancels an unused eSIM at the provider with the words the customer will read", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    const esim = {
      id: "5b0c3c7e-1f7a-4e55-8d4e-2f0a9b1c7d11",
      iccid: "89852000000000000042",
      status: "New" as const,
      dataUsedBytes: 0,
      dataTotalBytes: 5 * 1024 * 1024 * 1024,
      usageUpdatedAt: null,
      isCancellable: true,
    };
    const delivered = detail({ status: "delivered", attention: null, esims: [esim] });
    const { calls } = consoleApi(SUPPORT, {
      [`GET ${A}/orders/ES26-000042`]: () => ({ body: { data: delivered } }),
      [`POST ${A}/orders/ES26-000042/esims/${esim.id}/cancel`]: () => ({
        body: {
          data: { ...delivered, status: "refunded", esims: [{ ...esim, status: "Canceled", isCancellable: false }] },
        },
      }),
    });
    const { user } = await renderApp("/admin/orders/ES26-000042", { language: "en" });
    await user.click(await screen.findByRole("button", { name: "Cancel this eSIM at the provider" }));
    const dialog = await screen.findByRole("dialog", { name: `Cancel the eSIM ${esim.iccid}` });
    expect(within(dialog).getByText("Email in Arabic. At most 500 characters.")).toBeInTheDocument();
    await user.type(within(dialog).getByRole("textbox"), "Bought for the wrong country");
    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("eSIM cancelled at the provider: the customer is emailed.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Cancel this eSIM at the provider" })).not.toBeInTheDocument();
    const posted = calls.filter((call) => call.path === `${A}/orders/ES26-000042/esims/${esim.id}/cancel`);
    expect(posted.map((call) => call.body)).toEqual([{ reason: "Bought for the wrong country" }]);
  });

  it("never reads an unpaid, cancelled order as charged: its amount is not paid and its status says how it ended", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    const cancelled = detail({
      status: "rejected",
      rejectedBy: "customer_cancelled",
      attention: null,
      paidAt: null,
      chargeDzdMinor: 11_000,
      payment: { ...detail().payment, status: "canceled", amountDzdMinor: 11_000, paidAt: null },
      actions: {
        canRetryProvisioning: false,
        canResendInstallEmail: false,
        canRecordRefund: false,
        canDecideHeldPayment: false,
        canRefundHeldMoney: false,
      },
      timeline: [
        {
          kind: "status",
          at: "2026-11-24T09:10:00Z",
          event: "customer_cancelled",
          attentionKind: null,
          fromStatus: "pending",
          toStatus: "rejected",
          note: null,
          actor: { kind: "customer", name: null },
        },
      ],
    });
    consoleApi(SUPPORT, { [`GET ${A}/orders/ES26-000042`]: () => ({ body: { data: cancelled } }) });
    await renderApp("/admin/orders/ES26-000042", { language: "fr" });
    const summary = await screen.findByRole("region", { name: "Commande" });
    expect(summary).toHaveTextContent(/Non payé\s*\u2068110 DA/);
    expect(document.body).not.toHaveTextContent("Débité");
    expect(screen.getAllByText("Commande annulée, non payée")[0]).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Chronologie" })).toHaveTextContent(
      "Paiement en attente → Commande annulée, non payée",
    );
    expect(document.body).not.toHaveTextContent("Paiement refusé");
  });

  it("reads a paid order's amount as charged", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    consoleApi(SUPPORT);
    await renderApp("/admin/orders/ES26-000042", { language: "fr" });
    expect(await screen.findByRole("region", { name: "Commande" })).toHaveTextContent(/Débité\s*\u20682\D500 DA/);
  });

  it("lists a checkout the customer cancelled apart from a declined card", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    const ended = [
      {
        ...SUMMARY,
        number: "ES26-000043",
        status: "rejected" as const,
        attentionKind: null,
        rejectedBy: "payment_canceled" as const,
      },
      {
        ...SUMMARY,
        number: "ES26-000044",
        status: "rejected" as const,
        attentionKind: null,
        rejectedBy: "payment_failed" as const,
      },
      {
        ...SUMMARY,
        number: "ES26-000045",
        status: "rejected" as const,
        attentionKind: null,
        rejectedBy: "checkout_lapsed" as const,
      },
    ];
    consoleApi(SUPPORT, { [`GET ${A}/orders`]: () => ({ body: { data: ended, page: 1, hasMore: false } }) });
    await renderApp("/admin/orders", { language: "en" });
    const results = await screen.findByRole("list", { name: "Orders found" });
    expect(within(results).getByRole("link", { name: /ES26-000043/ })).toHaveTextContent(
      "Payment cancelled by the customer",
    );
    expect(within(results).getByRole("link", { name: /ES26-000044/ })).toHaveTextContent("Payment declined");
    expect(within(results).getByRole("link", { name: /ES26-000045/ })).toHaveTextContent("Expired unpaid");
    expect(within(results).getByRole("link", { name: /ES26-000043/ })).not.toHaveTextContent("declined");
  });

  const held = detail({
    status: "on_hold",
    attention: {
      kind: "amount_mismatch",
      reason: "amount_mismatch: the gateway reports 1 DZD paid, the order charges 2500 DZD",
      since: "2026-11-24T09:01:00Z",
    },
    paidAt: null,
    actions: {
      canRetryProvisioning: false,
      canResendInstallEmail: false,
      canRecordRefund: false,
      canDecideHeldPayment: true,
      canRefundHeldMoney: false,
    },
  });

  it("lets an admin accept a held payment, with a note, after a confirmation", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    const { calls } = consoleApi(ADMIN, {
      [`GET ${A}/orders/ES26-000042`]: () => ({ body: { data: held } }),
      [`POST ${A}/orders/ES26-000042/accept-held-payment`]: () => ({
        body: {
          data: {
            ...held,
            status: "confirmed",
            attention: null,
            actions: { ...held.actions, canDecideHeldPayment: false, canRefundHeldMoney: false },
          },
        },
      }),
    });
    const { user } = await renderApp("/admin/orders/ES26-000042", { language: "en" });
    await user.click(await screen.findByRole("button", { name: "Accept payment" }));
    const dialog = await screen.findByRole("dialog", { name: "Accept the held payment?" });
    const confirm = within(dialog).getByRole("button", { name: "Accept payment" });
    expect(confirm).toBeDisabled();
    await user.type(
      within(dialog).getByLabelText("Note (what you checked)"),
      "2,500 DA seen on the Chargily dashboard",
    );
    await user.click(confirm);
    expect(await screen.findByText("Payment accepted: the order is being delivered.")).toBeInTheDocument();
    const posted = calls.filter((call) => call.path === `${A}/orders/ES26-000042/accept-held-payment`);
    expect(posted.map((call) => call.body)).toEqual([{ note: "2,500 DA seen on the Chargily dashboard" }]);
    expect(screen.queryByRole("button", { name: "Refuse payment" })).not.toBeInTheDocument();
  });

  it("lets a support agent refuse a held payment with the reason the customer reads, not accept it", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    const { calls } = consoleApi(SUPPORT, {
      [`GET ${A}/orders/ES26-000042`]: () => ({ body: { data: held } }),
      [`POST ${A}/orders/ES26-000042/refuse-held-payment`]: () => ({
        body: {
          data: {
            ...held,
            status: "refund_due",
            actions: { ...held.actions, canDecideHeldPayment: false, canRefundHeldMoney: false },
          },
        },
      }),
    });
    const { user } = await renderApp("/admin/orders/ES26-000042", { language: "fr" });
    await user.click(await screen.findByRole("button", { name: "Refuser le paiement" }));
    expect(screen.queryByRole("button", { name: "Accepter le paiement" })).not.toBeInTheDocument();
    expect(screen.getByText("Seul un administrateur peut accepter un paiement en attente.")).toBeInTheDocument();
    const dialog = await screen.findByRole("dialog", { name: "Refuser le paiement en attente ?" });
    expect(within(dialog).getByText("E-mail en arabe. 500 caractères au maximum.")).toBeInTheDocument();
    await user.type(
      within(dialog).getByLabelText("Message au client (envoyé tel quel)"),
      "Le montant payé ne correspond pas.",
    );
    await user.click(within(dialog).getByRole("button", { name: "Confirmer" }));
    expect(
      await screen.findByText("Paiement non accepté : le remboursement est dû, le client est prévenu par e-mail."),
    ).toBeInTheDocument();
    const posted = calls.filter((call) => call.path === `${A}/orders/ES26-000042/refuse-held-payment`);
    expect(posted.map((call) => call.body)).toEqual([{ reason: "Le montant payé ne correspond pas." }]);
  });

  it("shows a held payment decided meanwhile as the API's translated refusal, in Arabic", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    consoleApi(ADMIN, {
      [`GET ${A}/orders/ES26-000042`]: () => ({ body: { data: held } }),
      [`POST ${A}/orders/ES26-000042/accept-held-payment`]: () => apiError(409, "ORDER_ACTION_NOT_ALLOWED"),
    });
    const { user } = await renderApp("/admin/orders/ES26-000042", { language: "ar" });
    await user.click(await screen.findByRole("button", { name: "قبول الدفع" }));
    const dialog = await screen.findByRole("dialog", { name: "قبول الدفع المعلّق؟" });
    await user.type(within(dialog).getByRole("textbox"), "تم التحقق");
    await user.click(within(dialog).getByRole("button", { name: "قبول الدفع" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("حالة الطلب لا تسمح بهذا الإجراء");
    expect(document.documentElement.dir).toBe("rtl");
  });
});
