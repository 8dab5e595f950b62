import { ADMIN_API_BASE_PATH } from "@esim/shared/http";
import type { ConsoleReferral, ReferralSettings } from "@esim/shared/referrals/contracts";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { fakeApi } from "../../../test/fake-api.ts";
import { CONSOLE_TOKEN_KEY } from "../../lib/operator-session.ts";
import { renderApp, setUpAppTests } from "../../test/render-app.tsx";

const A = ADMIN_API_BASE_PATH;
const ADMIN = { id: "op-1", email: "nadia@esim-store.dz", role: "admin" as const, isEnrolled: true };
const SUPPORT = { id: "op-2", email: "karim@esim-store.dz", role: "support" as const, isEnrolled: true };
const SETTINGS: ReferralSettings = {
  isEnabled: true,
  friendDiscountDzd: 300,
  rewardDzd: 200,
  monthlyRewardCap: 5,
  allowsBelowCost: false,
  friendDiscountMonthlyBudgetDzd: 30_000,
  rewardMonthlyBudgetDzd: 30_000,
  updatedAt: null,
};
const REFUSED: ConsoleReferral = {
  id: "r-1",
  status: "refused",
  refusal: "same_device",
  referrerEmail: "amina@example.com",
  friendEmail: "amina.bis@example.com",
  orderNumber: "ES26-000200",
  friendDiscountDzdMinor: 0,
  rewardDzdMinor: 0,
  takenBackDzdMinor: 0,
  createdAt: "2026-11-20T10:00:00Z",
};
const TAKEN_BACK: ConsoleReferral = {
  ...REFUSED,
  id: "r-2",
  status: "taken_back",
  refusal: null,
  orderNumber: "ES26-000201",
  rewardDzdMinor: 20000,
  takenBackDzdMinor: 5000,
};

function referralsApi(operator: typeof ADMIN | typeof SUPPORT) {
  return fakeApi({
    [`GET ${A}/me`]: () => ({ body: { data: operator } }),
    [`GET ${A}/referrals/settings`]: () => ({ body: { data: SETTINGS } }),
    [`GET ${A}/referrals`]: () => ({ body: { data: [REFUSED, TAKEN_BACK] } }),
    [`PUT ${A}/referrals/settings`]: ({ body }) => ({ body: { data: { ...SETTINGS, ...(body as object) } } }),
  });
}

describe("the console's referrals (/admin/referrals)", () => {
  setUpAppTests();
  afterEach(() => window.sessionStorage.clear());

  it("lets an admin change the amounts and the cap, and sends exactly what was typed", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    const { calls } = referralsApi(ADMIN);
    const { user } = await renderApp("/admin/referrals", { language: "en" });
    const discount = await screen.findByLabelText("Friend's discount on the first order (DA)");
    expect(discount).toHaveValue("300");

    await user.clear(discount);
    await user.type(discount, "500");
    await user.click(screen.getByLabelText("Invitations on"));
    const cap = screen.getByLabelText("Rewards per inviter per month");
    await user.clear(cap);
    await user.type(cap, "2");
    await user.click(screen.getByRole("button", { name: "Save the settings" }));

    expect(await screen.findByText("Settings saved.")).toBeInTheDocument();
    const saved = calls.find((call) => call.method === "PUT" && call.path === `${A}/referrals/settings`);
    expect(saved?.body).toEqual({
      isEnabled: false,
      friendDiscountDzd: 500,
      rewardDzd: 200,
      monthlyRewardCap: 2,
      allowsBelowCost: false,
      friendDiscountMonthlyBudgetDzd: 30_000,
      rewardMonthlyBudgetDzd: 30_000,
    });
  });

  it("refuses to send an amount that is not whole dinars", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    const { calls } = referralsApi(ADMIN);
    const { user } = await renderApp("/admin/referrals", { language: "en" });
    const reward = await screen.findByLabelText("Inviter's reward on delivery (DA)");
    await user.clear(reward);
    await user.type(reward, "12.5");
    await user.click(screen.getByRole("button", { name: "Save the settings" }));

    expect(reward).toHaveAttribute("aria-invalid", "true");
    expect(calls.some((call) => call.method === "PUT")).toBe(false);
  });

  it("shows support the list with why a referral was refused, without the settings", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    referralsApi(SUPPORT);
    await renderApp("/admin/referrals", { language: "fr" });

    const refused = await screen.findByRole("row", { name: /ES26-000200/ });
    expect(refused).toHaveTextContent("Refusé : même appareil que le parrain");
    const takenBack = screen.getByRole("row", { name: /ES26-000201/ });
    expect(within(takenBack).getByText(/50 DA/)).toHaveTextContent("repris");
    expect(screen.getByText("Seuls les administrateurs modifient ces réglages.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Enregistrer les réglages" })).toBeNull();
  });
});
