import type { ConsoleClaim, ConsoleClaimItem } from "@esim/shared/claims/contracts";
import { ADMIN_API_BASE_PATH } from "@esim/shared/http";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { fakeApi } from "../../../test/fake-api.ts";
import { CONSOLE_TOKEN_KEY } from "../../lib/operator-session.ts";
import { renderApp, setUpAppTests } from "../../test/render-app.tsx";

const A = ADMIN_API_BASE_PATH;
const SUPPORT = { id: "op-2", email: "karim@esim-store.dz", role: "support" as const, isEnrolled: true };
const CLAIM_ID = "33333333-3333-4333-8333-333333333333";

const item = (overrides: Partial<ConsoleClaimItem> = {}): ConsoleClaimItem => ({
  id: CLAIM_ID,
  status: "received",
  reason: "cannot_connect",
  orderNumber: "ES26-000123",
  email: "amina@example.dz",
  language: "ar",
  iccid: "8988000000000000123",
  destinationCode: "TR",
  openedAt: "2026-11-17T09:00:00Z",
  settleBy: "2026-11-24T09:00:00Z",
  isOverdue: true,
  isRefundable: true,
  ...overrides,
});

const CLAIM: ConsoleClaim = {
  claim: {
    id: CLAIM_ID,
    esimId: "44444444-4444-4444-8444-444444444444",
    orderId: "55555555-5555-4555-8555-555555555555",
    reason: "cannot_connect",
    status: "received",
    refundPreference: "transfer",
    openedAt: "2026-11-17T09:00:00Z",
    settleBy: "2026-11-24T09:00:00Z",
    isRefundable: true,
    refundableUntil: "2026-11-20T09:00:00Z",
    refund: null,
    refusalReason: null,
    canReply: true,
    messages: [{ author: "traveller", body: "لا يوجد إنترنت", at: "2026-11-17T09:00:00Z" }],
  },
  item: item(),
  esim: {
    status: "In Use",
    dataUsedBytes: 0,
    dataTotalBytes: 1024 ** 3,
    usageUpdatedAt: null,
    expiresAt: null,
    apn: null,
    networks: [{ name: "Turkcell", type: "4G" }],
  },
  order: { chargeDzdMinor: 2_200_00, owedDzdMinor: 0, paidAt: "2026-11-16T09:00:00Z" },
  esimShareDzdMinor: 1_100_00,
};

describe("the console's claims (/admin/claims)", () => {
  setUpAppTests();
  afterEach(() => window.sessionStorage.clear());

  it("lists claims by deadline with the overdue marked, from the console's navigation", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    fakeApi({
      [`GET ${A}/me`]: () => ({ body: { data: SUPPORT } }),
      [`GET ${A}/claims`]: () => ({
        body: { data: [item(), item({ id: "x", orderNumber: "ES26-000124", isOverdue: false })] },
      }),
    });
    await renderApp("/admin/claims", { language: "en" });
    const links = await screen.findAllByRole("link", { name: /ES26-0001/ });
    expect(links[0]).toHaveTextContent("Overdue");
    expect(links[0]).toHaveTextContent("Signal but no internet");
    expect(links[1]).not.toHaveTextContent("Overdue");
    const nav = screen.getByRole("navigation", { name: "Console sections" });
    expect(within(nav).getByRole("link", { name: /^Claims/ })).toHaveAttribute("href", "/admin/claims");
  });

  it("shows in the navigation how many claims are open, on every page", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    fakeApi({
      [`GET ${A}/me`]: () => ({ body: { data: SUPPORT } }),
      [`GET ${A}/claims`]: () => ({
        body: {
          data: [
            item(),
            item({ id: "66666666-6666-4666-8666-666666666666", status: "answered" }),
            item({ id: "77777777-7777-4777-8777-777777777777", status: "refunded" }),
          ],
        },
      }),
      [`GET ${A}/sessions`]: () => ({ body: { data: [] } }),
    });
    await renderApp("/admin/sessions", { language: "fr" });
    const nav = await screen.findByRole("navigation", { name: "Sections de la console" });
    await waitFor(() =>
      expect(within(nav).getByRole("link", { name: /^Réclamations/ })).toHaveTextContent("2 ouvertes"),
    );
    expect(within(nav).getByRole("link", { name: /^Réclamations,\s*2 ouvertes$/ })).toHaveAttribute(
      "href",
      "/admin/claims",
    );
  }, 15_000);

  it("refunds the eSIM's share by the traveller's preferred method, shown with the plan's networks", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    let current = CLAIM;
    const { calls } = fakeApi({
      [`GET ${A}/me`]: () => ({ body: { data: SUPPORT } }),
      [`GET ${A}/claims/${CLAIM_ID}`]: () => ({ body: { data: current } }),
      [`POST ${A}/claims/${CLAIM_ID}/refund`]: () => {
        current = {
          ...CLAIM,
          claim: {
            ...CLAIM.claim,
            status: "refunded",
            canReply: false,
            refund: { method: "transfer", amountDzdMinor: 1_100_00, at: "2026-11-18T09:00:00Z" },
          },
          // A transfer is owed until the operator records it sent.
          order: { ...CLAIM.order, owedDzdMinor: 1_100_00 },
        };
        return { body: { data: current } };
      },
    });
    const { user } = await renderApp(`/admin/claims/${CLAIM_ID}`, { language: "en" });
    expect(await screen.findByText("Turkcell (4G)")).toBeInTheDocument();
    expect(screen.getByText("Automatic")).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "By transfer (owed until sent)" })).toBeChecked();
    await user.click(screen.getByRole("button", { name: /^Refund .*1,100 DA/ }));
    // One click asks first, stating the amount and the method; nothing is sent before the confirmation.
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent?.replace(/[\u2066-\u2069]/g, "")).toContain("1,100 DA by transfer");
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "Refund" }));
    // Decided by transfer is not paid: the claim reads what is still owed.
    await waitFor(() =>
      expect(
        screen
          .getAllByRole("status")
          .map((node) => node.textContent?.replace(/[\u2066-\u2069]/g, ""))
          .join(" | "),
      ).toContain("Transfer owed: 1,100 DA still to send"),
    );
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({ method: "transfer", scope: "esim" });
  }, 15_000);
});
