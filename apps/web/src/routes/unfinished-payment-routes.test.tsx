import type { OrderSummary } from "@esim/shared/checkout/contracts";
import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  acceptTerms,
  ORDER_ID,
  orderFor,
  PAYMENT_ID,
  PLAN_7_DAYS,
  paymentBody,
  quoteBody,
  quoteFor,
} from "../test/buying-fixtures.ts";
import { apiError, fakeApi, SIGNED_IN_HANDLERS } from "../test/fake-api.ts";
import { fakeNativePlugins as native, resetFakeNative, runAsNative } from "../test/fake-native-plugins.ts";
import { disposeApp, renderApp, setUpAppTests } from "../test/render-app.tsx";

vi.mock("../lib/native-plugins.ts", async () => (await import("../test/fake-native-plugins.ts")).fakeNativePlugins);

// An unfinished payment is never a dead end (decision 057). The callback page leads back to the order; the page
// of an order awaiting payment offers to pay it now or cancel it; Back after paying shows the order paid.

type Handlers = Parameters<typeof fakeApi>[0];
const CHECKOUT_URL = "https://pay.example.test/checkout/fresh";
const STATUS_URL = `/status/${ORDER_ID}`;
const SUMMARY_URL = `/summary?plan=${PLAN_7_DAYS.id}&destination=TR`;

const unpaidOrder = (overrides: Partial<OrderSummary> = {}) =>
  orderFor({
    status: "pending",
    payment: { id: PAYMENT_ID, status: "pending", customerFeeDzdMinor: 0 },
    hasInvoice: false,
    ...overrides,
  });

function statusApi(readOrder: () => OrderSummary, overrides: Handlers = {}) {
  return fakeApi({
    ...SIGNED_IN_HANDLERS,
    [`GET /orders/${ORDER_ID}`]: () => ({ body: { data: readOrder() } }),
    [`GET /payments/${PAYMENT_ID}`]: () => paymentBody("pending", "pending"),
    ...overrides,
  });
}

describe("the callback page while the payment waits", () => {
  setUpAppTests();

  it("offers to go back to the order, where it can be paid later or cancelled", async () => {
    statusApi(() => unpaidOrder());
    const { user } = await renderApp(`/payment-callback?paymentId=${PAYMENT_ID}`, { token: "t", language: "fr" });

    expect(await screen.findByText(/Paiement toujours en cours de traitement/, {}, { timeout: 5000 })).toBeVisible();
    const back = screen.getByRole("link", { name: "Retour à ma commande" });
    expect(back).toHaveAttribute("href", STATUS_URL);

    await user.click(back);
    await waitFor(() => expect(window.location.pathname).toBe(STATUS_URL));
    expect(await screen.findByRole("button", { name: "Payer maintenant" }, { timeout: 5000 })).toBeVisible();
  }, 20_000);

  it("offers it in Arabic too", async () => {
    statusApi(() => unpaidOrder());
    await renderApp(`/payment-callback?paymentId=${PAYMENT_ID}`, { token: "t", language: "ar" });

    expect(await screen.findByRole("link", { name: "العودة إلى طلبي" }, { timeout: 5000 })).toHaveAttribute(
      "href",
      STATUS_URL,
    );
    expect(document.documentElement).toHaveAttribute("dir", "rtl");
  });
});

