import type { Me } from "@esim/shared/auth/contracts";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ALGERIA,
  EUROPE,
  ORDER_ID,
  orderFor,
  PAYMENT_ID,
  PLAN_7_DAYS,
  quoteBody,
  quoteFor,
  type TURKEY,
} from "../test/buying-fixtures.ts";
import { apiError, CATALOG_SUMMARY, fakeApi, ME } from "../test/fake-api.ts";
import { fakeNativePlugins as native, resetFakeNative, runAsNative } from "../test/fake-native-plugins.ts";
import { disposeApp, renderApp, setUpAppTests } from "../test/render-app.tsx";

vi.mock("../lib/native-plugins.ts", async () => (await import("../test/fake-native-plugins.ts")).fakeNativePlugins);

type Handlers = Parameters<typeof fakeApi>[0];
const CART_URL = `/cart?plan=${PLAN_7_DAYS.id}&destination=TR`;
const SUMMARY_URL = `/summary?plan=${PLAN_7_DAYS.id}&destination=TR`;
const CHECKOUT_URL = "https://pay.example.test/checkout/abc";

/** A signed-in buyer's API: quotes priced from the request, options, and the case's overrides. */
function checkoutApi(
  overrides: Handlers = {},
  options: { me?: Me; methods?: string[]; destination?: typeof TURKEY } = {},
) {
  return fakeApi({
    "GET /catalog/summary": () => ({ body: CATALOG_SUMMARY }),
    "GET /auth/me": () => ({ body: { data: options.me ?? ME } }),
    "POST /devices": () => ({ body: { data: { device_id: "d", updatedAt: "2026-01-01T00:00:00Z" } } }),
    "POST /checkout/quote": ({ body }) => {
      const request = body as { quantity: number; currency: "DZD" | "USD"; couponCode?: string };
      return {
        body: quoteBody(
          quoteFor({ currency: request.currency, quantity: request.quantity, coupon: request.couponCode ?? null }),
          options.destination,
        ),
      };
    },
    "GET /checkout/options": () => ({
      body: {
        data: {
          paymentMethods: options.methods ?? ["edahabia", "cib", "chargily_app"],
          billingCountries: ["DZ", "TN", "FR", "DE", "IT", "ES"],
        },
      },
    }),
    ...overrides,
  });
}

