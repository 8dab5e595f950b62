import type { Dashboard } from "@esim/shared/console/dashboard-contract";
import type { MarginFigures, MarginReport, OrderMargin } from "@esim/shared/console/margins-contract";
import type { ConsoleOrderDetail } from "@esim/shared/console/orders-contract";
import { ADMIN_API_BASE_PATH } from "@esim/shared/http";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { fakeApi } from "../../test/fake-api.ts";
import { CONSOLE_TOKEN_KEY } from "../lib/operator-session.ts";
import { renderApp, setUpAppTests } from "../test/render-app.tsx";

// The owner's margin in the console (decision 065): the dashboard's Margins section and an order's margin, for admins
// only; a cost never recorded reads "unknown", never 0.

const A = ADMIN_API_BASE_PATH;
const ADMIN = { id: "op-1", email: "nadia@esim-store.dz", role: "admin" as const, isEnrolled: true };
const SUPPORT = { id: "op-2", email: "karim@esim-store.dz", role: "support" as const, isEnrolled: true };

const window0 = {
  from: "2026-11-23T23:00:00Z",
  paidOrders: 0,
  grossDzdMinor: 0,
  refundsDzdMinor: 0,
  netDzdMinor: 0,
  checkoutsStarted: 0,
  checkoutsPaid: 0,
  conversionRate: null,
};
const DASHBOARD: Dashboard = {
  generatedAt: "2026-11-24T10:00:00Z",
  timeZone: "Africa/Algiers",
  sales: { today: window0, last7Days: window0, last30Days: window0 },
  dailySales: [],
  undelivered: { count: 0, orders: [] },
  provisioningFailures: { count: 0, orders: [] },
  pendingCancellations: { count: 0, refundDzdMinor: 0, requests: [] },
  refundsOwed: { count: 0, totalDzdMinor: 0, overdueCount: 0, orders: [] },
  upstreamBalance: { state: "known", balanceUsdE4: 9_000_000, lowThresholdUsdE4: 2_000_000, isLow: false },
};

const figures = (overrides: Partial<MarginFigures>): MarginFigures => ({
  orders: 0,
  netSoldHtDzdMinor: 0,
  unknownCostOrders: 0,
  pendingOrders: 0,
  costDzdMinor: null,
  marginDzdMinor: null,
  marginBps: null,
  ...overrides,
});

function report(period: MarginReport["period"]): MarginReport {
  const today = figures({
    orders: 2,
    netSoldHtDzdMinor: 250_420,
    costDzdMinor: 180_000,
    marginDzdMinor: 70_420,
    marginBps: 2812,
  });
  return {
    period,
    timeZone: "Africa/Algiers",
    from: "2026-11-17T23:00:00Z",
    to: "2026-11-24T10:00:00Z",
    totals:
      period === "today"
        ? today
        : figures({
            orders: 4,
            netSoldHtDzdMinor: 500_840,
            unknownCostOrders: 1,
            pendingOrders: 1,
            costDzdMinor: 180_000,
            marginDzdMinor: 70_420,
            marginBps: 2812,
          }),
    plans: [
      {
        packageId: "p-1",
        plan: {
          destinationCode: "TR",
          dataMb: 1024,
          isUnlimited: false,
          dataType: 1,
          validityDays: 7,
          nameOverrides: null,
        },
        destinationCode: "TR",
        isTopUp: false,
        ...today,
      },
      {
        packageId: "p-1-top-up",
        plan: {
          destinationCode: "TR",
          dataMb: 1024,
          isUnlimited: false,
          dataType: 1,
          validityDays: 7,
          nameOverrides: null,
        },
        destinationCode: "TR",
        isTopUp: true,
        ...figures({ orders: 1, netSoldHtDzdMinor: 125_210, pendingOrders: 1 }),
      },
      {
        packageId: "p-2",
        plan: {
          destinationCode: "FR",
          dataMb: 5120,
          isUnlimited: false,
          dataType: 1,
          validityDays: 30,
          nameOverrides: null,
        },
        destinationCode: "FR",
        isTopUp: false,
        ...figures({ orders: 1, netSoldHtDzdMinor: 125_210, unknownCostOrders: 1 }),
      },
    ],
    days: [
      { date: "2026-11-23", ...figures({}) },
      { date: "2026-11-24", ...today },
    ],
  };
}

