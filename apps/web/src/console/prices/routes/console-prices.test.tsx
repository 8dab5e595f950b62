import type { PricePreview } from "@esim/shared/console/prices-contract";
import { ADMIN_API_BASE_PATH } from "@esim/shared/http";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { fakeApi } from "../../../test/fake-api.ts";
import { CONSOLE_TOKEN_KEY } from "../../lib/operator-session.ts";
import { renderApp, setUpAppTests } from "../../test/render-app.tsx";

type Handlers = Parameters<typeof fakeApi>[0];

const A = ADMIN_API_BASE_PATH;
const ADMIN = { id: "op-1", email: "nadia@esim-store.dz", role: "admin" as const, isEnrolled: true };
const SUPPORT = { id: "op-2", email: "karim@esim-store.dz", role: "support" as const, isEnrolled: true };
const SETTINGS = {
  dzdPerUsd: "135",
  markupBps: 3000,
  destinationMarkups: [{ destinationCode: "europe", markupBps: 3500 }],
  serviceFeeDzdMinor: 0,
  updatedAt: "2026-11-20T10:00:00Z",
};

const PREVIEW: PricePreview = {
  current: SETTINGS,
  proposed: { ...SETTINGS, dzdPerUsd: "250" },
  changes: [
    {
      packageId: "p-1",
      destinationCode: "TR",
      name: "Turkey 1GB 7Days",
      validityDays: 7,
      dataMb: 1024,
      isTopUp: false,
      beforeDzdMinor: 64_000,
      afterDzdMinor: 119_000,
      differenceDzdMinor: 55_000,
      afterUsdMinor: 459,
      costUsdE4: 33_000,
      marginBefore: { marginDzdMinor: 9_232, marginBps: 1716 },
      marginAfter: { marginDzdMinor: -12_500, marginBps: -1250 },
    },
  ],
  tvaRateBps: 1900,
  planCount: 1200,
  increasedCount: 1,
  decreasedCount: 0,
};

const HISTORY = [
  {
    id: "a-1",
    operatorId: null,
    operatorEmail: null,
    action: "prices.update",
    entityType: "price_settings",
    entityId: "1",
    entityLabel: null,
    before: { dzdPerUsd: "130", markupBps: 3000, serviceFeeDzdMinor: 0 },
    after: { dzdPerUsd: "135", markupBps: 3000, serviceFeeDzdMinor: 0 },
    ip: null,
    createdAt: "2026-11-20T10:00:00Z",
  },
];

function pricesApi(operator: typeof ADMIN | typeof SUPPORT, overrides: Handlers = {}) {
  return fakeApi({
    [`GET ${A}/me`]: () => ({ body: { data: operator } }),
    [`GET ${A}/prices`]: () => ({ body: { data: SETTINGS } }),
    [`GET ${A}/audit-log`]: () => ({ body: { data: HISTORY, nextCursor: null } }),
    [`POST ${A}/prices/preview`]: () => ({ body: { data: PREVIEW } }),
    [`POST ${A}/prices`]: () => ({
      body: { data: { settings: PREVIEW.proposed, repricedCount: 1500, isChanged: true } },
    }),
    ...overrides,
  });
}

