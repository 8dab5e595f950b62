import type { CustomerDetail, CustomerSummary } from "@esim/shared/console/customers-contract";
import { ADMIN_API_BASE_PATH } from "@esim/shared/http";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { apiError, fakeApi } from "../../../test/fake-api.ts";
import { CONSOLE_TOKEN_KEY } from "../../lib/operator-session.ts";
import { renderApp, setUpAppTests } from "../../test/render-app.tsx";

type Handlers = Parameters<typeof fakeApi>[0];

const A = ADMIN_API_BASE_PATH;
const SUPPORT = { id: "op-2", email: "karim@esim-store.dz", role: "support" as const, isEnrolled: true };
const ID = "33333333-3333-4333-8333-333333333333";
const SESSION_ID = "44444444-4444-4444-8444-444444444444";

const SUMMARY: CustomerSummary = {
  id: ID,
  email: "amina@example.com",
  name: "Amina Benali",
  phone: "+213555123456",
  country: "DZ",
  createdAt: "2026-10-01T09:00:00Z",
  deletedAt: null,
  orderCount: 2,
};

const ESIM = {
  id: "55555555-5555-4555-8555-555555555555",
  iccid: "8988247000001234567",
  orderNumber: "ES26-000123",
  status: "New" as const,
  isAvailable: true,
  destinationCode: "TR",
  plan: { destinationCode: "TR", dataMb: 5120, isUnlimited: false, dataType: 1, validityDays: 30, nameOverrides: null },
  dataTotalBytes: 5 * 1024 ** 3,
  dataUsedBytes: 0,
  usageUpdatedAt: null,
  expiresAt: null,
};

function detail(overrides: Partial<CustomerDetail> = {}): CustomerDetail {
  return {
    profile: {
      id: ID,
      email: SUMMARY.email,
      name: SUMMARY.name,
      phone: SUMMARY.phone,
      country: "DZ",
      isVerified: true,
      language: "ar",
      currency: "DZD",
      createdAt: SUMMARY.createdAt,
      deletedAt: null,
    },
    pin: { isSet: true, isBlocked: true, attemptsLeft: 0 },
    orders: [
      {
        number: "ES26-000123",
        kind: "new",
        status: "delivered",
        destinationCode: "TR",
        plan: {
          destinationCode: "TR",
          dataMb: 5120,
          isUnlimited: false,
          dataType: 1,
          validityDays: 30,
          nameOverrides: null,
        },
        quantity: 1,
        chargeDzdMinor: 640_000,
        createdAt: "2026-11-20T10:00:00Z",
        rejectedBy: null,
      },
      {
        number: "ES26-000124",
        kind: "new",
        status: "rejected",
        destinationCode: "TR",
        plan: {
          destinationCode: "TR",
          dataMb: 5120,
          isUnlimited: false,
          dataType: 1,
          validityDays: 30,
          nameOverrides: null,
        },
        quantity: 1,
        chargeDzdMinor: 640_000,
        createdAt: "2026-11-21T10:00:00Z",
        rejectedBy: "payment_canceled",
      },
    ],
    esims: [ESIM],
    devices: [
      {
        id: "d-1",
        platform: "android",
        model: "Pixel 8",
        osVersion: "15",
        appVersion: "1.2.0",
        deviceLocale: "ar-DZ",
        hasPushToken: true,
        updatedAt: "2026-11-22T10:00:00Z",
      },
    ],
    sessions: [
      {
        id: SESSION_ID,
        createdAt: "2026-11-21T10:00:00Z",
        lastUsedAt: "2026-11-24T08:00:00Z",
        expiresAt: "2026-12-21T10:00:00Z",
        userAgent: "Safari on iPhone",
      },
    ],
    ...overrides,
  };
}

const CREDIT = {
  balanceDzdMinor: 50000,
  entries: [
    {
      id: "m1",
      kind: "issued" as const,
      amountDzdMinor: 50000,
      createdAt: "2026-11-20T10:00:00Z",
      orderNumber: null,
      reason: "Retard de livraison",
      expiresAt: null,
    },
  ],
};

function consoleApi(overrides: Handlers = {}) {
  return fakeApi({
    [`GET ${A}/me`]: () => ({ body: { data: SUPPORT } }),
    [`GET ${A}/customers/${ID}/store-credit`]: () => ({ body: { data: { balanceDzdMinor: 0, entries: [] } } }),
    ...overrides,
  });
}

