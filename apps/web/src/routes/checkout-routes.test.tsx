import type { Me } from "@esim/shared/auth/contracts";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ALGERIA,
  acceptTerms,
  EUROPE,
  MINIMUM_CHARGE_DZD_MINOR,
  ORDER_ID,
  orderFor,
  PAYMENT_ID,
  PLAN_7_DAYS,
  PLAN_30_DAYS,
  paymentBody,
  quoteBody,
  quoteFor,
  type TURKEY,
} from "../test/buying-fixtures.ts";
import { apiError, CATALOG_SUMMARY, fakeApi, ME } from "../test/fake-api.ts";
import { fakeNativePlugins as native, resetFakeNative, runAsNative } from "../test/fake-native-plugins.ts";
import { disposeApp, reloadApp, renderApp, setUpAppTests } from "../test/render-app.tsx";

vi.mock("../lib/native-plugins.ts", async () => (await import("../test/fake-native-plugins.ts")).fakeNativePlugins);

type Handlers = Parameters<typeof fakeApi>[0];
const CART_URL = `/cart?plan=${PLAN_7_DAYS.id}&destination=TR`;
const SUMMARY_URL = `/summary?plan=${PLAN_7_DAYS.id}&destination=TR`;
const CHECKOUT_URL = "https://pay.example.test/checkout/abc";

/** A quote the coupon pays in full: nothing to charge. */
const FREE_QUOTE = quoteFor(
  { coupon: "FREE100" },
  { couponDiscountMinor: PLAN_7_DAYS.price.DZD + 5000, totalMinor: 0, chargeDzdMinor: 0 },
);
/** A quote under the gateway's smallest charge (30 DA). */
const BELOW_MINIMUM_QUOTE = quoteFor({}, { totalMinor: 3000, chargeDzdMinor: 3000 });

/** Lets pending promises and timers of 0 ms run (a stored value read, a query answered). */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

const freeOrderCreated = () => ({
  status: 201,
  body: {
    data: {
      order: orderFor({ status: "confirmed", couponCode: "FREE100", totalMinor: 0, chargeDzdMinor: 0 }),
      payment: { id: PAYMENT_ID, checkoutUrl: null },
    },
  },
});

