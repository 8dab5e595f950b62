import type { PaymentStatus } from "@esim/shared/statuses";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ORDER_ID,
  orderFor,
  PAYMENT_ID,
  PLAN_7_DAYS,
  paymentBody,
  quoteBody,
  quoteFor,
} from "../test/buying-fixtures.ts";
import { apiError, fakeApi, SIGNED_IN_HANDLERS } from "../test/fake-api.ts";
import { emitNative, nativeListenerCount, resetFakeNative, runAsNative } from "../test/fake-native-plugins.ts";
import { reloadApp, renderApp, setUpAppTests } from "../test/render-app.tsx";

vi.mock("../lib/native-plugins.ts", async () => (await import("../test/fake-native-plugins.ts")).fakeNativePlugins);

type Handlers = Parameters<typeof fakeApi>[0];

const ESIM_ID = "0b7c5a1e-8f3d-4c2a-9e6b-1d2f3a4b5c6d";
const CANCELED_NOTICE = "Paiement annulé. Votre panier est intact : vous pouvez payer quand vous voulez.";

/** What /summary asks for: the quote and the checkout options. */
const SUMMARY_HANDLERS: Handlers = {
  "POST /checkout/quote": ({ body }) => {
    const request = body as { quantity: number; couponCode?: string };
    return { body: quoteBody(quoteFor({ quantity: request.quantity, coupon: request.couponCode ?? null })) };
  },
  "GET /checkout/options": () => ({
    body: { data: { paymentMethods: ["edahabia", "cib"], billingCountries: ["DZ", "FR"] } },
  }),
};

function paymentApi(readStatus: () => PaymentStatus, overrides: Handlers = {}) {
  return fakeApi({
    ...SIGNED_IN_HANDLERS,
    [`GET /payments/${PAYMENT_ID}`]: () => {
      const status = readStatus();
      return paymentBody(status, status === "successful" ? "confirmed" : status === "pending" ? "pending" : "rejected");
    },
    [`GET /orders/${ORDER_ID}`]: () => ({ body: { data: orderFor() } }),
    ...overrides,
  });
}

const paymentCalls = (calls: Array<{ path: string }>) =>
  calls.filter((call) => call.path === `/payments/${PAYMENT_ID}`);

