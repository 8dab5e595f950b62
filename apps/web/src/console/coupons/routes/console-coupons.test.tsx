import type { ConsoleCoupon } from "@esim/shared/console/coupons-contract";
import { ADMIN_API_BASE_PATH } from "@esim/shared/http";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { PLAN_7_DAYS, PLAN_30_DAYS, TURKEY } from "../../../test/buying-fixtures.ts";
import { apiError, fakeApi } from "../../../test/fake-api.ts";
import { CONSOLE_TOKEN_KEY } from "../../lib/operator-session.ts";
import { renderApp, setUpAppTests } from "../../test/render-app.tsx";

type Handlers = Parameters<typeof fakeApi>[0];

const A = ADMIN_API_BASE_PATH;
const ADMIN = { id: "op-1", email: "nadia@esim-store.dz", role: "admin" as const, isEnrolled: true };
const SUPPORT = { id: "op-2", email: "karim@esim-store.dz", role: "support" as const, isEnrolled: true };
const ID = "11111111-1111-4111-8111-111111111111";

const SUMMER: ConsoleCoupon = {
  id: ID,
  code: "SUMMER26",
  kind: "percent",
  percentOff: 15,
  amountOffDzdMinor: null,
  startsAt: null,
  endsAt: "2026-12-31T23:00:00Z",
  maxUses: 100,
  maxUsesPerUser: 1,
  minOrderDzdMinor: 1000_00,
  packageIds: null,
  isBlocked: false,
  allowsBelowCost: false,
  state: "active",
  usesCount: 3,
  paidOrders: 2,
  revenueDzdMinor: 3400_00,
  createdAt: "2026-11-20T10:00:00Z",
};

function consoleApi(operator: typeof ADMIN | typeof SUPPORT, overrides: Handlers = {}) {
  return fakeApi({
    [`GET ${A}/me`]: () => ({ body: { data: operator } }),
    [`GET ${A}/coupons`]: () => ({ body: { data: [SUMMER] } }),
    ...overrides,
  });
}

