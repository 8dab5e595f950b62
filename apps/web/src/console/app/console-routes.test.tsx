import { ADMIN_API_BASE_PATH } from "@esim/shared/http";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiError, fakeApi } from "../../test/fake-api.ts";
import { CONSOLE_TOKEN_KEY } from "../lib/operator-session.ts";
import { DASHBOARD } from "../test/console-fixtures.ts";
import { renderApp, setUpAppTests } from "../test/render-app.tsx";

type Handlers = Parameters<typeof fakeApi>[0];

const A = ADMIN_API_BASE_PATH;
const ADMIN = { id: "op-1", email: "nadia@esim-store.dz", role: "admin" as const, isEnrolled: true };
const SUPPORT = { id: "op-2", email: "karim@esim-store.dz", role: "support" as const, isEnrolled: true };
const SECRET = "JBSWY3DPEHPK3PXP";

function consoleApi(operator: typeof ADMIN | typeof SUPPORT, overrides: Handlers = {}) {
  return fakeApi({
    [`GET ${A}/me`]: () => ({ body: { data: operator } }),
    [`GET ${A}/dashboard`]: () => ({ body: { data: DASHBOARD } }),
    ...overrides,
  });
}

function signInHandlers(totp: Handlers[string]): Handlers {
  return {
    [`POST ${A}/auth/code`]: () => ({ body: { data: { sent: true, resendAfterSeconds: 60 } } }),
    [`POST ${A}/auth/verify`]: () => ({
      body: {
        data: {
          step: "enrol",
          challenge: "challenge-abcdefghijklmnopqrstuvwxyz",
          expiresInSeconds: 300,
          secret: SECRET,
          otpauthUri: `otpauth://totp/eSIM:nadia%40esim-store.dz?secret=${SECRET}&issuer=eSIM`,
        },
      },
    }),
    [`POST ${A}/auth/totp`]: totp,
  };
}

async function walkToTotp(
  user: Awaited<ReturnType<typeof renderApp>>["user"],
  labels: { email: RegExp; code: RegExp },
) {
  await user.type(await screen.findByLabelText(labels.email), "nadia@esim-store.dz");
  await user.keyboard("{Enter}");
  await user.type(await screen.findByLabelText(labels.code), "123456");
  await user.keyboard("{Enter}");
}