describe("the console's customers (/admin/customers)", () => {
  setUpAppTests();
  afterEach(() => window.sessionStorage.clear());

  it("shows support the Customers link, searches by email and opens the customer", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    const { calls } = consoleApi({
      [`GET ${A}/customers`]: ({ url }) => ({
        body: { data: url.searchParams.get("q") === "amina@" ? [SUMMARY] : [], page: 1, hasMore: false },
      }),
      [`GET ${A}/customers/${ID}`]: () => ({ body: { data: detail() } }),
      [`POST ${A}/customers/${ID}/esims/refresh`]: () => ({ body: { data: [ESIM] } }),
    });
    const { user } = await renderApp("/admin", { language: "en" });
    await user.click(await screen.findByRole("link", { name: "Customers" }));
    await user.type(await screen.findByLabelText("Email, phone or name"), "amina@");
    await user.click(screen.getByRole("button", { name: "Search" }));
    await user.click(await screen.findByRole("link", { name: /Amina Benali/ }));

    expect(await screen.findByRole("heading", { level: 1, name: "Amina Benali" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "ES26-000123" })).toHaveAttribute("href", "/admin/orders/ES26-000123");
    // A checkout the customer cancelled on the payment page is not a declined card.
    const cancelled = screen.getByRole("link", { name: "ES26-000124" }).closest("li")!;
    expect(cancelled).toHaveTextContent("Payment cancelled by the customer");
    expect(cancelled).not.toHaveTextContent("declined");
    expect(screen.getByText("0 MB used of 5 GB")).toBeInTheDocument();
    expect(screen.getByText("Blocked after too many wrong tries")).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.some((call) => call.method === "POST" && call.path.endsWith("/esims/refresh"))).toBe(true),
    );
  }, 15_000);

  it("ends a customer's session and unblocks the PIN, each once", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    let current = detail();
    const { calls } = consoleApi({
      [`GET ${A}/customers/${ID}`]: () => ({ body: { data: current } }),
      [`POST ${A}/customers/${ID}/esims/refresh`]: () => ({ body: { data: [ESIM] } }),
      [`DELETE ${A}/customer-sessions/${SESSION_ID}`]: () => {
        current = { ...current, sessions: [] };
        return { status: 204 };
      },
      [`POST ${A}/customers/${ID}/pin/unblock`]: () => {
        current = { ...current, pin: { isSet: true, isBlocked: false, attemptsLeft: 4 } };
        return { body: { data: current.pin } };
      },
    });
    const { user } = await renderApp(`/admin/customers/${ID}`, { language: "en" });
    await user.click(await screen.findByRole("button", { name: /^End the session signed in/ }));
    expect(await screen.findByText("Session ended: that device must sign in again.")).toBeInTheDocument();
    expect(screen.queryByText("Safari on iPhone")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Unblock the PIN" }));
    expect(await screen.findByText("PIN unblocked: the customer can use it again.")).toBeInTheDocument();
    expect(screen.getByText("Set · attempts left: 4")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Unblock the PIN" })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === "DELETE")).toHaveLength(1);
    expect(calls.filter((call) => call.path.endsWith("/pin/unblock"))).toHaveLength(1);
  });

  it("says in Arabic, right to left, that deletion is immediate, on the deleted accounts' tab", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    consoleApi({
      [`GET ${A}/customers`]: ({ url }) => ({
        body: {
          data:
            url.searchParams.get("state") === "deleted"
              ? [{ ...SUMMARY, email: null, name: null, phone: null, deletedAt: "2026-11-23T10:00:00Z" }]
              : [SUMMARY],
          page: 1,
          hasMore: false,
        },
      }),
    });
    const { user } = await renderApp("/admin/customers", { language: "ar" });
    expect(document.documentElement.dir).toBe("rtl");
    await user.click(await screen.findByRole("button", { name: "الحسابات المحذوفة" }));
    expect(await screen.findByText(/حذف الحساب فوري/)).toBeInTheDocument();
    const row = await screen.findByRole("link", { name: /حساب محذوف/ });
    expect(within(row).getByText(/حُذف في/)).toBeInTheDocument();
  }, 15_000);

  it("shows an auto top-up turned off with no plan, a load that failed, and says when there are none", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    const withBoth = detail({
      autoTopUps: [
        {
          esimId: ESIM.id,
          isEnabled: false,
          plan: null,
          thresholdPercent: 10,
          isOnValidityEnding: false,
          monthlyCap: 2,
          boughtThisMonth: 0,
          lastOrderedAt: null,
          updatedAt: "2026-11-22T10:00:00Z",
        },
      ],
      creditLoads: [
        {
          id: "88888888-8888-4888-8888-888888888888",
          amountDzdMinor: 150_000,
          status: "failed",
          paymentMethod: "cib",
          createdAt: "2026-11-22T10:00:00Z",
          paidAt: null,
          endedAt: "2026-11-22T10:05:00Z",
          receiptNumber: null,
          provider: "chargily",
          providerReference: "01jf5a",
        },
      ],
    });
    let answer = withBoth;
    consoleApi({
      [`GET ${A}/customers/${ID}`]: () => ({ body: { data: answer } }),
      [`POST ${A}/customers/${ID}/esims/refresh`]: () => ({ body: { data: [ESIM] } }),
    });
    await renderApp(`/admin/customers/${ID}`, { language: "en" });

    const autoTopUps = await screen.findByRole("region", { name: "Auto top-ups" }, { timeout: 5000 });
    expect(autoTopUps).toHaveTextContent("eSIM \u20668988247000001234567\u2069 · Off");
    expect(autoTopUps).toHaveTextContent("No plan chosen");
    expect(autoTopUps).toHaveTextContent("None this month, 2 at most");
    expect(autoTopUps).toHaveTextContent("No auto top-up bought");
    expect(autoTopUps).not.toHaveTextContent("validity");
    const loads = screen.getByRole("region", { name: "Store credit loads" });
    expect(loads).toHaveTextContent("\u20681,500 DA\u2069 · Payment declined");
    expect(loads).toHaveTextContent(/Started .*22\/11\/2026 11:00.* · ended .*22\/11\/2026 11:05/);
    expect(loads).toHaveTextContent("Chargily · CIB, reference \u206601jf5a\u2069");
    expect(loads).not.toHaveTextContent("Receipt");
    cleanup();

    answer = detail();
    await renderApp(`/admin/customers/${ID}`, { language: "en" });
    expect(await screen.findByText("No auto top-up set.", {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText("No store credit load.")).toBeInTheDocument();
  });

  it("shows the translated error for an unknown customer", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    consoleApi({ [`GET ${A}/customers/${ID}`]: () => apiError(404, "NOT_FOUND") });
    await renderApp(`/admin/customers/${ID}`, { language: "fr" });
    expect(await screen.findByRole("alert")).toHaveTextContent(/./);
  });

  it("shows support a customer's store credit and its history, without the form to give some", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    consoleApi({
      [`GET ${A}/customers/${ID}`]: () => ({ body: { data: detail() } }),
      [`POST ${A}/customers/${ID}/esims/refresh`]: () => ({ body: { data: [ESIM] } }),
      [`GET ${A}/customers/${ID}/store-credit`]: () => ({ body: { data: CREDIT } }),
    });
    await renderApp(`/admin/customers/${ID}`, { language: "fr" });

    const section = await screen.findByRole("region", { name: "Crédit boutique" }, { timeout: 5000 });
    expect(await within(section).findByText("Solde : \u2068500 DA\u2069")).toBeInTheDocument();
    expect(within(section).getByRole("listitem")).toHaveTextContent("Offert par la boutique : Retard de livraison");
    expect(within(section).queryByRole("button", { name: "Offrir du crédit" })).not.toBeInTheDocument();
  });

  it("lets an admin give credit with the reason the customer reads, then shows the new balance", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    const { calls } = consoleApi({
      [`GET ${A}/me`]: () => ({ body: { data: { ...SUPPORT, role: "admin" } } }),
      [`GET ${A}/customers/${ID}`]: () => ({ body: { data: detail() } }),
      [`POST ${A}/customers/${ID}/esims/refresh`]: () => ({ body: { data: [ESIM] } }),
      [`POST ${A}/customers/${ID}/store-credit`]: () => ({ body: { data: CREDIT } }),
    });
    const { user } = await renderApp(`/admin/customers/${ID}`, { language: "fr" });
    const section = await screen.findByRole("region", { name: "Crédit boutique" }, { timeout: 5000 });
    const give = await within(section).findByRole("button", { name: "Offrir du crédit" });

    await user.type(within(section).getByLabelText("Montant (DA)"), "0");
    await user.click(give);
    expect(within(section).getByText("Saisissez un montant entier de 1 à 100 000 DA.")).toBeInTheDocument();
    await user.clear(within(section).getByLabelText("Montant (DA)"));
    await user.type(within(section).getByLabelText("Montant (DA)"), "500");
    await user.type(within(section).getByLabelText("Motif (lu par le client)"), "Retard de livraison");
    await user.click(give);

    expect(await within(section).findByRole("status")).toHaveTextContent("Crédit offert : \u2068500 DA\u2069.");
    expect(within(section).getByText("Solde : \u2068500 DA\u2069")).toBeInTheDocument();
    expect(calls.find((call) => call.method === "POST" && call.path.endsWith("/store-credit"))?.body).toEqual({
      amountDzd: 500,
      reason: "Retard de livraison",
      expiresAt: null,
    });
  });
});