describe("the console's coupons (/admin/coupons)", () => {
  setUpAppTests();
  afterEach(() => window.sessionStorage.clear());

  it("lists each coupon with its discount, uses, paid orders and revenue", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    consoleApi(ADMIN);
    await renderApp("/admin/coupons", { language: "en" });
    const card = (await screen.findByRole("heading", { name: "SUMMER26" })).closest("li") as HTMLElement;
    expect(within(card).getByText("15% off")).toBeInTheDocument();
    expect(within(card).getAllByRole("definition")[0]).toHaveTextContent("3/100");
    expect(within(card).getByText("Active")).toBeInTheDocument();
    expect(within(card).getByText(/3[,\s\u202f]?400/)).toBeInTheDocument();
    expect(within(card).getByText(/Minimum order/)).toBeInTheDocument();
    const nav = screen.getByRole("navigation", { name: "Console sections" });
    expect(within(nav).getByRole("link", { name: "Promo codes" })).toBeInTheDocument();
  });

  it("creates a coupon with its rules sent as the contract says, then shows it created", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    const { calls } = consoleApi(ADMIN, {
      "GET /destinations/TR/packages": () => ({
        body: {
          data: {
            destination: TURKEY,
            availableDays: [30, 7],
            plans: [PLAN_7_DAYS, PLAN_30_DAYS],
            regionalSuggestion: null,
          },
        },
      }),
      [`POST ${A}/coupons`]: ({ body }) => ({
        body: {
          data: {
            ...SUMMER,
            id: "22222222-2222-4222-8222-222222222222",
            code: (body as { code: string }).code.toUpperCase(),
          },
        },
      }),
    });
    const { user } = await renderApp("/admin/coupons", { language: "en" });
    await user.click(await screen.findByRole("button", { name: "New promo code" }));
    await user.type(screen.getByLabelText("Code"), "winter");
    await user.selectOptions(screen.getByLabelText("Discount type"), "amount");
    await user.type(screen.getByLabelText("Discount (DA)"), "500");
    await user.type(screen.getByLabelText("Uses in total"), "50");
    await user.clear(screen.getByLabelText("Uses per customer"));
    await user.type(screen.getByLabelText("Uses per customer"), "2");
    await user.type(screen.getByLabelText("Minimum order (DA)"), "2000");
    await user.type(screen.getByLabelText("Destination (e.g. TR)"), "tr");
    await user.click(screen.getByRole("button", { name: "Show its plans" }));
    await user.click(await screen.findByRole("checkbox", { name: new RegExp(PLAN_30_DAYS.name) }));
    expect(screen.getByText("Plans chosen: 1")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Create the code" }));

    expect(await screen.findByText("Code \u2068WINTER\u2069 created.")).toBeInTheDocument();
    const post = calls.find((call) => call.method === "POST");
    expect(post?.body).toEqual({
      code: "winter",
      discount: { kind: "amount", amountOffDzd: 500 },
      startsAt: null,
      endsAt: null,
      maxUses: 50,
      maxUsesPerUser: 2,
      minOrderDzd: 2000,
      packageIds: [PLAN_30_DAYS.id],
      allowsBelowCost: false,
    });
    expect(post?.headers.get("authorization")).toBe("Bearer operator-token");
  });

  it("marks a giveaway allowed below cost, explained before it is ticked, and the list says which code is one", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    const GIFT: ConsoleCoupon = {
      ...SUMMER,
      id: "33333333-3333-4333-8333-333333333333",
      code: "GIFT100",
      allowsBelowCost: true,
    };
    const { calls } = consoleApi(ADMIN, {
      [`GET ${A}/coupons`]: () => ({ body: { data: [SUMMER, GIFT] } }),
      [`POST ${A}/coupons`]: () => ({ body: { data: GIFT } }),
    });
    const { user } = await renderApp("/admin/coupons", { language: "fr" });
    const gift = (await screen.findByRole("heading", { name: "GIFT100" })).closest("li") as HTMLElement;
    expect(within(gift).getByText("Cadeau : peut vendre sous le coût")).toBeInTheDocument();
    const summer = screen.getByRole("heading", { name: "SUMMER26" }).closest("li") as HTMLElement;
    expect(within(summer).queryByText("Cadeau : peut vendre sous le coût")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Nouveau code promo" }));
    const box = screen.getByRole("checkbox", { name: "Autoriser la vente sous le coût (cadeau)" });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(/en dessous de son coût chez le fournisseur/);
    await user.type(screen.getByLabelText("Code"), "gift100");
    await user.type(screen.getByLabelText("Réduction (%)"), "100");
    await user.click(box);
    await user.click(screen.getByRole("button", { name: "Créer le code" }));

    await waitFor(() => expect(calls.some((call) => call.method === "POST")).toBe(true));
    const post = calls.find((call) => call.method === "POST");
    expect(post?.body).toMatchObject({
      code: "gift100",
      discount: { kind: "percent", percentOff: 100 },
      allowsBelowCost: true,
    });
  });

  it("says in French that the code is taken, and marks a refused field", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    let answer = apiError(409, "COUPON_CODE_TAKEN");
    consoleApi(ADMIN, { [`POST ${A}/coupons`]: () => answer });
    const { user } = await renderApp("/admin/coupons", { language: "fr" });
    await user.click(await screen.findByRole("button", { name: "Nouveau code promo" }));
    await user.type(screen.getByLabelText("Code"), "SUMMER26");
    await user.type(screen.getByLabelText("Réduction (%)"), "10");
    await user.click(screen.getByRole("button", { name: "Créer le code" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Un autre code promo porte déjà ce code.");

    answer = apiError(400, "VALIDATION_FAILED", { endsAt: "INVALID" });
    await user.click(screen.getByRole("button", { name: "Créer le code" }));
    await waitFor(() => expect(screen.getByLabelText("Fin de validité")).toHaveAttribute("aria-invalid", "true"));
  });

  it("blocks a coupon after confirming, and changes its limits", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    let current = SUMMER;
    const { calls } = consoleApi(ADMIN, {
      [`GET ${A}/coupons`]: () => ({ body: { data: [current] } }),
      [`PATCH ${A}/coupons/${ID}`]: ({ body }) => {
        current = { ...current, ...(body as Partial<ConsoleCoupon>) };
        return { body: { data: current } };
      },
      [`POST ${A}/coupons/${ID}/block`]: () => {
        current = { ...current, isBlocked: true, state: "blocked" };
        return { body: { data: current } };
      },
    });
    const { user } = await renderApp("/admin/coupons", { language: "en" });

    await user.click(await screen.findByRole("button", { name: "Edit the dates and limits of SUMMER26" }));
    await user.clear(screen.getByLabelText(/Uses in total/));
    await user.type(screen.getByLabelText(/Uses in total/), "200");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("The dates and limits of \u2068SUMMER26\u2069 are saved.")).toBeInTheDocument();
    expect(calls.find((call) => call.method === "PATCH")?.body).toMatchObject({ maxUses: 200, maxUsesPerUser: 1 });
    await waitFor(() => expect(screen.getAllByRole("definition")[0]).toHaveTextContent("3/200"));

    await user.click(screen.getByRole("button", { name: "Block SUMMER26" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Block" }));
    expect(await screen.findByText("Code \u2068SUMMER26\u2069 is blocked.")).toBeInTheDocument();
    expect(await screen.findByText("Blocked")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Block SUMMER26" })).not.toBeInTheDocument();
  });

  it("shows the list in Arabic, right to left, the code and the uses kept left to right", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    consoleApi(ADMIN);
    await renderApp("/admin/coupons", { language: "ar" });
    const card = (await screen.findByRole("heading", { name: "SUMMER26" })).closest("li") as HTMLElement;
    expect(document.documentElement.dir).toBe("rtl");
    expect(within(card).getByText("تخفيض 15%")).toBeInTheDocument();
    expect(within(card).getByText("نشط")).toBeInTheDocument();
    expect(within(card).getAllByRole("definition")[0]?.firstElementChild).toHaveAttribute("dir", "ltr");
    expect(within(card).getByRole("button", { name: "تعديل التواريخ والحدود للرمز SUMMER26" })).toBeInTheDocument();
  });

  it("says when no destination has the code typed in the plan picker", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    consoleApi(ADMIN, { "GET /destinations/XX/packages": () => apiError(404, "DESTINATION_NOT_FOUND") });
    const { user } = await renderApp("/admin/coupons", { language: "fr" });
    await user.click(await screen.findByRole("button", { name: "Nouveau code promo" }));
    await user.type(screen.getByLabelText("Destination (ex. TR)"), "xx");
    await user.click(screen.getByRole("button", { name: "Afficher ses forfaits" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Aucune destination n’a ce code.");
    expect(screen.getByText("Aucun forfait choisi : le code vaut pour tous les forfaits.")).toBeInTheDocument();
  });

  it("tells a support operator the page is for admins, without the link or a call, in Arabic", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    const { calls } = consoleApi(SUPPORT);
    await renderApp("/admin/coupons", { language: "ar" });
    expect(await screen.findByRole("alert")).toHaveTextContent("رموز الترويج مخصصة للمسؤولين فقط.");
    expect(document.documentElement.dir).toBe("rtl");
    const nav = screen.getByRole("navigation");
    expect(within(nav).queryByRole("link", { name: "رموز الترويج" })).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === `${A}/coupons`)).toBe(false);
  });
});