const ORDER = {
  number: "ES26-000042",
  status: "delivered",
  rejectedBy: null,
  kind: "new",
  attention: null,
  createdAt: "2026-11-24T09:00:00Z",
  paidAt: "2026-11-24T09:01:00Z",
  deliveredAt: "2026-11-24T09:02:00Z",
  customer: { userId: "u-1", email: "amina@example.com", name: "Amina Benali", country: "DZ", language: "ar" },
  plan: {
    destinationCode: "TR",
    dataMb: 1024,
    isUnlimited: false,
    dataType: 1,
    validityDays: 7,
    nameOverrides: null,
    upstreamCode: "TR_1_7",
  },
  quantity: 2,
  currency: "DZD",
  totalMinor: 298_000,
  chargeDzdMinor: 298_000,
  couponCode: null,
  payment: {
    id: "0b8f5a4e-5d0c-4c55-9a1e-0d7e7f1a2b3c",
    provider: "sandbox",
    method: "edahabia",
    status: "successful",
    providerReference: "chk_123",
    amountDzdMinor: 298_000,
    paidAt: "2026-11-24T09:01:00Z",
  },
  provisioning: { attempts: 1, lastError: null, upstreamOrderNo: "SIM123", job: null },
  esims: [],
  refund: { totalOwedDzdMinor: 0, owedDzdMinor: 0, heldDzdMinor: 0, sent: [], choice: null },
  actions: {
    canRetryProvisioning: false,
    canResendInstallEmail: true,
    canRecordRefund: false,
    canDecideHeldPayment: false,
    canRefundHeldMoney: false,
  },
  timeline: [],
} satisfies ConsoleOrderDetail;

const MARGIN: OrderMargin = {
  tvaRateBps: 1900,
  soldHtDzdMinor: 250_420,
  refundedHtDzdMinor: 0,
  netSoldHtDzdMinor: 250_420,
  costUsdE4: 13_334,
  upstreamCreditUsdE4: 0,
  dzdPerUsd: "135",
  costDzdMinor: 180_009,
  isPending: false,
  marginDzdMinor: 70_411,
  marginBps: 2812,
};

function consoleApi(operator: typeof ADMIN | typeof SUPPORT, margin: OrderMargin = MARGIN) {
  return fakeApi({
    [`GET ${A}/me`]: () => ({ body: { data: operator } }),
    [`GET ${A}/dashboard`]: () => ({ body: { data: DASHBOARD } }),
    [`GET ${A}/margins`]: ({ url }) => ({
      body: { data: report((url.searchParams.get("period") ?? "7d") as MarginReport["period"]) },
    }),
    [`GET ${A}/orders/ES26-000042`]: () => ({ body: { data: ORDER } }),
    [`GET ${A}/orders/ES26-000042/margin`]: () => ({ body: { data: margin } }),
  });
}