const paidFreeOrder = {
  [`GET /payments/${PAYMENT_ID}`]: () => paymentBody("successful", "confirmed", 0),
  [`GET /orders/${ORDER_ID}`]: () => ({
    body: { data: orderFor({ status: "confirmed", couponCode: "FREE100", totalMinor: 0, chargeDzdMinor: 0 }) },
  }),
};

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

  it("says in the cart when the plan's days start and when to install it, in French and in Arabic", async () => {
    checkoutApi();
    await renderApp(CART_URL, { token: "token-1" });
    expect(
      await screen.findByText(
        "La validité démarre à l’installation de l’eSIM : installez-la le jour du départ.",
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    disposeApp();

    checkoutApi({
      "POST /checkout/quote": () => ({ body: { data: { ...quoteBody(quoteFor({})).data, plan: PLAN_30_DAYS } } }),
    });
    await renderApp(`/cart?plan=${PLAN_30_DAYS.id}&destination=TR`, { token: "token-1", language: "ar" });
    expect(
      await screen.findByText(
        "تبدأ الصلاحية عند أول اتصال للشريحة بشبكة في وجهتك: ثبّتها قبل سفرك.",
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
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

  it("labels dollar amounts as an estimate at today's rate and shows the amount charged in DA", async () => {
    checkoutApi({}, { me: { ...ME, currency: "USD", language: "en" } });
    await renderApp(CART_URL, { token: "token-1", language: "en" });
    expect(await screen.findByText("Estimated total", {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText("Estimated total").closest("div")).toHaveTextContent("$11.4");
    // 1,140 cents at 135 DA to the dollar, computed by the server.
    expect(screen.getByText("Amount charged").closest("div")).toHaveTextContent("1,539 DA");
    expect(
      screen.getByText(
        "Dollar amounts are an estimate at today's exchange rate. You pay in Algerian dinars: the amount charged above.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText("Total")).not.toBeInTheDocument();
  });

  it("says the gateway's minimum payment and keeps Continue disabled for a cart under it", async () => {
    checkoutApi({ "POST /checkout/quote": () => ({ body: quoteBody(BELOW_MINIMUM_QUOTE) }) });
    await renderApp(CART_URL, { token: "token-1" });
    expect(await screen.findByRole("alert", {}, { timeout: 5000 })).toHaveTextContent(
      "Le paiement minimum accepté par notre passerelle de paiement est de \u206850 DA\u2069. Augmentez la quantité ou choisissez un forfait plus important pour continuer.",
    );
    expect(screen.getByRole("button", { name: "Continuer vers le récapitulatif" })).toBeDisabled();
  });

  it.each([
    ["COUPON_USAGE_LIMIT_REACHED", "Ce code promo a atteint sa limite d'utilisation."],
    ["COUPON_EXPIRED", "Ce code promo a expiré."],
    ["COUPON_ALREADY_USED", "Vous avez déjà utilisé ce code promo."],
    ["COUPON_INVALID", "Code promo invalide."],
    ["COUPON_BLOCKED", "Ce code promo est bloqué."],
  ])("forgets a stored code refused for good (%s) once its reason has shown", async (code, message) => {
    window.localStorage.setItem("PROMO_CODE", "SUMMER24");
    const { calls } = checkoutApi({ "POST /coupons/check": () => apiError(400, code) });
    await renderApp(CART_URL, { token: "token-1" });
    expect(await screen.findByRole("alert", {}, { timeout: 5000 })).toHaveTextContent(message);
    await waitFor(() => expect(window.localStorage.getItem("PROMO_CODE")).toBeNull());

    // The next cart starts without it: no code filled in, no error.
    await reloadApp();
    expect(await screen.findByText("Sous-total", {}, { timeout: 5000 })).toBeInTheDocument();
    await settle();
    expect(screen.getByLabelText("Code promo")).toHaveValue("");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path === "/coupons/check")).toHaveLength(1);
  });

  it.each([
    ["COUPON_NOT_YET_ACTIVE", "Ce code promo n'est pas encore actif."],
    ["COUPON_MIN_ORDER_NOT_MET", "Le montant minimum de commande pour ce code n'est pas atteint."],
    ["COUPON_NOT_APPLICABLE", "Ce code promo ne s'applique pas à ce forfait."],
    [
      "COUPON_TOTAL_BELOW_MINIMUM",
      "Avec ce code promo, le montant à payer serait inférieur au paiement minimum accepté par notre passerelle de paiement. Retirez le code ou ajoutez au panier.",
    ],
  ])("keeps a stored code that may work later or on another cart (%s)", async (code, message) => {
    window.localStorage.setItem("PROMO_CODE", "SUMMER24");
    checkoutApi({ "POST /coupons/check": () => apiError(400, code) });
    await renderApp(CART_URL, { token: "token-1" });
    expect(await screen.findByRole("alert", {}, { timeout: 5000 })).toHaveTextContent(message);
    await settle();
    expect(window.localStorage.getItem("PROMO_CODE")).toBe("SUMMER24");
  });

  it("keeps the stored code when another code typed in the cart is refused", async () => {
    window.localStorage.setItem("PROMO_CODE", "WELCOME10");
    checkoutApi({
      "POST /coupons/check": ({ body }) =>
        (body as { code: string }).code === "WELCOME10"
          ? apiError(400, "COUPON_MIN_ORDER_NOT_MET")
          : apiError(400, "COUPON_EXPIRED"),
    });
    const { user } = await renderApp(CART_URL, { token: "token-1" });
    expect(await screen.findByRole("alert", {}, { timeout: 5000 })).toHaveTextContent(
      "Le montant minimum de commande pour ce code n'est pas atteint.",
    );
    await user.clear(screen.getByLabelText("Code promo"));
    await user.type(screen.getByLabelText("Code promo"), "summer24");
    await user.click(screen.getByRole("button", { name: "Appliquer" }));
    expect(await screen.findByText("Ce code promo a expiré.")).toBeInTheDocument();
    await settle();
    expect(window.localStorage.getItem("PROMO_CODE")).toBe("WELCOME10");
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
    // In the order the reader's language sorts them, not the catalogue's.
    expect(guard).toHaveTextContent("Allemagne, Espagne, France, Italie");
  });

  it("lists a region's countries in Arabic order", async () => {
    checkoutApi({}, { destination: EUROPE, me: { ...ME, language: "ar" } });
    await renderApp(SUMMARY_URL, { token: "token-1", language: "ar" });
    const guard = await screen.findByRole("region", { name: "أوروبا" }, { timeout: 5000 });
    expect(guard).toHaveTextContent("إسبانيا، ألمانيا، إيطاليا، فرنسا");
  });

  it("warns when the plan is for the buyer's country of residence", async () => {
    checkoutApi({}, { destination: ALGERIA });
    await renderApp(SUMMARY_URL, { token: "token-1" });
    const guard = await screen.findByRole("region", { name: "Algérie" }, { timeout: 5000 });
    expect(within(guard).getByRole("alert")).toHaveTextContent("Algérie est votre pays de résidence.");
  });

  it("warns in Arabic too, naming the country the plan works in", async () => {
    checkoutApi({}, { destination: ALGERIA, me: { ...ME, language: "ar" } });
    await renderApp(SUMMARY_URL, { token: "token-1", language: "ar" });
    const guard = await screen.findByRole("region", { name: "الجزائر" }, { timeout: 5000 });
    expect(within(guard).getByRole("alert")).toHaveTextContent("الجزائر هو بلد إقامتك.");
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

    await acceptTerms(user);
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
  // Law 18-05 (decision 073): the terms are shown, linked in the buyer's language, and ticked by the buyer.
  it("links the terms of sale and privacy policy in the buyer's language and pays only once they are ticked", async () => {
    checkoutApi();
    const { user } = await renderApp(SUMMARY_URL, { token: "token-1", language: "ar" });
    const box = await screen.findByRole(
      "checkbox",
      { name: "أوافق على الشروط العامة للبيع وسياسة الخصوصية." },
      { timeout: 5000 },
    );
    expect(box).not.toBeChecked();
    // In the summary itself (the footer links them too).
    const summary = within(screen.getByRole("main"));
    expect(summary.getByRole("link", { name: "الشروط العامة للبيع" })).toHaveAttribute("href", "/ar/terms");
    expect(summary.getByRole("link", { name: "سياسة الخصوصية" })).toHaveAttribute("href", "/ar/privacy");

    await user.click(screen.getByRole("button", { name: /^ادفع/ }));
    expect(box).toHaveAttribute("aria-invalid", "true");
    expect(box).toHaveAccessibleDescription("ضع علامة في الخانة لقبول الشروط العامة للبيع وسياسة الخصوصية.");
    expect(box).toHaveFocus();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    await user.click(box);
    expect(box).not.toHaveAttribute("aria-invalid");
    await user.click(screen.getByRole("button", { name: /^ادفع/ }));
    expect(await screen.findByRole("dialog")).toBeInTheDocument();
  }, 15_000);

  it("moves the focus to the first faulty field of a refused summary, and says why", async () => {
    checkoutApi({}, { me: { ...ME, phone: null } });
    const { user } = await renderApp(SUMMARY_URL, { token: "token-1" });
    const name = await screen.findByLabelText("Nom complet", {}, { timeout: 5000 });
    await user.clear(name);
    await user.click(screen.getByRole("button", { name: /^Payer/ }));
    expect(name).toHaveFocus();
    expect(screen.getAllByRole("alert").some((alert) => alert.textContent === "Vérifiez les champs signalés.")).toBe(
      true,
    );

    await user.type(name, "Amina Benali");
    await user.click(screen.getByRole("button", { name: /^Payer/ }));
    expect(screen.getByLabelText("Téléphone")).toHaveFocus();
  });

  it("states the amount charged in DA on the pay button when prices show in dollars", async () => {
    checkoutApi({}, { me: { ...ME, currency: "USD" } });
    await renderApp(SUMMARY_URL, { token: "token-1" });
    const pay = await screen.findByRole("button", { name: /^Payer/ }, { timeout: 5000 });
    expect(pay).toHaveTextContent("Payer \u20681,539 DA\u2069");
    expect(pay).not.toHaveTextContent("$");
    expect(screen.getByText("Total estimé").closest("div")).toHaveTextContent("$11.4");
    expect(screen.getByText("Montant débité").closest("div")).toHaveTextContent("1,539 DA");
  });

  it("states the amount charged in DA in Arabic, right to left, the amount kept left to right", async () => {
    checkoutApi({}, { me: { ...ME, language: "ar", currency: "USD" } });
    await renderApp(SUMMARY_URL, { token: "token-1", language: "ar" });
    const pay = await screen.findByRole("button", { name: /^ادفع/ }, { timeout: 5000 });
    expect(pay).toHaveTextContent("ادفع \u20681,539 DA\u2069");
    expect(screen.getByText("المبلغ المخصوم").closest("div")).toHaveTextContent("1,539 DA");
    expect(document.documentElement).toHaveAttribute("dir", "rtl");
  });

  it("says the gateway's minimum payment and keeps Pay disabled for an order under it", async () => {
    checkoutApi({ "POST /checkout/quote": () => ({ body: quoteBody(BELOW_MINIMUM_QUOTE) }) });
    await renderApp(`${SUMMARY_URL}&topUpOf=0b7c5a1e-8f3d-4c2a-9e6b-1d2f3a4b5c6d`, { token: "token-1" });
    expect(await screen.findByRole("button", { name: /^Payer/ }, { timeout: 5000 })).toBeDisabled();
    expect(
      screen.getByText(
        `Le paiement minimum accepté par notre passerelle de paiement est de \u2068${(MINIMUM_CHARGE_DZD_MINOR / 100).toString()} DA\u2069. Choisissez une recharge plus importante pour continuer.`,
      ),
    ).toBeInTheDocument();
  });

  it("offers to confirm a free order rather than to pay 0 DA", async () => {
    checkoutApi({ "POST /checkout/quote": () => ({ body: quoteBody(FREE_QUOTE) }) });
    await renderApp(`${SUMMARY_URL}&coupon=FREE100`, { token: "token-1" });
    expect(
      await screen.findByRole("button", { name: "Confirmer la commande gratuite" }, { timeout: 5000 }),
    ).toBeEnabled();
    expect(screen.getByText("Votre code promo couvre toute la commande : rien à payer.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Payer/ })).not.toBeInTheDocument();
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
      [`GET /payments/${PAYMENT_ID}`]: () => paymentBody("pending", "pending"),
      ...overrides,
    });
    const rendered = await renderApp(url, { token: "token-1" });
    await acceptTerms(rendered.user);
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

  it("asks the phone once: the profile, which keeps it when the order is placed, is read again to prefill the next checkout", async () => {
    let phone: string | null = null;
    const { calls } = checkoutApi({
      [`GET /payments/${PAYMENT_ID}`]: () => paymentBody("pending", "pending"),
      "GET /auth/me": () => ({ body: { data: { ...ME, phone } } }),
      "POST /orders": () => {
        phone = "+213555123456";
        return {
          status: 201,
          body: {
            data: { order: orderFor({ status: "pending" }), payment: { id: PAYMENT_ID, checkoutUrl: CHECKOUT_URL } },
          },
        };
      },
    });
    const { user } = await renderApp(SUMMARY_URL, { token: "token-1" });
    const field = await screen.findByLabelText("Téléphone", {}, { timeout: 5000 });
    expect(field).toHaveValue("");
    await user.type(field, "0555 12 34 56");
    await acceptTerms(user);
    await user.click(screen.getByRole("button", { name: /^Payer/ }));
    const dialog = await screen.findByRole("dialog", { name: "Redirection vers le paiement" });
    await user.click(within(dialog).getByRole("button", { name: "Continuer" }));
    await waitFor(() => expect(window.location.pathname).toBe("/payment-callback"));
    const placedAt = calls.findIndex((call) => call.path === "/orders");
    await waitFor(() => expect(calls.slice(placedAt).some((call) => call.path === "/auth/me")).toBe(true));
  });

  it("states in the payment modal the amount that will be charged in DA", async () => {
    const { dialog } = await openPaymentModal();
    expect(within(dialog).getByText("Montant qui sera débité : \u20681,540 DA\u2069")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Continuer" })).toBeInTheDocument();
  });

  it("shows the payment fee the payer pays before payment, in the totals, on Pay and in the modal", async () => {
    // PAYMENT_FEES_PAID_BY=customer: 2.5 % of 1,540 DA, 39 DA, comes on top of the charge.
    const withFee = quoteFor(
      {},
      { gatewayFee: { paidBy: "customer", percent: 2.5, amountDzdMinor: 3900 }, chargeWithFeeDzdMinor: 157900 },
    );
    const { dialog } = await openPaymentModal({ "POST /checkout/quote": () => ({ body: quoteBody(withFee) }) });

    expect(screen.getByText("Frais de paiement (2.5 %)").closest("div")).toHaveTextContent("39 DA");
    expect(screen.getByText("Montant débité").closest("div")).toHaveTextContent("1,579 DA");
    expect(screen.getByRole("button", { name: /^Payer/, hidden: true })).toHaveTextContent(
      "Payer \u20681,579 DA\u2069",
    );
    expect(within(dialog).getByText("Montant qui sera débité : \u20681,579 DA\u2069")).toBeInTheDocument();
    expect(within(dialog).getByText("dont \u206839 DA\u2069 de frais de paiement")).toBeInTheDocument();
  });

  it("spends the store credit first: its line, the rest to pay by card, and that rest on Pay and in the modal", async () => {
    // 1,000 DA of credit on a 1,540 DA order: the card pays 540 DA, the amount shown being the amount charged.
    const withCredit = quoteFor(
      {},
      {
        storeCreditBalanceDzdMinor: 100000,
        creditAppliedDzdMinor: 100000,
        cardChargeDzdMinor: 54000,
        chargeWithFeeDzdMinor: 54000,
      },
    );
    const { dialog } = await openPaymentModal({ "POST /checkout/quote": () => ({ body: quoteBody(withCredit) }) });

    expect(screen.getByRole("checkbox", { name: /Utiliser mon crédit/, hidden: true })).toBeChecked();
    expect(screen.getByText("Crédit boutique").closest("div")).toHaveTextContent("\u22121,000 DA");
    expect(screen.getByText("Reste à payer par carte").closest("div")).toHaveTextContent("540 DA");
    expect(screen.getByRole("button", { name: /^Payer/, hidden: true })).toHaveTextContent("Payer \u2068540 DA\u2069");
    expect(within(dialog).getByText("Montant qui sera débité : \u2068540 DA\u2069")).toBeInTheDocument();
  });

  it("asks for the quote and places the order without store credit once the customer unticks it", async () => {
    const quoteWith = (useStoreCredit: boolean) =>
      quoteFor(
        {},
        useStoreCredit
          ? { storeCreditBalanceDzdMinor: 20000, creditAppliedDzdMinor: 20000, chargeWithFeeDzdMinor: 134000 }
          : { storeCreditBalanceDzdMinor: 20000 },
      );
    const { calls } = checkoutApi({
      "POST /checkout/quote": ({ body }) => ({
        body: quoteBody(quoteWith((body as { useStoreCredit?: boolean }).useStoreCredit !== false)),
      }),
      [`GET /payments/${PAYMENT_ID}`]: () => paymentBody("pending", "pending"),
      "POST /orders": () => ({
        status: 201,
        body: {
          data: { order: orderFor({ status: "pending" }), payment: { id: PAYMENT_ID, checkoutUrl: CHECKOUT_URL } },
        },
      }),
    });
    const { user } = await renderApp(SUMMARY_URL, { token: "token-1" });
    const choice = await screen.findByRole("checkbox", { name: /Utiliser mon crédit/ }, { timeout: 5000 });
    expect(screen.getByRole("button", { name: /^Payer/ })).toHaveTextContent("Payer \u20681,340 DA\u2069");

    await user.click(choice);

    await waitFor(() =>
      expect(screen.getByRole("button", { name: /^Payer/ })).toHaveTextContent("Payer \u20681,540 DA\u2069"),
    );
    expect(screen.queryByText("Crédit boutique")).not.toBeInTheDocument();
    await acceptTerms(user);
    await user.click(screen.getByRole("button", { name: /^Payer/ }));
    const dialog = await screen.findByRole("dialog", { name: "Redirection vers le paiement" });
    await user.click(within(dialog).getByRole("button", { name: "Continuer" }));
    await waitFor(() => expect(calls.some((call) => call.path === "/orders")).toBe(true));
    expect(calls.find((call) => call.path === "/orders")?.body).toMatchObject({ useStoreCredit: false });
  });

  it("shows the payer's share of a split payment fee in Arabic, right to left", async () => {
    const split = quoteFor(
      {},
      { gatewayFee: { paidBy: "split", percent: 2.5, amountDzdMinor: 2000 }, chargeWithFeeDzdMinor: 156000 },
    );
    checkoutApi(
      {
        "POST /checkout/quote": () => ({ body: quoteBody(split) }),
        [`GET /payments/${PAYMENT_ID}`]: () => paymentBody("pending", "pending"),
      },
      { me: { ...ME, language: "ar" } },
    );
    const { user } = await renderApp(SUMMARY_URL, { token: "token-1", language: "ar" });
    const pay = await screen.findByRole("button", { name: /^ادفع/ }, { timeout: 5000 });

    expect(pay).toHaveTextContent("ادفع \u20681,560 DA\u2069");
    expect(screen.getByText("حصتك من رسوم الدفع (2.5٪، مقسومة)").closest("div")).toHaveTextContent("20 DA");
    expect(screen.getByText("المبلغ المخصوم").closest("div")).toHaveTextContent("1,560 DA");
    await acceptTerms(user);
    await user.click(pay);
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("المبلغ الذي سيُخصم: \u20681,560 DA\u2069")).toBeInTheDocument();
    expect(within(dialog).getByText("منها \u206820 DA\u2069 رسوم الدفع")).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute("dir", "rtl");
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
  it("says when too many orders await payment and links to them, to pay or cancel one", async () => {
    const { user, dialog } = await openPaymentModal({
      "POST /orders": () => apiError(409, "UNPAID_ORDERS_LIMIT_REACHED"),
    });
    await user.click(within(dialog).getByRole("button", { name: "Continuer" }));
    expect(
      await within(dialog).findByText(
        "Vous avez déjà 3 commandes en attente de paiement. Payez ou annulez l’une d’elles avant d’en passer une autre.",
      ),
    ).toBeInTheDocument();
    expect(popup.close).toHaveBeenCalled();

    await user.click(within(dialog).getByRole("link", { name: "Voir mes commandes non payées" }));
    await waitFor(() => expect(window.location.pathname).toBe("/orders"));
  });

  it("says why when the amount is under the gateway's minimum", async () => {
    const { user, dialog } = await openPaymentModal({ "POST /orders": () => apiError(400, "PAYMENT_AMOUNT_TOO_LOW") });
    await user.click(within(dialog).getByRole("button", { name: "Continuer" }));
    expect(
      await within(dialog).findByText(
        "Ce montant est inférieur au paiement minimum accepté par notre passerelle de paiement. Ajoutez au panier pour continuer. Rien n’a été débité.",
      ),
    ).toBeInTheDocument();
    expect(popup.close).toHaveBeenCalled();
  });

  it("confirms a free order without the payment modal or a payment window, then shows it paid", async () => {
    const { calls } = checkoutApi({
      "POST /checkout/quote": () => ({ body: quoteBody(FREE_QUOTE) }),
      "POST /orders": freeOrderCreated,
      ...paidFreeOrder,
    });
    const { user } = await renderApp(`${SUMMARY_URL}&coupon=FREE100`, { token: "token-1" });
    await acceptTerms(user);
    await user.click(await screen.findByRole("button", { name: "Confirmer la commande gratuite" }, { timeout: 5000 }));

    await waitFor(() => expect(window.location.pathname).toBe("/success"));
    expect(window.location.search).toBe(`?paymentId=${PAYMENT_ID}&orderId=${ORDER_ID}`);
    expect(openWindow).not.toHaveBeenCalled();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(await screen.findByText("Commande offerte par votre code promo : rien n’a été débité.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Commande confirmée" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Paiement réussi" })).not.toBeInTheDocument();
    const order = calls.find((call) => call.path === "/orders")?.body as Record<string, unknown>;
    expect(order).toMatchObject({ packageId: PLAN_7_DAYS.id, couponCode: "FREE100", termsAccepted: true });
    expect(order.clientReference).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("says why a free order could not be confirmed, then retries the same attempt", async () => {
    let attempts = 0;
    const { calls } = checkoutApi({
      "POST /checkout/quote": () => ({ body: quoteBody(FREE_QUOTE) }),
      "POST /orders": () => {
        attempts += 1;
        return attempts === 1 ? apiError(503, "PAYMENT_GATEWAY_UNAVAILABLE") : freeOrderCreated();
      },
      ...paidFreeOrder,
    });
    const { user } = await renderApp(`${SUMMARY_URL}&coupon=FREE100`, { token: "token-1" });
    await acceptTerms(user);
    await user.click(await screen.findByRole("button", { name: "Confirmer la commande gratuite" }, { timeout: 5000 }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "L'opération a échoué, réessayez plus tard. Rien n'a été débité.",
    );
    expect(window.location.pathname).toBe("/summary");

    await user.click(screen.getByRole("button", { name: "Confirmer la commande gratuite" }));
    await waitFor(() => expect(window.location.pathname).toBe("/success"));
    const [first, second] = calls.filter((call) => call.path === "/orders") as Array<{
      body: { clientReference: string };
    }>;
    expect(second?.body.clientReference).toBe(first?.body.clientReference);
    expect(openWindow).not.toHaveBeenCalled();
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
      [`GET /payments/${PAYMENT_ID}`]: () => paymentBody("pending", "pending"),
    });
    const { user } = await renderApp(SUMMARY_URL, { token: "token-1" });
    await acceptTerms(user);
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
  it("confirms a free order without opening a browser", async () => {
    const openWindow = vi.spyOn(window, "open");
    checkoutApi({
      "POST /checkout/quote": () => ({ body: quoteBody(FREE_QUOTE) }),
      "POST /orders": freeOrderCreated,
      ...paidFreeOrder,
    });
    const { user } = await renderApp(`${SUMMARY_URL}&coupon=FREE100`, { token: "token-1" });
    await acceptTerms(user);
    await user.click(await screen.findByRole("button", { name: "Confirmer la commande gratuite" }, { timeout: 5000 }));

    await waitFor(() => expect(window.location.pathname).toBe("/success"));
    expect(window.location.search).toBe(`?paymentId=${PAYMENT_ID}&orderId=${ORDER_ID}`);
    expect(await screen.findByRole("heading", { name: "Paiement réussi" })).toBeInTheDocument();
    expect(native.Browser.open).not.toHaveBeenCalled();
    expect(openWindow).not.toHaveBeenCalled();
  });
});