describe("the console's prices (/admin/prices)", () => {
  setUpAppTests();
  afterEach(() => window.sessionStorage.clear());

  it("previews a new rate plan by plan, then applies exactly what was previewed", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    const { calls } = pricesApi(ADMIN);
    const { user } = await renderApp("/admin/prices", { language: "en" });
    const rate = await screen.findByLabelText("Rate (DZD per USD)");
    expect(rate).toHaveValue("135");
    expect(screen.getByLabelText("Markup (%)")).toHaveValue("30");
    expect(await screen.findByText("command line")).toBeInTheDocument();

    await user.clear(rate);
    await user.type(rate, "250");
    await user.click(screen.getByRole("button", { name: "Preview the price changes" }));

    const preview = await screen.findByRole("region", { name: "Preview of the new prices" });
    expect(within(preview).getByText("1 plan of 1,200 changes price: 1 up, 0 down.")).toBeInTheDocument();
    // The destination by its name and the plan's data in words, never a code or the upstream's name.
    const row = within(preview).getByRole("row", { name: /Türkiye/ });
    expect(row).toHaveTextContent("1 GB");
    expect(row).not.toHaveTextContent(/\bTR\b|Turkey 1GB/);
    expect(row).toHaveTextContent("640 DA");
    expect(row).toHaveTextContent("1,190 DA");
    expect(row).toHaveTextContent("+\u2068550 DA\u2069");
    // The margin each change leaves, excluding the seller's TVA: here a loss, before applying it.
    expect(within(preview).getByText(/Margin excluding VAT \(19%\)/)).toBeInTheDocument();
    expect(row).toHaveTextContent("-125 DA");
    expect(row).toHaveTextContent("-12.5%");
    expect(row).toHaveTextContent("before: \u206892.32 DA\u2069");
    expect(calls.some((call) => call.method === "POST" && call.path === `${A}/prices`)).toBe(false);

    await user.click(within(preview).getByRole("button", { name: "Apply these prices" }));
    expect(await within(preview).findByText("Prices applied: 1,500 plans re-priced.")).toBeInTheDocument();
    const applied = calls.find((call) => call.method === "POST" && call.path === `${A}/prices`);
    expect(applied?.body).toEqual({
      dzdPerUsd: "250",
      markupBps: 3000,
      destinationMarkups: [{ destinationCode: "europe", markupBps: 3500 }],
      serviceFeeDzdMinor: 0,
    });
  });

  it("gives a country its own markup and removes a region's, in one change", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    const { calls } = pricesApi(ADMIN);
    const { user } = await renderApp("/admin/prices", { language: "en" });
    expect(await screen.findByLabelText("Destination 1")).toHaveValue("europe");
    await user.click(screen.getByRole("button", { name: "Remove destination 1" }));
    await user.click(screen.getByRole("button", { name: "Add a destination" }));
    await user.type(screen.getByLabelText("Destination 1"), "tr");
    const markup = screen.getByLabelText("Markup 1 (%)");
    await user.clear(markup);
    await user.type(markup, "40");
    await user.click(screen.getByRole("button", { name: "Preview the price changes" }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === `${A}/prices/preview`)?.body).toMatchObject({
        destinationMarkups: [
          { destinationCode: "TR", markupBps: 4000 },
          { destinationCode: "europe", markupBps: null },
        ],
      }),
    );
  });

  it("refuses a rate that is not a number before asking the server", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    const { calls } = pricesApi(ADMIN);
    const { user } = await renderApp("/admin/prices", { language: "fr" });
    const rate = await screen.findByLabelText("Taux (DZD pour 1 USD)");
    await user.clear(rate);
    await user.type(rate, "abc");
    await user.click(screen.getByRole("button", { name: "Voir les prix qui changent" }));
    expect(await screen.findByText("Saisissez un taux positif, avec au plus 4 décimales.")).toBeInTheDocument();
    expect(calls.some((call) => call.path === `${A}/prices/preview`)).toBe(false);
  });

  it("tells a support agent the page is for admins, hides the links and asks nothing of the prices API", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    const { calls } = pricesApi(SUPPORT);
    await renderApp("/admin/prices", { language: "ar" });
    expect(await screen.findByRole("alert")).toHaveTextContent("صفحة الأسعار مخصّصة للمشرفين فقط.");
    const nav = screen.getByRole("navigation");
    expect(within(nav).queryByRole("link", { name: "الأسعار" })).not.toBeInTheDocument();
    expect(within(nav).queryByRole("link", { name: "الكتالوج" })).not.toBeInTheDocument();
    await waitFor(() => expect(calls.some((call) => call.path.startsWith(`${A}/prices`))).toBe(false));
  });

  it("runs a catalogue sync and shows its counts", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    const run = {
      startedAt: "2026-11-24T10:00:00Z",
      finishedAt: "2026-11-24T10:00:05Z",
      operatorEmail: ADMIN.email,
      isSuccess: true,
      destinations: 210,
      plans: 1400,
      topUps: 300,
      deactivated: 2,
      skipped: 0,
      error: null,
    };
    pricesApi(ADMIN, {
      [`GET ${A}/catalogue/sync`]: () => ({ body: { data: { lastRun: null, lastSyncedAt: null } } }),
      [`POST ${A}/catalogue/sync`]: () => ({ body: { data: run } }),
    });
    const { user } = await renderApp("/admin/catalogue", { language: "en" });
    expect(await screen.findByText("No sync recorded yet.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Sync now" }));
    expect(await screen.findByText("Last sync succeeded")).toBeInTheDocument();
    expect(
      screen.getByText("210 destinations, 1,400 plans, 300 top-ups, 2 taken off sale, 0 skipped"),
    ).toBeInTheDocument();
  });

  it("hides a destination and one of its plans from the catalogue page", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    const turkey = {
      code: "TR",
      type: "country",
      names: { fr: "Turquie", en: "Turkey", ar: "تركيا" },
      isHidden: false,
      isPopular: true,
      isPopularSetByOperator: false,
      planCount: 2,
      hiddenPlanCount: 0,
    };
    const plan = {
      id: "11111111-1111-4111-8111-111111111111",
      dataMb: 1024,
      isUnlimited: false,
      dataType: 1,
      validityDays: 7,
      isTopUp: false,
      retailDzdMinor: 64_000,
      isHidden: false,
      nameOverrides: { fr: null, ar: null },
    };
    let isHidden = false;
    const { calls } = pricesApi(ADMIN, {
      [`GET ${A}/catalogue/sync`]: () => ({ body: { data: { lastRun: null, lastSyncedAt: null } } }),
      [`GET ${A}/catalogue/destinations`]: () => ({ body: { data: [{ ...turkey, isHidden }] } }),
      [`POST ${A}/catalogue/destinations/TR`]: ({ body }) => {
        isHidden = (body as { isHidden: boolean }).isHidden;
        return { body: { data: { ...turkey, isHidden } } };
      },
      [`GET ${A}/catalogue/destinations/TR/plans`]: () => ({ body: { data: { destination: turkey, plans: [plan] } } }),
      [`POST ${A}/catalogue/plans/${plan.id}`]: () => ({ body: { data: { ...plan, isHidden: true } } }),
    });
    const { user } = await renderApp("/admin/catalogue", { language: "fr" });
    const card = (await screen.findByText("Turquie")).closest("li")!;
    expect(within(card).getByRole("checkbox", { name: "Populaire" })).toBeChecked();
    await user.click(within(card).getByRole("button", { name: "Masquer" }));
    expect(await within(card).findByRole("button", { name: "Afficher" })).toBeInTheDocument();
    expect(calls.find((call) => call.path === `${A}/catalogue/destinations/TR`)?.body).toEqual({ isHidden: true });

    await user.click(within(card).getByRole("button", { name: "Forfaits" }));
    const planRow = (await within(card).findByText(/7 jours/)).closest("li")!;
    await user.click(within(planRow).getByRole("button", { name: "Masquer" }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === `${A}/catalogue/plans/${plan.id}`)?.body).toEqual({ isHidden: true }),
    );
  });
});