describe("the page of an order awaiting payment", () => {
  let popup: { location: { href: string }; close: ReturnType<typeof vi.fn> };
  let openWindow: ReturnType<typeof vi.spyOn>;

  setUpAppTests();
  beforeEach(() => {
    popup = { location: { href: "" }, close: vi.fn() };
    openWindow = vi.spyOn(window, "open").mockImplementation(() => popup as unknown as Window);
  });

  it("pays now: the payment modal, then the window opened first and sent to a fresh checkout, then the callback page", async () => {
    let wasWindowOpenFirst = false;
    const { calls } = statusApi(() => unpaidOrder(), {
      [`POST /orders/${ORDER_ID}/pay`]: () => {
        wasWindowOpenFirst = openWindow.mock.calls.length === 1;
        return { body: { data: { order: unpaidOrder(), payment: { id: PAYMENT_ID, checkoutUrl: CHECKOUT_URL } } } };
      },
    });
    const { user } = await renderApp(STATUS_URL, { token: "t", language: "fr" });

    expect(await screen.findByText(/Cette commande attend votre paiement/, {}, { timeout: 5000 })).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Payer maintenant" }));
    const dialog = await screen.findByRole("dialog", { name: "Redirection vers le paiement" });
    expect(within(dialog).getByText("Montant qui sera débité : \u20681,540 DA\u2069")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Continuer" }));

    await waitFor(() => expect(window.location.pathname).toBe("/payment-callback"));
    expect(window.location.search).toBe(`?paymentId=${PAYMENT_ID}`);
    expect(wasWindowOpenFirst).toBe(true);
    expect(popup.location.href).toBe(CHECKOUT_URL);
    expect(calls.find((call) => call.path === `/orders/${ORDER_ID}/pay`)?.body).toEqual({});
  });

  it("starts with the payment still to make, not received, and shows nothing spinning while nothing happens", async () => {
    statusApi(() => unpaidOrder());
    await renderApp(STATUS_URL, { token: "t", language: "fr" });

    expect(await screen.findByRole("button", { name: "Payer maintenant" }, { timeout: 5000 })).toBeVisible();
    const steps = screen.getByText("Préparation de votre eSIM").closest("ol")!;
    expect(steps).not.toHaveTextContent("Paiement reçu");
    expect(within(steps).getAllByRole("listitem")[0]).toHaveTextContent("Paiement à effectuer");
    expect(steps.querySelector(".animate-spin")).toBeNull();
    expect(screen.queryByText(/En attente de la confirmation du paiement/)).not.toBeInTheDocument();
  });

  it("asks to pay now only the card's part of an order that spends store credit", async () => {
    statusApi(() => unpaidOrder({ creditAppliedDzdMinor: 100000 }));
    const { user } = await renderApp(STATUS_URL, { token: "t", language: "fr" });

    await user.click(await screen.findByRole("button", { name: "Payer maintenant" }, { timeout: 5000 }));

    const dialog = await screen.findByRole("dialog", { name: "Redirection vers le paiement" });
    expect(within(dialog).getByText("Montant qui sera débité : \u2068540 DA\u2069")).toBeInTheDocument();
  });

  it("cancels after a confirmation, then shows the order cancelled and its promo code free again", async () => {
    let order = unpaidOrder({ couponCode: "ETE2026" });
    const { calls } = statusApi(() => order, {
      [`POST /orders/${ORDER_ID}/cancel`]: () => {
        order = { ...order, status: "rejected", rejectedBy: "customer_cancelled" };
        return { body: { data: order } };
      },
    });
    const { user } = await renderApp(STATUS_URL, { token: "t", language: "fr" });

    await user.click(await screen.findByRole("button", { name: "Annuler cette commande" }, { timeout: 5000 }));
    const dialog = await screen.findByRole("dialog", { name: "Annuler cette commande ?" });
    expect(dialog).toHaveTextContent("Votre code promo \u2066ETE2026\u2069 redeviendra utilisable aussitôt.");
    await user.click(within(dialog).getByRole("button", { name: "Oui, annuler" }));

    expect(await screen.findByText("Commande annulée")).toBeVisible();
    expect(screen.getByText("Vous avez annulé cette commande. Rien n’a été débité.")).toBeVisible();
    expect(screen.getByText("Votre code promo \u2066ETE2026\u2069 est de nouveau utilisable.")).toBeVisible();
    expect(screen.queryByRole("button", { name: "Payer maintenant" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Acheter de nouveau ce forfait" })).toHaveAttribute(
      "href",
      `/cart?plan=${PLAN_7_DAYS.id}&destination=TR&coupon=ETE2026`,
    );
    expect(calls.filter((call) => call.path === `/orders/${ORDER_ID}/cancel`)).toHaveLength(1);
  });

  it("keeps the order when the payer changes their mind", async () => {
    const { calls } = statusApi(() => unpaidOrder());
    const { user } = await renderApp(STATUS_URL, { token: "t", language: "fr" });

    await user.click(await screen.findByRole("button", { name: "Annuler cette commande" }, { timeout: 5000 }));
    const dialog = await screen.findByRole("dialog", { name: "Annuler cette commande ?" });
    await user.click(within(dialog).getByRole("button", { name: "Garder la commande" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByRole("button", { name: "Payer maintenant" })).toBeVisible();
    expect(calls.some((call) => call.path === `/orders/${ORDER_ID}/cancel`)).toBe(false);
  });

  it("shows the order paid when it was paid before the cancel reached the gateway", async () => {
    let order = unpaidOrder();
    statusApi(() => order, {
      [`POST /orders/${ORDER_ID}/cancel`]: () => {
        order = orderFor({ status: "confirmed" });
        return apiError(409, "ORDER_ALREADY_PAID");
      },
    });
    const { user } = await renderApp(STATUS_URL, { token: "t", language: "fr" });

    await user.click(await screen.findByRole("button", { name: "Annuler cette commande" }, { timeout: 5000 }));
    const dialog = await screen.findByRole("dialog", { name: "Annuler cette commande ?" });
    await user.click(within(dialog).getByRole("button", { name: "Oui, annuler" }));

    expect(await screen.findByText(/Votre paiement est confirmé/)).toBeVisible();
    expect(screen.queryByRole("button", { name: "Annuler cette commande" })).not.toBeInTheDocument();
  });

  it("offers pay now and cancel in Arabic, right to left, and cancels", async () => {
    let order = unpaidOrder({ couponCode: "ETE2026" });
    statusApi(() => order, {
      [`POST /orders/${ORDER_ID}/cancel`]: () => {
        order = { ...order, status: "rejected", rejectedBy: "customer_cancelled" };
        return { body: { data: order } };
      },
    });
    const { user } = await renderApp(STATUS_URL, { token: "t", language: "ar" });

    expect(await screen.findByRole("button", { name: "ادفع الآن" }, { timeout: 5000 })).toBeVisible();
    expect(document.documentElement).toHaveAttribute("dir", "rtl");
    await user.click(screen.getByRole("button", { name: "إلغاء هذا الطلب" }));
    const dialog = await screen.findByRole("dialog", { name: "إلغاء هذا الطلب؟" });
    await user.click(within(dialog).getByRole("button", { name: "نعم، ألغِ الطلب" }));

    expect(await screen.findByText("أُلغي الطلب")).toBeVisible();
    expect(screen.getByText("رمز الترويج \u2066ETE2026\u2069 صالح للاستخدام من جديد.")).toBeVisible();
  });

  it("says an order whose checkout expired unpaid expired, and offers to buy the plan again", async () => {
    statusApi(() =>
      orderFor({
        status: "rejected",
        rejectedBy: "checkout_lapsed",
        payment: { id: PAYMENT_ID, status: "canceled", customerFeeDzdMinor: 0 },
        hasInvoice: false,
      }),
    );
    await renderApp(STATUS_URL, { token: "t", language: "fr" });

    expect(await screen.findByText("Commande expirée", {}, { timeout: 5000 })).toBeVisible();
    expect(screen.getByText(/la commande a expiré sans être payée/)).toBeVisible();
    expect(screen.getByRole("link", { name: "Acheter de nouveau ce forfait" })).toHaveAttribute(
      "href",
      `/cart?plan=${PLAN_7_DAYS.id}&destination=TR`,
    );
    expect(screen.queryByRole("button", { name: "Payer maintenant" })).not.toBeInTheDocument();
  });
});

describe("the page of an order whose checkout its payer cancelled at the gateway", () => {
  setUpAppTests();

  it("says the payer cancelled the payment, not that it was refused, and offers to buy the plan again", async () => {
    statusApi(() =>
      orderFor({
        status: "rejected",
        rejectedBy: "payment_canceled",
        payment: { id: PAYMENT_ID, status: "canceled", customerFeeDzdMinor: 0 },
        hasInvoice: false,
      }),
    );
    await renderApp(STATUS_URL, { token: "t", language: "fr" });

    expect(await screen.findByText("Paiement annulé", {}, { timeout: 5000 })).toBeVisible();
    expect(screen.getByText(/Vous avez annulé le paiement sur la page de paiement/)).toBeVisible();
    expect(screen.queryByText("Paiement refusé")).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Acheter de nouveau ce forfait" })).toBeVisible();
  });

  it("says a declined card was refused", async () => {
    statusApi(() =>
      orderFor({
        status: "rejected",
        rejectedBy: "payment_failed",
        payment: { id: PAYMENT_ID, status: "failed", customerFeeDzdMinor: 0 },
        hasInvoice: false,
      }),
    );
    await renderApp(STATUS_URL, { token: "t", language: "en" });

    expect(await screen.findByText("Payment declined", {}, { timeout: 5000 })).toBeVisible();
    expect(screen.getByText(/Your bank or card refused the payment/)).toBeVisible();
  });
});

describe("pay now in the apps", () => {
  setUpAppTests();
  beforeEach(() => runAsNative("android"));
  afterEach(() => {
    disposeApp();
    resetFakeNative();
  });

  it("opens the fresh checkout in the in-app browser and asks for the app's return links", async () => {
    const { calls } = statusApi(() => unpaidOrder(), {
      [`POST /orders/${ORDER_ID}/pay`]: () => ({
        body: { data: { order: unpaidOrder(), payment: { id: PAYMENT_ID, checkoutUrl: CHECKOUT_URL } } },
      }),
    });
    const { user } = await renderApp(STATUS_URL, { token: "t", language: "fr" });

    await user.click(await screen.findByRole("button", { name: "Payer maintenant" }, { timeout: 5000 }));
    const dialog = await screen.findByRole("dialog", { name: "Redirection vers le paiement" });
    await user.click(within(dialog).getByRole("button", { name: "Continuer" }));

    await waitFor(() => expect(native.Browser.open).toHaveBeenCalledWith({ url: CHECKOUT_URL }));
    expect(calls.find((call) => call.path === `/orders/${ORDER_ID}/pay`)?.body).toEqual({ returnTo: "app" });
  });
});

describe("browser Back after a successful payment", () => {
  let popup: { location: { href: string }; close: ReturnType<typeof vi.fn> };

  setUpAppTests();
  beforeEach(() => {
    popup = { location: { href: "" }, close: vi.fn() };
    vi.spyOn(window, "open").mockImplementation(() => popup as unknown as Window);
  });

  it("shows the summary's cart as paid, with its order, and no Pay button", async () => {
    let isPaid = false;
    const { calls } = fakeApi({
      ...SIGNED_IN_HANDLERS,
      "POST /checkout/quote": () => ({ body: quoteBody(quoteFor({})) }),
      "GET /checkout/options": () => ({ body: { data: { paymentMethods: ["edahabia"], billingCountries: ["DZ"] } } }),
      "POST /orders": () => ({
        status: 201,
        body: { data: { order: unpaidOrder(), payment: { id: PAYMENT_ID, checkoutUrl: CHECKOUT_URL } } },
      }),
      [`GET /payments/${PAYMENT_ID}`]: () =>
        isPaid ? paymentBody("successful", "confirmed") : paymentBody("pending", "pending"),
      [`GET /orders/${ORDER_ID}`]: () => ({
        body: { data: isPaid ? orderFor({ status: "confirmed" }) : unpaidOrder() },
      }),
    });
    const { user } = await renderApp(SUMMARY_URL, { token: "t", language: "fr" });
    const phone = await screen.findByLabelText("Téléphone", {}, { timeout: 5000 });
    await user.clear(phone);
    await user.type(phone, "0555 12 34 56");
    await acceptTerms(user);
    await user.click(screen.getByRole("button", { name: /^Payer/ }));
    const dialog = await screen.findByRole("dialog", { name: "Redirection vers le paiement" });
    await user.click(within(dialog).getByRole("button", { name: "Continuer" }));
    await waitFor(() => expect(window.location.pathname).toBe("/payment-callback"));

    isPaid = true;
    await waitFor(() => expect(window.location.pathname).toBe("/success"), { timeout: 8000 });
    await act(async () => {
      window.history.back();
    });

    await waitFor(() => expect(window.location.pathname).toBe("/summary"));
    expect(await screen.findByText("Ce panier est déjà payé", {}, { timeout: 5000 })).toBeVisible();
    expect(screen.getByText(/c’est la commande \u2066ES26-000123\u2069/)).toBeVisible();
    expect(screen.getByRole("link", { name: "Voir ma commande" })).toHaveAttribute("href", STATUS_URL);
    expect(screen.queryByRole("button", { name: /^Payer/ })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === "POST" && call.path === "/orders")).toHaveLength(1);
  }, 20_000);
});