describe("the margins (/admin, /admin/orders/:number)", () => {
  setUpAppTests();
  afterEach(() => window.sessionStorage.clear());

  it("shows the admin the week's margin per plan and per day, an unknown cost as unknown, and today on a tap", {
    timeout: 20_000,
  }, async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    const { calls } = consoleApi(ADMIN);
    const { user } = await renderApp("/admin", { language: "en" });

    const section = await screen.findByRole("region", { name: "Margins" });
    expect((await within(section).findAllByText("\u2068704.2 DA\u2069")).length).toBeGreaterThan(0);
    expect(
      within(section).getByText("1 order bought before costs were recorded: left out of cost and margin."),
    ).toBeInTheDocument();
    expect(
      within(section).getByText("1 order paid and not delivered yet: left out of cost and margin until it is."),
    ).toBeInTheDocument();
    const byPlan = within(section).getByRole("table", { name: "By plan" });
    // A plan sold as a new eSIM and its top-up of the same name are told apart by their kind.
    const turkey = within(byPlan).getByRole("row", { name: /Türkiye · 1 GB · 7 days\W*New eSIM/ });
    const turkeyTopUp = within(byPlan).getByRole("row", { name: /Türkiye · 1 GB · 7 days\W*Top-up/ });
    expect(turkeyTopUp).toHaveTextContent("pending");
    expect(turkey).toHaveTextContent("2,504.2 DA");
    expect(turkey).toHaveTextContent("1,800 DA");
    expect(turkey).toHaveTextContent("28.1%");
    expect(within(byPlan).getByRole("row", { name: /France · 5 GB · 30 days/ })).toHaveTextContent("unknown");
    // Only days with sales are listed.
    expect(within(within(section).getByRole("table", { name: "By day" })).getAllByRole("row")).toHaveLength(2);

    await user.click(within(section).getByRole("button", { name: "Today" }));
    expect(within(section).getByRole("button", { name: "Today" })).toHaveAttribute("aria-pressed", "true");
    const orders = await within(section).findByText("Orders", { selector: "dt" });
    await expect.poll(() => orders.nextElementSibling?.textContent).toBe("2");
    expect(calls.some((call) => call.path === `${A}/margins` && call.url.searchParams.get("period") === "today")).toBe(
      true,
    );
  });

  it("shows no margin to a support agent and asks the API for none", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    const { calls } = consoleApi(SUPPORT);
    await renderApp("/admin/orders/ES26-000042", { language: "en" });
    expect(await screen.findByText("amina@example.com")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Margin" })).not.toBeInTheDocument();
    expect(calls.some((call) => call.path.includes("margin"))).toBe(false);
  });

  it("gives the admin an order's margin in Arabic, its cost with the rate it was bought at", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    consoleApi(ADMIN);
    await renderApp("/admin/orders/ES26-000042", { language: "ar" });
    const section = await screen.findByRole("region", { name: "الهامش" });
    expect(document.documentElement.dir).toBe("rtl");
    expect(await within(section).findByText("\u2068704.11 DA\u2069")).toBeInTheDocument();
    expect(within(section).getByText("\u2068$1.33\u2069 بسعر 135 دج/دولار")).toBeInTheDocument();
  });

  it("says a paid order not delivered yet has no margin yet, rather than 100 %", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    consoleApi(ADMIN, {
      ...MARGIN,
      costUsdE4: 0,
      costDzdMinor: 0,
      isPending: true,
      marginDzdMinor: null,
      marginBps: null,
    });
    await renderApp("/admin/orders/ES26-000042", { language: "fr" });
    const section = await screen.findByRole("region", { name: "Marge" });
    expect(await within(section).findByText("Marge", { selector: "dt" })).toBeInTheDocument();
    expect(within(section).getByText("Marge", { selector: "dt" }).nextElementSibling).toHaveTextContent(
      /^en attente de livraison$/,
    );
    expect(section).not.toHaveTextContent("100");
  });

  it("names the upstream's credit for an eSIM cancelled unused beside the cost", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    consoleApi(ADMIN, { ...MARGIN, upstreamCreditUsdE4: 13_334, costDzdMinor: 0, marginDzdMinor: 0, marginBps: null });
    await renderApp("/admin/orders/ES26-000042", { language: "en" });
    const section = await screen.findByRole("region", { name: "Margin" });
    expect(
      await within(section).findByText(/\$1\.33\u2069 credited back by the upstream \(eSIM cancelled unused\)/),
    ).toBeInTheDocument();
  });

  it("says an order bought before costs were recorded has an unknown cost and margin, never 0", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    consoleApi(ADMIN, {
      ...MARGIN,
      costUsdE4: null,
      dzdPerUsd: null,
      costDzdMinor: null,
      marginDzdMinor: null,
      marginBps: null,
    });
    await renderApp("/admin/orders/ES26-000042", { language: "fr" });
    const section = await screen.findByRole("region", { name: "Marge" });
    expect(await within(section).findAllByText("inconnu")).toHaveLength(2);
    expect(within(section).getByText(/coût et marge inconnus/)).toBeInTheDocument();
    expect(within(section).getByText("Coût fournisseur", { selector: "dt" }).nextElementSibling).toHaveTextContent(
      /^inconnu$/,
    );
    expect(within(section).getByText("Marge", { selector: "dt" }).nextElementSibling).toHaveTextContent(/^inconnu$/);
  });
});