describe("cart", () => {
  setUpAppTests();

  it("fills the promo code from PROMO_CODE and applies it", async () => {
    window.localStorage.setItem("PROMO_CODE", "WELCOME10");
    const { calls } = checkoutApi({
      "POST /coupons/check": ({ body }) => ({
        body: quoteBody(quoteFor({ quantity: (body as { quantity: number }).quantity, coupon: "WELCOME10" })),
      }),
    });
    await renderApp(CART_URL, { token: "token-1" });
    expect(await screen.findByText("Code promo appliqué :", { exact: false }, { timeout: 5000 })).toHaveTextContent(
      "WELCOME10",
    );
    expect(calls.find((call) => call.path === "/coupons/check")?.body).toEqual({
      packageId: PLAN_7_DAYS.id,
      quantity: 1,
      currency: "DZD",
      code: "WELCOME10",
    });
    expect(screen.getByText("Remise code promo", { exact: false })).toBeInTheDocument();
    // 10 % of 1,490 DA, computed by the server.
    expect(screen.getByText("\u2212149 DA")).toBeInTheDocument();
    expect(window.location.search).toContain("coupon=WELCOME10");
  });

  it("shows a refused code's reason, translated", async () => {
    checkoutApi({ "POST /coupons/check": () => apiError(400, "COUPON_EXPIRED") });
    const { user } = await renderApp(CART_URL, { token: "token-1" });
    await user.type(await screen.findByLabelText("Code promo", {}, { timeout: 5000 }), "summer24");
    await user.click(screen.getByRole("button", { name: "Appliquer" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Ce code promo a expiré.");
    expect(screen.getByLabelText("Code promo")).toHaveValue("SUMMER24");
  });

  it("shows the server's totals and asks again when the quantity changes", async () => {
    const { calls } = checkoutApi();
    const { user } = await renderApp(CART_URL, { token: "token-1" });
    expect(await screen.findByText("Sous-total", {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText("1,990 DA")).toBeInTheDocument();
    expect(screen.getByText("Frais de service")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Un de plus" }));
    await waitFor(() => expect(screen.getByText("3,980 DA")).toBeInTheDocument());
    expect(calls.filter((call) => call.path === "/checkout/quote").at(-1)?.body).toMatchObject({ quantity: 2 });
    expect(window.location.search).toContain("quantity=2");
  });

  it("says what will be charged in DA when prices show in dollars", async () => {
    checkoutApi({}, { me: { ...ME, currency: "USD", language: "en" } });
    await renderApp(CART_URL, { token: "token-1", language: "en" });
    const total = quoteFor({ currency: "USD" });
    expect(await screen.findByText("Total", {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText("$11.4")).toBeInTheDocument();
    expect(
      screen.getByText(`You will be charged \u2068${(total.chargeDzdMinor / 100).toLocaleString("en-US")} DA\u2069.`),
    ).toBeInTheDocument();
  });
});

describe("summary", () => {
  setUpAppTests();

  it("shows where the eSIM works and the payment methods the gateway offers, without cards", async () => {
    checkoutApi();
    await renderApp(SUMMARY_URL, { token: "token-1" });
    const guard = await screen.findByRole("region", { name: "Turquie" }, { timeout: 5000 });
    expect(within(guard).getByText("Destination de cette eSIM")).toBeInTheDocument();
    expect(within(guard).queryByRole("alert")).not.toBeInTheDocument();
    const methods = screen.getByRole("group", { name: "Moyen de paiement" });
    expect(within(methods).getAllByRole("radio")).toHaveLength(3);
    expect(within(methods).getByRole("radio", { name: /EDAHABIA/ })).toBeChecked();
    expect(within(methods).getByRole("radio", { name: /CIB/ })).toBeInTheDocument();
    expect(within(methods).getByRole("radio", { name: /Portefeuille de l’app Chargily/ })).toBeInTheDocument();
    expect(within(methods).queryByRole("radio", { name: /Visa/ })).not.toBeInTheDocument();
    expect(screen.getByLabelText("Adresse e-mail")).toHaveValue("amina@example.com");
  });

  it("offers Visa/MasterCard when the gateway does", async () => {
    checkoutApi({}, { methods: ["edahabia", "cib", "chargily_app", "card"] });
    await renderApp(SUMMARY_URL, { token: "token-1" });
    expect(await screen.findByRole("radio", { name: /Visa \/ MasterCard/ }, { timeout: 5000 })).toBeInTheDocument();
  });

  it("lists a region's countries", async () => {
    checkoutApi({}, { destination: EUROPE });
    await renderApp(SUMMARY_URL, { token: "token-1" });
    const guard = await screen.findByRole("region", { name: "Europe" }, { timeout: 5000 });
    expect(guard).toHaveTextContent("France, Allemagne, Italie, Espagne");
  });

  it("warns when the plan is for the buyer's country of residence", async () => {
    checkoutApi({}, { destination: ALGERIA });
    await renderApp(SUMMARY_URL, { token: "token-1" });
    const guard = await screen.findByRole("region", { name: "Algérie" }, { timeout: 5000 });
    expect(within(guard).getByRole("alert")).toHaveTextContent("Algérie est votre pays de résidence.");
  });

  it("warns when the billing country is the destination", async () => {
    checkoutApi(
      {},
      {
        me: { ...ME, country: "FR" },
        destination: { ...ALGERIA, code: "TN", names: { fr: "Tunisie", en: "Tunisia", ar: "تونس" } },
      },
    );
    const { user } = await renderApp(SUMMARY_URL, { token: "token-1" });
    const guard = await screen.findByRole("region", { name: "Tunisie" }, { timeout: 5000 });
    expect(within(guard).queryByRole("alert")).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText("Pays de résidence"), "TN");
    expect(within(guard).getByRole("alert")).toHaveTextContent("Tunisie est votre pays de résidence.");
  });

  it("asks for the account's email", async () => {
    checkoutApi();
    const { user } = await renderApp(SUMMARY_URL, { token: "token-1" });
    const email = await screen.findByLabelText("Adresse e-mail", {}, { timeout: 5000 });
    await user.clear(email);
    await user.type(email, "someone@example.com");
    await user.tab();
    expect(screen.getByText("L'adresse e-mail doit être celle utilisée pour l'achat.")).toBeInTheDocument();
    await user.clear(email);
    await user.type(email, "AMINA@example.com");
    await user.tab();
    expect(screen.queryByText("L'adresse e-mail doit être celle utilisée pour l'achat.")).not.toBeInTheDocument();
  });

  it("checks the phone for the residence country, with every message", async () => {
    checkoutApi({}, { me: { ...ME, phone: null, country: "TR" } });
    const { user } = await renderApp(SUMMARY_URL, { token: "token-1" });
    const phone = await screen.findByLabelText("Téléphone", {}, { timeout: 5000 });
    const pay = screen.getByRole("button", { name: /^Payer/ });

    await user.click(pay);
    expect(screen.getByText("Le téléphone est obligatoire")).toBeInTheDocument();
    expect(screen.getByText("Le pays est obligatoire")).toBeInTheDocument();

    await user.type(phone, "0555123456");
    await user.click(pay);
    expect(screen.getByText("Sélectionnez d’abord un indicatif pays")).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText("Pays de résidence"), "DZ");
    expect(screen.getByText("Indicatif +213")).toBeInTheDocument();
    await user.clear(phone);
    await user.type(phone, "12");
    await user.click(pay);
    expect(screen.getByText("Saisissez un numéro de téléphone valide")).toBeInTheDocument();

    await user.clear(phone);
    await user.type(phone, "+33612345678");
    await user.click(pay);
    expect(screen.getByText("Le numéro doit être valide pour le pays sélectionné")).toBeInTheDocument();

    await user.clear(phone);
    await user.type(phone, "0555 12 34 56");
    await user.click(pay);
    expect(await screen.findByRole("dialog", { name: "Redirection vers le paiement" })).toBeInTheDocument();
  });
});

describe("paying", () => {
  let popup: { location: { href: string }; close: ReturnType<typeof vi.fn> };
  let openWindow: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    popup = { location: { href: "" }, close: vi.fn() };
    openWindow = vi.spyOn(window, "open").mockImplementation(() => popup as unknown as Window);
  });
  afterEach(() => {
    disposeApp();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  async function openPaymentModal(overrides: Handlers = {}, url = SUMMARY_URL) {
    const api = checkoutApi({
      "GET /payments/:id": () => ({ body: {} }),
      [`GET /payments/${PAYMENT_ID}`]: () => ({
        body: {
          data: {
            id: PAYMENT_ID,
            status: "pending",
            orderId: ORDER_ID,
            orderNumber: "ES26-000123",
            orderStatus: "pending",
            chargeDzdMinor: 154000,
          },
        },
      }),
      ...overrides,
    });
    const rendered = await renderApp(url, { token: "token-1" });
    await rendered.user.click(await screen.findByRole("button", { name: /^Payer/ }, { timeout: 5000 }));
    const dialog = await screen.findByRole("dialog", { name: "Redirection vers le paiement" });
    return { ...api, ...rendered, dialog };
  }

  it("shows the payment modal, which only Continue leaves: no close button, no Escape, no backdrop", async () => {
    const { user, dialog } = await openPaymentModal();
    expect(dialog).toHaveAccessibleDescription(
      "Vous allez être redirigé vers notre passerelle de paiement sécurisée pour finaliser votre transaction.",
    );
    expect(within(dialog).queryByRole("button", { name: "Fermer" })).not.toBeInTheDocument();
    expect(within(dialog).getAllByRole("button")).toHaveLength(1);

    await user.keyboard("{Escape}");
    expect(screen.getByRole("dialog", { name: "Redirection vers le paiement" })).toBeInTheDocument();

    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    const backdrop = dialog.parentElement as HTMLElement;
    fireEvent.pointerDown(backdrop);
    fireEvent.click(backdrop);
    expect(screen.getByRole("dialog", { name: "Redirection vers le paiement" })).toBeInTheDocument();
  });

  it("opens the payment window before creating the order, then sends it to the checkout", async () => {
    let wasWindowOpenFirst = false;
    const { user, dialog, calls } = await openPaymentModal({
      "POST /orders": () => {
        wasWindowOpenFirst = openWindow.mock.calls.length === 1;
        return {
          status: 201,
          body: {
            data: {
              order: orderFor({ status: "pending" }),
              payment: { id: PAYMENT_ID, checkoutUrl: CHECKOUT_URL },
            },
          },
        };
      },
    });
    await user.click(within(dialog).getByRole("button", { name: "Continuer" }));
    await waitFor(() => expect(window.location.pathname).toBe("/payment-callback"));
    expect(openWindow).toHaveBeenCalledWith("", "esim-payment");
    expect(wasWindowOpenFirst).toBe(true);
    expect(popup.location.href).toBe(CHECKOUT_URL);
    expect(window.location.search).toBe(`?paymentId=${PAYMENT_ID}`);
    const order = calls.find((call) => call.path === "/orders")?.body as Record<string, unknown>;
    expect(order).toMatchObject({
      packageId: PLAN_7_DAYS.id,
      quantity: 1,
      currency: "DZD",
      paymentMethod: "edahabia",
      billing: { email: "amina@example.com", name: "Amina Benali", country: "DZ", phone: "+213555123456" },
    });
    expect(order.clientReference).toMatch(/^[0-9a-f-]{36}$/);
    // The web keeps the gateway's default return: the browser's /payment-callback.
    expect(order).not.toHaveProperty("returnTo");
  });

  it("buys a top-up for the eSIM through the same checkout: one package, said to need no reinstall", async () => {
    const esimId = "0b7c5a1e-8f3d-4c2a-9e6b-1d2f3a4b5c6d";
    const { user, dialog, calls } = await openPaymentModal(
      {
        "POST /orders": () => ({
          status: 201,
          body: {
            data: {
              order: orderFor({ status: "pending", kind: "top_up" }),
              payment: { id: PAYMENT_ID, checkoutUrl: CHECKOUT_URL },
            },
          },
        }),
      },
      `${SUMMARY_URL}&quantity=3&topUpOf=${esimId}`,
    );
    expect(screen.getByText("Recharge ajoutée à votre eSIM actuelle : rien à réinstaller.")).toBeInTheDocument();
    expect(screen.queryByText(/Quantité/)).not.toBeInTheDocument();
    expect(calls.find((call) => call.path === "/checkout/quote")?.body).toMatchObject({ quantity: 1, topUpOf: esimId });
    await user.click(within(dialog).getByRole("button", { name: "Continuer" }));
    await waitFor(() => expect(calls.some((call) => call.path === "/orders")).toBe(true));
    expect(calls.find((call) => call.path === "/orders")?.body).toMatchObject({ quantity: 1, topUpOf: esimId });
  });

  it("says when the popup is blocked, and creates no order", async () => {
    openWindow.mockReturnValue(null);
    const { user, dialog, calls } = await openPaymentModal();
    await user.click(within(dialog).getByRole("button", { name: "Continuer" }));
    expect(
      await within(dialog).findByText("Fenêtre bloquée : autorisez les fenêtres pop-up pour ce site et réessayez."),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.path === "/orders")).toBe(false);

    openWindow.mockReturnValue(popup as unknown as Window);
    await user.click(within(dialog).getByRole("button", { name: "Réessayer" }));
    await waitFor(() => expect(calls.some((call) => call.path === "/orders")).toBe(true));
  });

  it("closes the window and says so when the order fails, then retries the same attempt", async () => {
    let attempts = 0;
    const { user, dialog, calls } = await openPaymentModal({
      "POST /orders": () => {
        attempts += 1;
        return attempts === 1
          ? apiError(503, "PAYMENT_GATEWAY_UNAVAILABLE")
          : {
              status: 201,
              body: {
                data: {
                  order: orderFor({ status: "pending" }),
                  payment: { id: PAYMENT_ID, checkoutUrl: CHECKOUT_URL },
                },
              },
            };
      },
    });
    await user.click(within(dialog).getByRole("button", { name: "Continuer" }));
    expect(
      await within(dialog).findByText("L'opération a échoué, réessayez plus tard. Rien n'a été débité."),
    ).toBeInTheDocument();
    expect(popup.close).toHaveBeenCalled();

    await user.click(within(dialog).getByRole("button", { name: "Réessayer" }));
    await waitFor(() => expect(window.location.pathname).toBe("/payment-callback"));
    const [first, second] = calls.filter((call) => call.path === "/orders") as Array<{
      body: { clientReference: string };
    }>;
    expect(second?.body.clientReference).toBe(first?.body.clientReference);
  });
});

describe.each(["android", "ios"] as const)("paying in the %s app", (platform) => {
  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    runAsNative(platform);
  });
  afterEach(() => {
    disposeApp();
    resetFakeNative();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("opens the checkout in the in-app browser, asks for the app's return links, and waits on the callback page", async () => {
    const openWindow = vi.spyOn(window, "open");
    const { calls } = checkoutApi({
      "POST /orders": () => ({
        status: 201,
        body: {
          data: { order: orderFor({ status: "pending" }), payment: { id: PAYMENT_ID, checkoutUrl: CHECKOUT_URL } },
        },
      }),
      [`GET /payments/${PAYMENT_ID}`]: () => ({
        body: {
          data: {
            id: PAYMENT_ID,
            status: "pending",
            orderId: ORDER_ID,
            orderNumber: "ES26-000123",
            orderStatus: "pending",
            chargeDzdMinor: 154000,
          },
        },
      }),
    });
    const { user } = await renderApp(SUMMARY_URL, { token: "token-1" });
    await user.click(await screen.findByRole("button", { name: /^Payer/ }, { timeout: 5000 }));
    const dialog = await screen.findByRole("dialog", { name: "Redirection vers le paiement" });
    await user.click(within(dialog).getByRole("button", { name: "Continuer" }));

    await waitFor(() => expect(native.Browser.open).toHaveBeenCalledWith({ url: CHECKOUT_URL }));
    await waitFor(() => expect(window.location.pathname).toBe("/payment-callback"));
    expect(window.location.search).toBe(`?paymentId=${PAYMENT_ID}`);
    expect(openWindow).not.toHaveBeenCalled();
    expect(calls.find((call) => call.path === "/orders")?.body).toMatchObject({
      packageId: PLAN_7_DAYS.id,
      returnTo: "app",
    });
    expect(
      await screen.findByText(/Paiement toujours en cours de traitement/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});