describe("payment callback", () => {
  setUpAppTests();

  it("ignores a status in the address, refreshes every 3 s while pending, then shows success", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status: PaymentStatus = "pending";
    const { calls } = paymentApi(() => status);
    await renderApp(`/payment-callback?paymentId=${PAYMENT_ID}&status=success&utm_source=mail`, { token: "t" });

    expect(
      await screen.findByText(/Paiement toujours en cours de traitement : veuillez patienter/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe("/payment-callback");
    expect(screen.getByRole("button", { name: "Actualiser" })).toBeInTheDocument();
    expect(paymentCalls(calls)).toHaveLength(1);

    await act(async () => {
      vi.advanceTimersByTime(2800);
    });
    expect(paymentCalls(calls)).toHaveLength(1);
    await act(async () => {
      vi.advanceTimersByTime(250);
    });
    await waitFor(() => expect(paymentCalls(calls)).toHaveLength(2));
    expect(window.location.pathname).toBe("/payment-callback");

    status = "successful";
    await act(async () => {
      vi.advanceTimersByTime(3000);
    });
    await waitFor(() => expect(window.location.pathname).toBe("/success"));
    expect(window.location.search).toBe(`?paymentId=${PAYMENT_ID}&utm_source=mail&orderId=${ORDER_ID}`);
    expect(await screen.findByRole("heading", { name: "Paiement réussi" })).toBeInTheDocument();
  });

  it("refreshes at once on demand", async () => {
    const { calls } = paymentApi(() => "pending");
    await renderApp(`/payment-callback?paymentId=${PAYMENT_ID}`, { token: "t" });
    fireEvent.click(await screen.findByRole("button", { name: "Actualiser" }, { timeout: 5000 }));
    await waitFor(() => expect(paymentCalls(calls)).toHaveLength(2));
  });

  it("goes to /failure when the payment failed", async () => {
    paymentApi(() => "failed");
    await renderApp(`/payment-callback?paymentId=${PAYMENT_ID}&status=success`, { token: "t" });
    await waitFor(() => expect(window.location.pathname).toBe("/failure"), { timeout: 5000 });
    expect(window.location.search).toBe(`?paymentId=${PAYMENT_ID}&orderId=${ORDER_ID}`);
    expect(await screen.findByText("Le paiement a échoué : veuillez réessayer.")).toBeInTheDocument();
  });

  it("says so when the address names no payment", async () => {
    paymentApi(() => "pending");
    await renderApp("/payment-callback?status=success", { token: "t" });
    expect(await screen.findByRole("alert", {}, { timeout: 5000 })).toHaveTextContent(
      "Ce lien de paiement n’est pas valide.",
    );
  });

  it("checks again at once when the payment window comes back to the callback page", async () => {
    const closeSpy = vi.spyOn(window, "close").mockImplementation(() => {});
    const { calls } = paymentApi(() => "pending");
    await renderApp(`/payment-callback?paymentId=${PAYMENT_ID}`, { token: "t" });
    await screen.findByRole("button", { name: "Actualiser" }, { timeout: 5000 });

    // The popup landing here announces itself; this page answers and checks again at once.
    const popup = new BroadcastChannel("esim-payment");
    const answers: unknown[] = [];
    popup.onmessage = (event) => answers.push(event.data);
    popup.postMessage({ type: "returned", paymentId: PAYMENT_ID });
    await waitFor(() => expect(answers).toContainEqual({ type: "watching", paymentId: PAYMENT_ID }));
    await waitFor(() => expect(paymentCalls(calls)).toHaveLength(2));
    expect(closeSpy).not.toHaveBeenCalled();
    popup.close();
  });

  it("closes itself when it is the payment window and another page already waits for the payment", async () => {
    const closeSpy = vi.spyOn(window, "close").mockImplementation(() => {});
    const waitingPage = new BroadcastChannel("esim-payment");
    waitingPage.onmessage = (event) => {
      if (event.data?.type === "returned")
        waitingPage.postMessage({ type: "watching", paymentId: event.data.paymentId });
    };
    paymentApi(() => "pending");
    await renderApp(`/payment-callback?paymentId=${PAYMENT_ID}`, { token: "t" });
    await waitFor(() => expect(closeSpy).toHaveBeenCalled(), { timeout: 5000 });
    waitingPage.close();
  });
});

describe.each(["android", "ios"] as const)("payment callback in the %s app", (platform) => {
  setUpAppTests();
  beforeEach(() => runAsNative(platform));
  afterEach(() => resetFakeNative());

  it("checks again at once when the in-app browser is closed", async () => {
    const { calls } = paymentApi(() => "pending");
    await renderApp(`/payment-callback?paymentId=${PAYMENT_ID}`, { token: "t" });
    await screen.findByRole("button", { name: "Actualiser" }, { timeout: 5000 });
    await waitFor(() => expect(nativeListenerCount("Browser", "browserFinished")).toBe(1));
    expect(paymentCalls(calls)).toHaveLength(1);

    emitNative("Browser", "browserFinished");
    await waitFor(() => expect(paymentCalls(calls)).toHaveLength(2));
  });
});

describe("payment results", () => {
  setUpAppTests();

  it("/success keeps every query parameter but promo and shows the order number", async () => {
    paymentApi(() => "successful");
    await renderApp(`/success?paymentId=${PAYMENT_ID}&orderId=${ORDER_ID}&promo=summer&utm_source=mail`, {
      token: "t",
    });
    expect(await screen.findByText("ES26-000123", {}, { timeout: 5000 })).toBeInTheDocument();
    expect(window.location.search).toBe(`?paymentId=${PAYMENT_ID}&orderId=${ORDER_ID}&utm_source=mail`);
    expect(window.localStorage.getItem("PROMO_CODE")).toBe("SUMMER");
    expect(screen.getByRole("link", { name: "Suivre ma commande" })).toHaveAttribute("href", `/status/${ORDER_ID}`);
  });

  it("/failure keeps every query parameter but promo and an invite's ref (kept on the device), and retries with the same cart", async () => {
    paymentApi(() => "failed", {
      [`GET /orders/${ORDER_ID}`]: () => ({
        body: { data: orderFor({ status: "rejected", quantity: 2, couponCode: "WELCOME10" }) },
      }),
    });
    await renderApp(`/failure?paymentId=${PAYMENT_ID}&orderId=${ORDER_ID}&promo=x&ref=ad&utm_source=mail`, {
      token: "t",
    });
    expect(await screen.findByRole("alert", {}, { timeout: 5000 })).toHaveTextContent(
      "Le paiement a échoué : veuillez réessayer.",
    );
    expect(window.location.search).toBe(`?paymentId=${PAYMENT_ID}&orderId=${ORDER_ID}&utm_source=mail`);
    expect(window.localStorage.getItem("REFERRAL_CODE")).toBe("AD");
    await waitFor(() =>
      expect(screen.getByRole("link", { name: "Réessayer" })).toHaveAttribute(
        "href",
        `/summary?plan=${PLAN_7_DAYS.id}&destination=TR&quantity=2&coupon=WELCOME10`,
      ),
    );
    expect(screen.getByRole("link", { name: "Contacter le support" })).toHaveAttribute(
      "href",
      "/support?order=ES26-000123",
    );
  });

  it("/success states the amount paid in DA, also for an order priced in dollars", async () => {
    paymentApi(() => "successful", {
      [`GET /orders/${ORDER_ID}`]: () => ({
        body: { data: orderFor({ currency: "USD", totalMinor: 1140, chargeDzdMinor: 153900 }) },
      }),
    });
    await renderApp(`/success?paymentId=${PAYMENT_ID}&orderId=${ORDER_ID}`, { token: "t" });
    const paid = await screen.findByText("Montant payé :", {}, { timeout: 5000 });
    expect(paid.closest("p")).toHaveTextContent("Montant payé : 1,539 DA");
    expect(screen.queryByText(/\$11\.4/)).not.toBeInTheDocument();
  });

  it("/success for a top-up says the data were added to the eSIM, with the way to it, and no install details", async () => {
    paymentApi(() => "successful", {
      [`GET /orders/${ORDER_ID}`]: () => ({ body: { data: orderFor({ kind: "top_up", topUpOf: ESIM_ID }) } }),
    });
    await renderApp(`/success?paymentId=${PAYMENT_ID}&orderId=${ORDER_ID}`, { token: "t" });
    expect(
      await screen.findByText(
        "Merci ! Les données sont ajoutées à votre eSIM actuelle : rien à réinstaller.",
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Voir mon eSIM" })).toHaveAttribute("href", `/details/${ESIM_ID}`);
    expect(screen.queryByText(/détails d’installation/)).not.toBeInTheDocument();
  });

  it("says under the plan when its days start and when to install it, in Arabic", async () => {
    paymentApi(() => "successful", {
      [`GET /orders/${ORDER_ID}`]: () => ({ body: { data: orderFor({ status: "delivered" }) } }),
    });
    await renderApp(`/status/${ORDER_ID}`, { token: "t", language: "ar" });
    expect(
      await screen.findByText("تبدأ الصلاحية عند تثبيت الشريحة: ثبّتها يوم سفرك.", {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it.each([
    ["on_hold", "Nous avons reçu votre paiement et nous le vérifions. Notre équipe vous contactera."],
    [
      "refund_due",
      "Nous vous devons un remboursement pour cette commande : son montant et la façon de le recevoir sont ci-dessous.",
    ],
  ] as const)(
    "/success for an order %s says what happens next, not that the eSIM is on its way",
    async (status, message) => {
      paymentApi(() => "successful", {
        [`GET /payments/${PAYMENT_ID}`]: () => paymentBody("successful", status),
        [`GET /orders/${ORDER_ID}`]: () => ({ body: { data: orderFor({ status }) } }),
      });
      await renderApp(`/success?paymentId=${PAYMENT_ID}&orderId=${ORDER_ID}`, { token: "t" });
      expect(await screen.findByText(message, {}, { timeout: 5000 })).toBeInTheDocument();
      expect(screen.getByRole("heading", { name: "Paiement reçu" })).toBeInTheDocument();
      expect(screen.queryByText(/Votre eSIM est en route/)).not.toBeInTheDocument();
    },
  );

  it("/failure retries a top-up for the same eSIM", async () => {
    paymentApi(() => "failed", {
      [`GET /orders/${ORDER_ID}`]: () => ({
        body: { data: orderFor({ status: "rejected", kind: "top_up", topUpOf: ESIM_ID }) },
      }),
    });
    await renderApp(`/failure?paymentId=${PAYMENT_ID}&orderId=${ORDER_ID}`, { token: "t" });
    await waitFor(
      () =>
        expect(screen.getByRole("link", { name: "Réessayer" })).toHaveAttribute(
          "href",
          `/summary?plan=${PLAN_7_DAYS.id}&destination=TR&topUpOf=${ESIM_ID}`,
        ),
      { timeout: 5000 },
    );
  });

  it("/failure offers WhatsApp with the order number, and support's page for that order", async () => {
    paymentApi(() => "failed", {
      "GET /support/config": () => ({
        body: {
          data: {
            email: "support@esim-store.dz",
            chat: null,
            whatsapp: { number: "+213555123456" },
            hours: { timeZone: "Africa/Algiers", opens: "09:00", closes: "21:00" },
          },
        },
      }),
    });
    await renderApp(`/failure?paymentId=${PAYMENT_ID}&orderId=${ORDER_ID}`, { token: "t", language: "ar" });
    const whatsapp = await screen.findByRole("link", { name: "راسلنا على واتساب" }, { timeout: 5000 });
    expect(whatsapp).toHaveAttribute(
      "href",
      `https://wa.me/213555123456?text=${encodeURIComponent("مرحبًا، طلبي رقم ES26-000123: أحتاج إلى مساعدة.")}`,
    );
    expect(screen.getByRole("link", { name: "التواصل مع الدعم" })).toHaveAttribute(
      "href",
      "/support?order=ES26-000123",
    );
  });

  it("/failure in Arabic, right to left, with a retry", async () => {
    paymentApi(() => "failed");
    await renderApp(`/failure?paymentId=${PAYMENT_ID}&orderId=${ORDER_ID}`, { token: "t", language: "ar" });
    expect(await screen.findByRole("alert", {}, { timeout: 5000 })).toHaveTextContent(
      "فشل الدفع: يرجى المحاولة مرة أخرى.",
    );
    expect(document.documentElement).toHaveAttribute("dir", "rtl");
    expect(screen.getByRole("link", { name: "إعادة المحاولة" })).toBeInTheDocument();
  });
});

describe("payment results checked with the server", () => {
  setUpAppTests();

  it("/success for a payment that failed says verifying, never success, then shows the failure", async () => {
    let answer: (status: PaymentStatus) => void = () => {};
    const answered = new Promise<PaymentStatus>((resolve) => {
      answer = resolve;
    });
    let isAnswered = false;
    paymentApi(() => (isAnswered ? "failed" : "pending"), {
      [`GET /payments/${PAYMENT_ID}`]: async () => {
        const status = await answered;
        isAnswered = true;
        return paymentBody(status, "rejected");
      },
    });
    await renderApp(`/success?paymentId=${PAYMENT_ID}&orderId=${ORDER_ID}`, { token: "t" });
    expect(await screen.findByRole("heading", { name: "Vérification du paiement" }, { timeout: 5000 })).toBeVisible();
    expect(screen.getByText(/Nous vérifions votre paiement auprès de la banque/)).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Paiement réussi" })).not.toBeInTheDocument();
    expect(screen.queryByText(/Merci !/)).not.toBeInTheDocument();

    answer("failed");
    await waitFor(() => expect(window.location.pathname).toBe("/failure"));
    expect(window.location.search).toBe(`?paymentId=${PAYMENT_ID}&orderId=${ORDER_ID}`);
    expect(await screen.findByRole("alert")).toHaveTextContent("Le paiement a échoué : veuillez réessayer.");
    expect(screen.queryByRole("heading", { name: "Paiement réussi" })).not.toBeInTheDocument();
  });

  it("/failure for a payment that succeeded shows the success", async () => {
    paymentApi(() => "successful");
    await renderApp(`/failure?paymentId=${PAYMENT_ID}&orderId=${ORDER_ID}`, { token: "t" });
    expect(await screen.findByRole("heading", { name: "Paiement réussi" }, { timeout: 5000 })).toBeInTheDocument();
    expect(window.location.pathname).toBe("/success");
    expect(window.location.search).toBe(`?paymentId=${PAYMENT_ID}&orderId=${ORDER_ID}`);
    expect(screen.queryByText("Le paiement a échoué : veuillez réessayer.")).not.toBeInTheDocument();
  });

  it.each(["/success", "/failure"])(
    "%s for a payment still pending goes to the callback page, which follows it",
    async (path) => {
      paymentApi(() => "pending");
      await renderApp(`${path}?paymentId=${PAYMENT_ID}&orderId=${ORDER_ID}&status=success`, { token: "t" });
      await waitFor(() => expect(window.location.pathname).toBe("/payment-callback"), { timeout: 5000 });
      expect(window.location.search).toBe(`?paymentId=${PAYMENT_ID}&orderId=${ORDER_ID}`);
      expect(await screen.findByText(/Paiement toujours en cours de traitement/)).toBeInTheDocument();
    },
  );

  it("says the payment could not be checked, with a retry, rather than trusting the link", async () => {
    let isDown = true;
    paymentApi(() => "successful", {
      [`GET /payments/${PAYMENT_ID}`]: () =>
        isDown ? apiError(503, "INTERNAL_ERROR") : paymentBody("successful", "confirmed"),
    });
    const { user } = await renderApp(`/success?paymentId=${PAYMENT_ID}`, { token: "t" });
    expect(
      await screen.findByRole("heading", { name: "Impossible de vérifier votre paiement" }, { timeout: 15000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Paiement réussi" })).not.toBeInTheDocument();

    isDown = false;
    await user.click(screen.getByRole("button", { name: "Réessayer" }));
    expect(await screen.findByRole("heading", { name: "Paiement réussi" })).toBeInTheDocument();
  });

  it("/success without a payment shows as before, asking nothing", async () => {
    const { calls } = paymentApi(() => "failed");
    await renderApp("/success", { token: "t" });
    expect(await screen.findByRole("heading", { name: "Paiement réussi" }, { timeout: 5000 })).toBeInTheDocument();
    expect(calls.some((call) => call.path.startsWith("/payments/"))).toBe(false);
  });
});

describe("a payment cancelled on the gateway's page", () => {
  setUpAppTests();

  it.each(["/payment-callback", "/success", "/failure"])(
    "%s goes back to the summary with the same cart and says so once, without an error",
    async (path) => {
      paymentApi(() => "canceled", {
        ...SUMMARY_HANDLERS,
        [`GET /orders/${ORDER_ID}`]: () => ({
          body: {
            data: orderFor({
              status: "rejected",
              quantity: 2,
              couponCode: "WELCOME10",
              payment: { id: PAYMENT_ID, status: "canceled", customerFeeDzdMinor: 0 },
            }),
          },
        }),
      });
      await renderApp(`${path}?paymentId=${PAYMENT_ID}&orderId=${ORDER_ID}`, { token: "t" });
      await waitFor(() => expect(window.location.pathname).toBe("/summary"), { timeout: 5000 });
      expect(window.location.search).toBe(`?plan=${PLAN_7_DAYS.id}&destination=TR&quantity=2&coupon=WELCOME10`);
      const notice = await screen.findByText(CANCELED_NOTICE);
      expect(notice.closest("[role=status]")).not.toBeNull();
      expect(screen.queryByRole("alert")).not.toBeInTheDocument();
      expect(screen.queryByText("Le paiement a échoué : veuillez réessayer.")).not.toBeInTheDocument();
      expect(await screen.findByRole("button", { name: /^Payer/ })).toBeEnabled();

      await reloadApp();
      expect(await screen.findByRole("button", { name: /^Payer/ }, { timeout: 5000 })).toBeInTheDocument();
      expect(screen.queryByText(CANCELED_NOTICE)).not.toBeInTheDocument();
    },
  );

  it("fills the form again with the billing details given for the cancelled payment", async () => {
    paymentApi(() => "canceled", {
      ...SUMMARY_HANDLERS,
      [`GET /orders/${ORDER_ID}`]: () => ({
        body: {
          data: orderFor({
            status: "rejected",
            billing: { email: "amina@example.com", name: "Amina B.", country: "FR", phone: "+33612345678" },
          }),
        },
      }),
    });
    await renderApp(`/payment-callback?paymentId=${PAYMENT_ID}`, { token: "t" });
    await waitFor(() => expect(window.location.pathname).toBe("/summary"), { timeout: 5000 });

    expect(await screen.findByLabelText("Téléphone")).toHaveValue("+33612345678");
    expect(screen.getByLabelText("Nom complet")).toHaveValue("Amina B.");
  });

  it("goes back to the top-up of the same eSIM", async () => {
    paymentApi(() => "canceled", {
      ...SUMMARY_HANDLERS,
      [`GET /orders/${ORDER_ID}`]: () => ({
        body: { data: orderFor({ status: "rejected", kind: "top_up", topUpOf: ESIM_ID }) },
      }),
    });
    await renderApp(`/failure?paymentId=${PAYMENT_ID}&orderId=${ORDER_ID}`, { token: "t" });
    await waitFor(() => expect(window.location.pathname).toBe("/summary"), { timeout: 5000 });
    expect(window.location.search).toBe(`?plan=${PLAN_7_DAYS.id}&destination=TR&topUpOf=${ESIM_ID}`);
    expect(await screen.findByText(CANCELED_NOTICE)).toBeInTheDocument();
    expect(await screen.findByText("Recharge ajoutée à votre eSIM actuelle : rien à réinstaller.")).toBeInTheDocument();
  });
});

describe("a payment the gateway reported but that does not match its order", () => {
  setUpAppTests();

  it("stops waiting and says the payment is being checked", async () => {
    paymentApi(() => "pending", {
      [`GET /payments/${PAYMENT_ID}`]: () => paymentBody("pending", "on_hold"),
      [`GET /orders/${ORDER_ID}`]: () => ({ body: { data: orderFor({ status: "on_hold" }) } }),
    });
    await renderApp(`/payment-callback?paymentId=${PAYMENT_ID}`, { token: "t" });
    await waitFor(() => expect(window.location.pathname).toBe("/success"), { timeout: 5000 });
    expect(
      await screen.findByText("Nous avons reçu votre paiement et nous le vérifions. Notre équipe vous contactera."),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe("/success");
  });
});

describe("order status", () => {
  setUpAppTests();

  it("follows the order while the eSIM is prepared, says when it takes longer, then shows the eSIMs", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let isDelivered = false;
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000).toISOString();
    paymentApi(() => "successful", {
      [`GET /orders/${ORDER_ID}`]: () => ({
        body: {
          data: isDelivered
            ? orderFor({
                status: "delivered",
                createdAt: tenMinutesAgo,
                esims: [{ id: "esim-1", iccid: "8990001234567890123", status: "New" }],
              })
            : orderFor({ status: "confirmed", createdAt: tenMinutesAgo }),
        },
      }),
    });
    await renderApp(`/status/${ORDER_ID}`, { token: "t" });
    expect(await screen.findByText(/Nous préparons votre eSIM/, {}, { timeout: 5000 })).toBeInTheDocument();
    const preparing = screen.getByText("Préparation de votre eSIM").closest("li");
    expect(preparing).toHaveAttribute("aria-current", "step");

    isDelivered = true;
    await act(async () => {
      vi.advanceTimersByTime(5000);
    });
    const esims = await screen.findByRole("region", { name: "Vos eSIM" });
    const iccid = within(esims).getByText("8990001234567890123");
    expect(iccid.tagName).toBe("BDI");
    expect(within(esims).getByRole("link")).toHaveAttribute("href", "/details/esim-1");
  });
  it.each([
    ["on_hold", "Nous avons reçu votre paiement et nous le vérifions. Notre équipe vous contactera."],
    [
      "refund_due",
      "Nous vous devons un remboursement pour cette commande : son montant et la façon de le recevoir sont ci-dessous.",
    ],
  ] as const)("says what happens to an order %s, never that the eSIM is being prepared", async (status, message) => {
    paymentApi(() => "successful", {
      [`GET /orders/${ORDER_ID}`]: () => ({ body: { data: orderFor({ status }) } }),
    });
    await renderApp(`/status/${ORDER_ID}`, { token: "t" });
    expect(await screen.findByText(message, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText(/Préparation de votre eSIM|Nous préparons votre eSIM/)).not.toBeInTheDocument();
  });
});