describe("the operator console (/admin)", () => {
  setUpAppTests();
  afterEach(() => window.sessionStorage.clear());

  it("enrols an authenticator on the first sign-in: QR and key shown, the code sent, then the dashboard", async () => {
    const { calls } = consoleApi(ADMIN, {
      ...signInHandlers(() => ({ body: { data: { token: "operator-token", expiresAt: "2026-11-24T22:00:00Z" } } })),
    });
    const { user } = await renderApp("/admin", { language: "en" });
    expect(await screen.findByRole("heading", { name: "Operator sign-in" })).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe("/admin/login"));

    await walkToTotp(user, { email: /Email address/, code: /6-digit code from the email/ });
    expect(await screen.findByRole("heading", { name: "Set up your authenticator app" })).toBeInTheDocument();
    expect(await screen.findByRole("img", { name: "QR code to scan with the authenticator app" })).toBeInTheDocument();
    expect(screen.getByText(SECRET)).toBeInTheDocument();

    await user.type(screen.getByLabelText("Code from the app (6 digits)"), "654321");
    await user.click(screen.getByRole("button", { name: "Sign in" }));

    expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" })).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe("/admin"));
    expect(window.sessionStorage.getItem(CONSOLE_TOKEN_KEY)).toBe("operator-token");
    expect(window.localStorage.getItem("Token")).toBeNull();
    const totpCall = calls.find((call) => call.path === `${A}/auth/totp`);
    expect(totpCall?.body).toEqual({ challenge: "challenge-abcdefghijklmnopqrstuvwxyz", totp: "654321" });
    const meCall = calls.find((call) => call.path === `${A}/me`);
    expect(meCall?.headers.get("authorization")).toBe("Bearer operator-token");
    expect(await screen.findByText("nadia@esim-store.dz")).toBeInTheDocument();
  });

  it("says in French that a wrong authenticator code is not right", async () => {
    consoleApi(
      ADMIN,
      signInHandlers(() => apiError(400, "TOTP_INVALID")),
    );
    const { user } = await renderApp("/admin/login", { language: "fr" });
    await walkToTotp(user, { email: /Adresse e-mail/, code: /Code à 6 chiffres/ });
    await user.type(await screen.findByLabelText("Code de l’application (6 chiffres)"), "000000");
    await user.click(screen.getByRole("button", { name: "Se connecter" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Ce code d’authentification n’est pas le bon.");
    expect(window.sessionStorage.getItem(CONSOLE_TOKEN_KEY)).toBeNull();
  });

  it("says it in Arabic too, right to left", async () => {
    consoleApi(
      ADMIN,
      signInHandlers(() => apiError(400, "TOTP_INVALID")),
    );
    const { user } = await renderApp("/admin/login", { language: "ar" });
    await walkToTotp(user, { email: /البريد الإلكتروني/, code: /الرمز المكوّن من 6 أرقام/ });
    await user.type(await screen.findByLabelText("رمز التطبيق (6 أرقام)"), "000000");
    await user.click(screen.getByRole("button", { name: "تسجيل الدخول" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("رمز المصادقة غير صحيح.");
    expect(document.documentElement.dir).toBe("rtl");
  });

  it("shows the dashboard's figures: net, gross and refunded sales, queues with their age, overdue refunds, the low balance", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    consoleApi(ADMIN);
    await renderApp("/admin", { language: "en" });
    const today = await screen.findByRole("region", { name: "Today" });
    expect(within(today).getByText("\u206816,000 DA\u2069")).toBeInTheDocument();
    expect(within(today).getByText("Gross sales").nextElementSibling).toHaveTextContent("19,200 DA");
    expect(within(today).getByText("Refunds").nextElementSibling).toHaveTextContent("−\u20683,200 DA\u2069");
    expect(within(today).getByText("75%")).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Last 30 days" })).toHaveTextContent("512,000 DA");
    expect(screen.getByRole("region", { name: "Paid, not delivered" })).toHaveTextContent(/ORD-1001.*waiting 45m/);
    const refunds = screen.getByRole("region", { name: "Refunds owed" });
    expect(refunds).toHaveTextContent("1 overdue");
    expect(refunds).toHaveTextContent("Overdue (over 7 days)");
    expect(screen.getByRole("region", { name: "eSIM supplier balance" })).toHaveTextContent("$125");
    expect(screen.getByText(/Low balance: top the account up/)).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Daily sales (30 days)" })).toBeInTheDocument();
    expect(screen.getAllByRole("row")).toHaveLength(31);
    expect(screen.getByRole("link", { name: "Audit log" })).toBeInTheDocument();
  });

  it("gives a support operator no Audit log link, and a clear message at its address", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    consoleApi(SUPPORT);
    await renderApp("/admin", { language: "en" });
    expect(await screen.findByText("karim@esim-store.dz")).toBeInTheDocument();
    const nav = screen.getByRole("navigation", { name: "Console sections" });
    expect(within(nav).getByRole("link", { name: "Dashboard" })).toBeInTheDocument();
    expect(within(nav).queryByRole("link", { name: "Audit log" })).not.toBeInTheDocument();
    expect(screen.getByText("Support")).toBeInTheDocument();
  });

  it("tells a support operator who opens /admin/audit that it is for admins", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    const { calls } = consoleApi(SUPPORT);
    await renderApp("/admin/audit", { language: "fr" });
    expect(await screen.findByRole("alert")).toHaveTextContent("Cette page est réservée aux administrateurs.");
    expect(calls.some((call) => call.path.startsWith(`${A}/audit-log`))).toBe(false);
  });

  it("lists the operator's sessions with this one marked, and ends another", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    let sessions = [
      {
        id: "11111111-1111-4111-8111-111111111111",
        createdAt: "2026-11-24T08:00:00Z",
        expiresAt: "2026-11-24T20:00:00Z",
        createdIp: "198.51.100.7",
        userAgent: "Firefox",
        isCurrent: true,
      },
      {
        id: "22222222-2222-4222-8222-222222222222",
        createdAt: "2026-11-23T15:00:00Z",
        expiresAt: "2026-11-24T03:00:00Z",
        createdIp: null,
        userAgent: "Safari on iPhone",
        isCurrent: false,
      },
    ];
    const { calls } = consoleApi(ADMIN, {
      [`GET ${A}/sessions`]: () => ({ body: { data: sessions } }),
      [`DELETE ${A}/sessions/22222222-2222-4222-8222-222222222222`]: () => {
        sessions = sessions.filter((session) => session.isCurrent);
        return { status: 204 };
      },
    });
    const { user } = await renderApp("/admin/sessions", { language: "en" });
    expect(await screen.findByText("This session")).toBeInTheDocument();
    expect(screen.getByText("Safari on iPhone")).toBeInTheDocument();
    const endButtons = screen.getAllByRole("button", { name: /^End the session signed in/ });
    expect(endButtons).toHaveLength(1);
    await user.click(endButtons[0] as HTMLElement);
    await waitFor(() => expect(screen.queryByText("Safari on iPhone")).not.toBeInTheDocument());
    const revoke = calls.find((call) => call.method === "DELETE");
    expect(revoke?.headers.get("authorization")).toBe("Bearer operator-token");
  });

  it("sends to the console's sign-in when the session has ended (401)", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "dead-token");
    consoleApi(ADMIN, { [`GET ${A}/me`]: () => apiError(401, "UNAUTHENTICATED") });
    await renderApp("/admin/sessions", { language: "en" });
    expect(await screen.findByRole("heading", { name: "Operator sign-in" })).toBeInTheDocument();
    expect(window.location.pathname).toBe("/admin/login");
    expect(window.sessionStorage.getItem(CONSOLE_TOKEN_KEY)).toBeNull();
  });
  it("filters the audit log by action in words, pages on, and downloads the same filter as CSV with the bearer", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    const entry = (id: string, action: string) => ({
      id,
      operatorId: "op-1",
      operatorEmail: "nadia@esim-store.dz",
      action,
      entityType: "order",
      entityId: "ORD-1001",
      entityLabel: null,
      before: null,
      after: null,
      ip: "198.51.100.7",
      createdAt: "2026-11-24T09:00:00Z",
    });
    const { calls } = consoleApi(ADMIN, {
      [`GET ${A}/audit-log`]: ({ url }) =>
        url.searchParams.get("before") === "41"
          ? { body: { data: [entry("40", "order.refund_recorded")], nextCursor: null } }
          : { body: { data: [entry("42", "order.install_email_resent")], nextCursor: "41" } },
      [`GET ${A}/audit-log/export.csv`]: () => ({ body: "id,action", headers: { "content-type": "text/csv" } }),
    });
    const createObjectURL = vi.fn(() => "blob:audit");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    const { user } = await renderApp("/admin/audit", { language: "en" });
    // Each action's words are an option of the filter too: the entry is the second text.
    await waitFor(() => expect(screen.getAllByText("Install email sent again")).toHaveLength(2));
    await user.click(screen.getByRole("button", { name: "Older entries" }));
    await waitFor(() => expect(screen.getAllByText("Refund recorded")).toHaveLength(2));
    expect(screen.queryByText("order.refund_recorded")).toBeNull();

    await user.selectOptions(screen.getByLabelText("Action"), "Refund recorded");
    await user.click(screen.getByRole("button", { name: "Filter" }));
    await waitFor(() =>
      expect(calls.some((call) => call.url.searchParams.get("action") === "order.refund_recorded")).toBe(true),
    );

    await user.click(screen.getByRole("button", { name: "Download CSV" }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const csvCall = calls.find((call) => call.path === `${A}/audit-log/export.csv`);
    expect(csvCall?.headers.get("authorization")).toBe("Bearer operator-token");
    expect(csvCall?.url.searchParams.get("action")).toBe("order.refund_recorded");
    expect(csvCall?.url.searchParams.get("language")).toBe("en");
  });

  it("signs out: the server session ended, the token gone, back at the console's sign-in", async () => {
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
    const { calls } = consoleApi(ADMIN, { [`POST ${A}/auth/logout`]: () => ({ status: 204 }) });
    const { user } = await renderApp("/admin", { language: "en" });
    await user.click(await screen.findByRole("button", { name: "Sign out" }));
    expect(await screen.findByRole("heading", { name: "Operator sign-in" })).toBeInTheDocument();
    expect(calls.find((call) => call.path === `${A}/auth/logout`)?.headers.get("authorization")).toBe(
      "Bearer operator-token",
    );
    expect(window.sessionStorage.getItem(CONSOLE_TOKEN_KEY)).toBeNull();
  });
});
