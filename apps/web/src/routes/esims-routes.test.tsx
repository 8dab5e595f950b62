import type { EsimDetail, EsimSummary } from "@esim/shared/esims/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ALGERIA, ORDER_ID, PLAN_7_DAYS, TURKEY } from "../test/buying-fixtures.ts";
import { apiError, fakeApi, SIGNED_IN_HANDLERS } from "../test/fake-api.ts";
import { disposeApp, renderApp, setUpAppTests } from "../test/render-app.tsx";

type Handlers = Parameters<typeof fakeApi>[0];

const ESIM_ID = "0b7c5a1e-8f3d-4c2a-9e6b-1d2f3a4b5c6d";
const TOP_UP_PLAN = {
  ...PLAN_7_DAYS,
  id: "5d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a",
  name: "Turkey 1GB top-up",
  dataMb: 1024,
};
const EXPIRED_ID = "1c8d6b2f-9a4e-4d3b-8f7c-2e3a4b5c6d7e";
const GB = 1024 * 1024 * 1024;

const summary = (overrides: Partial<EsimSummary> = {}): EsimSummary => ({
  id: ESIM_ID,
  status: "New",
  group: "available",
  iccid: "8943108170000012345",
  destination: TURKEY,
  plan: { name: "Turkey 1GB 7 days", dataMb: 1024, isUnlimited: false, validityDays: 7, validityStart: "installation" },
  dataTotalBytes: GB,
  dataUsedBytes: GB / 4,
  dataRemainingBytes: (GB * 3) / 4,
  usageUpdatedAt: "2026-11-21T13:05:00Z",
  expiresAt: "2026-11-28T13:05:00Z",
  activateBefore: "2027-05-21T13:05:00Z",
  isInstalled: false,
  supportsTopUp: true,
  canTopUp: true,
  ...overrides,
});

const detail = (overrides: Partial<EsimDetail> = {}): EsimDetail => ({
  ...summary(),
  orderId: ORDER_ID,
  orderNumber: "ES26-000123",
  apn: "internet",
  bundles: [
    {
      id: "b1",
      kind: "new",
      orderId: ORDER_ID,
      orderNumber: "ES26-000123",
      planName: "Turkey 1GB 7 days",
      dataMb: 1024,
      isUnlimited: false,
      validityDays: 7,
      appliedAt: "2026-11-20T10:00:00Z",
    },
  ],
  cancellation: { isAvailable: false, unavailableReason: "window_passed", availableUntil: null, request: null },
  ...overrides,
});

const INSTALL = {
  activationCode: "LPA:1$rsp.example.com$MATCH-123",
  smdpAddress: "rsp.example.com",
  matchingId: "MATCH-123",
  iosInstallUrl: "https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=LPA%3A1%24rsp.example.com%24MATCH-123",
  androidInstallUrl:
    "https://esimsetup.android.com/esim_qrcode_provisioning?carddata=LPA%3A1%24rsp.example.com%24MATCH-123",
};

const IPHONE_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const ANDROID_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";

function signedInApi(overrides: Handlers = {}) {
  return fakeApi({
    ...SIGNED_IN_HANDLERS,
    [`GET /esims/${ESIM_ID}`]: () => ({ body: { data: detail() } }),
    [`GET /esims/${ESIM_ID}/topups`]: () => ({ body: { data: [TOP_UP_PLAN] } }),
    ...overrides,
  });
}

function useUserAgent(userAgent: string) {
  vi.spyOn(window.navigator, "userAgent", "get").mockReturnValue(userAgent);
}

async function typePin(user: { click: (element: Element) => Promise<void> }, pin: string) {
  for (const digit of pin) await user.click(screen.getByRole("button", { name: digit }));
}

describe("my eSIMs", () => {
  setUpAppTests();

  it("lists available and expired eSIMs with plan, data left, usage time and expiry", async () => {
    signedInApi({
      "GET /esims": () => ({
        body: {
          data: {
            available: [summary()],
            expired: [
              summary({
                id: EXPIRED_ID,
                status: "Depleted",
                group: "expired",
                destination: ALGERIA,
                dataRemainingBytes: 0,
                dataUsedBytes: GB,
                expiresAt: "2026-10-01T10:00:00Z",
              }),
            ],
          },
        },
      }),
    });
    await renderApp("/esims", { token: "t", language: "en" });
    const available = await screen.findByRole("region", { name: "Available" });
    expect(within(available).getByText(TURKEY.names.en)).toBeInTheDocument();
    expect(within(available).getByText("1 GB · 7 days")).toBeInTheDocument();
    expect(within(available).getByText("768 MB left of 1 GB")).toBeInTheDocument();
    expect(within(available).getByText("Usage updated at 21/11/2026 14:05")).toBeInTheDocument();
    expect(within(available).getByText("Expires on 28/11/2026")).toBeInTheDocument();
    expect(within(available).getByRole("link")).toHaveAttribute("href", `/details/${ESIM_ID}`);

    const expired = screen.getByRole("region", { name: "Expired" });
    expect(within(expired).getByText(ALGERIA.names.en)).toBeInTheDocument();
    expect(within(expired).getByText("Expired on 01/10/2026")).toBeInTheDocument();
    expect(within(expired).getByRole("link")).toHaveAttribute("href", `/details/${EXPIRED_ID}`);
  });

  it("shows the list of the last visit at once, saying when it was fetched, while the network has not answered", async () => {
    const savedAt = Date.parse("2026-11-21T13:05:00Z");
    window.localStorage.setItem(
      "LAST_ESIMS_VIEW",
      JSON.stringify({ language: "fr", savedAt, data: { available: [summary()], expired: [] }, html: "<p></p>" }),
    );
    // A slow line: the refresh has not answered yet.
    const { calls } = signedInApi({ "GET /esims": () => new Promise<never>(() => {}) });
    await renderApp("/esims", { token: "t", language: "fr" });
    const available = await screen.findByRole("region", { name: "Disponibles" });
    expect(within(available).getByText(TURKEY.names.fr)).toBeInTheDocument();
    expect(within(available).getByRole("link")).toHaveAttribute("href", `/details/${ESIM_ID}`);
    expect(screen.getByText("Mise à jour à 21/11/2026 14:05 · actualisation…")).toBeInTheDocument();
    // The refresh is asked for; the app starts its query client beside the first render, so it may follow it.
    await waitFor(() => expect(calls.some((call) => call.path === "/esims")).toBe(true));
  });

  it("asks for the list again even when the last visit's was fetched seconds ago: a state may have moved since", async () => {
    window.localStorage.setItem(
      "LAST_ESIMS_VIEW",
      JSON.stringify({
        language: "fr",
        savedAt: Date.now() - 5_000,
        data: { available: [summary()], expired: [] },
        html: "<p></p>",
      }),
    );
    const { calls } = signedInApi({ "GET /esims": () => new Promise<never>(() => {}) });
    await renderApp("/esims", { token: "t", language: "fr" });
    await screen.findByRole("region", { name: "Disponibles" });
    await waitFor(() => expect(calls.some((call) => call.path === "/esims")).toBe(true));
    expect(screen.getByText(/actualisation…$/)).toBeInTheDocument();
  });

  it("keeps a fetched list for the next visit as drawn, with when it was fetched, and says nothing old of it", async () => {
    signedInApi({ "GET /esims": () => ({ body: { data: { available: [summary()], expired: [] } } }) });
    await renderApp("/esims", { token: "t", language: "en" });
    await screen.findByRole("region", { name: "Available" });
    expect(screen.queryByText(/^Updated at/)).not.toBeInTheDocument();
    await waitFor(() => expect(window.localStorage.getItem("LAST_ESIMS_VIEW")).not.toBeNull());
    const kept = JSON.parse(window.localStorage.getItem("LAST_ESIMS_VIEW")!);
    expect(kept.language).toBe("en");
    expect(kept.data.available[0].id).toBe(ESIM_ID);
    expect(Date.now() - kept.savedAt).toBeLessThan(60_000);
    expect(kept.html).toContain(`href="/details/${ESIM_ID}"`);
    expect(kept.html).toMatch(/Updated at \d{2}:\d{2} · refreshing…/);
  });

  it("has an empty state leading to the destinations", async () => {
    signedInApi({ "GET /esims": () => ({ body: { data: { available: [], expired: [] } } }) });
    const { user } = await renderApp("/esims", { token: "t", language: "fr" });
    expect(await screen.findByRole("heading", { name: "Aucune eSIM pour l’instant" })).toBeInTheDocument();
    await user.click(screen.getByRole("link", { name: "Trouver une destination" }));
    await waitFor(() => expect(window.location.pathname).toBe("/home"));
  });
});

describe("eSIM details", () => {
  setUpAppTests();

  it("offers WhatsApp with the eSIM's order number typed in, in French", async () => {
    signedInApi({
      [`GET /esims/${ESIM_ID}`]: () => ({ body: { data: detail() } }),
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
    await renderApp(`/details/${ESIM_ID}`, { token: "t", language: "fr" });
    expect(await screen.findByRole("link", { name: "Écrire sur WhatsApp" })).toHaveAttribute(
      "href",
      "https://wa.me/213555123456?text=Bonjour%2C%20ma%20commande%20ES26-000123%20%3A%20j'ai%20besoin%20d'aide.",
    );
  });

  it("explains the status in plain words and shows ICCID, dates, bundles, order and top-up", async () => {
    signedInApi({ [`GET /esims/${ESIM_ID}`]: () => ({ body: { data: detail({ status: "Onboard" }) } }) });
    await renderApp(`/details/${ESIM_ID}`, { token: "t", language: "fr" });
    expect(await screen.findByText("sur votre téléphone, pas encore utilisée.")).toBeInTheDocument();
    expect(screen.getByText("Installée")).toBeInTheDocument();
    expect(screen.queryByText("Onboard")).not.toBeInTheDocument();
    expect(screen.getByText("8943108170000012345").tagName).toBe("BDI");
    expect(screen.getByText("21/05/2027")).toBeInTheDocument();
    expect(screen.getByText("Consommation mise à jour le 21/11/2026 14:05")).toBeInTheDocument();
    const bundles = screen.getByRole("region", { name: "Forfaits de cette eSIM" });
    expect(bundles).toHaveTextContent("Forfait initial");
    // Our own name in the reader's language, never the upstream's English one.
    expect(bundles).toHaveTextContent("Turquie · 1 Go · 7 jours");
    expect(bundles).not.toHaveTextContent("Turkey 1GB 7 days");
    const orderLinks = screen.getAllByRole("link", { name: "ES26-000123" });
    expect(orderLinks[0]).toHaveAttribute("href", `/status/${ORDER_ID}`);
    const topUps = await screen.findByRole("region", { name: "Recharger cette eSIM" });
    const choose = await within(topUps).findByRole("link", { name: /^Choisir ce forfait – 1 Go/ });
    expect(choose).toHaveAttribute("href", `/cart?plan=${TOP_UP_PLAN.id}&destination=TR&topUpOf=${ESIM_ID}`);
    expect(topUps).toHaveTextContent(/1.490 DA/);
  });

  it("offers no top-up for an eSIM that cannot take one", async () => {
    const { calls } = signedInApi({
      [`GET /esims/${ESIM_ID}`]: () => ({ body: { data: detail({ canTopUp: false, status: "Depleted" }) } }),
    });
    await renderApp(`/details/${ESIM_ID}`, { token: "t", language: "en" });
    expect(await screen.findByText("8943108170000012345")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Top up this eSIM" })).not.toBeInTheDocument();
    expect(calls.some((call) => call.path.endsWith("/topups"))).toBe(false);
  });

  it("downloads the order's invoice in the screen's language, named by the order number", async () => {
    const { calls } = signedInApi({
      [`GET /orders/${ORDER_ID}/invoice`]: () => ({ body: "%PDF-1.7", headers: { "content-type": "application/pdf" } }),
    });
    const createObjectURL = vi.fn((_file: Blob) => "blob:invoice");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const { user } = await renderApp(`/details/${ESIM_ID}`, { token: "t", language: "ar" });
    await user.click(await screen.findByRole("button", { name: "تنزيل الفاتورة (PDF)" }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]!.download).toBe("ES26-000123.pdf");
    expect(createObjectURL.mock.calls[0]?.[0].type).toBe("application/pdf");
    const call = calls.find((item) => item.path === `/orders/${ORDER_ID}/invoice`);
    expect(call?.url.searchParams.get("lang")).toBe("ar");
    expect(call?.headers.get("authorization")).toBe("Bearer t");
  });

  it("asks to cancel an unused eSIM with a reason after a confirmation, then shows the request", async () => {
    let cancellation = {
      isAvailable: true,
      unavailableReason: null,
      availableUntil: "2026-11-22T10:00:00Z",
      request: null,
    } as ReturnType<typeof detail>["cancellation"];
    const { calls } = signedInApi({
      [`GET /esims/${ESIM_ID}`]: () => ({ body: { data: detail({ cancellation }) } }),
      [`POST /esims/${ESIM_ID}/cancellation`]: () => {
        cancellation = {
          isAvailable: false,
          unavailableReason: null,
          availableUntil: "2026-11-22T10:00:00Z",
          request: {
            status: "pending",
            requestedAt: "2026-11-21T12:00:00Z",
            decidedAt: null,
            refusalReason: null,
            refundDzdMinor: 154000,
          },
        };
        return { body: { data: cancellation } };
      },
    });
    const { user } = await renderApp(`/details/${ESIM_ID}`, { token: "t", language: "fr" });
    const section = await screen.findByRole("region", { name: "Annuler cette eSIM" });
    expect(section).toHaveTextContent("Possible jusqu’au 22/11/2026 11:00.");
    await user.type(within(section).getByLabelText("Motif (facultatif)"), "Voyage annulé");
    await user.click(within(section).getByRole("button", { name: "Demander l’annulation" }));
    const dialog = await screen.findByRole("dialog", { name: "Annuler cette eSIM\u00a0?" });
    await user.click(within(dialog).getByRole("button", { name: "Demander l’annulation" }));
    expect(await within(section).findByText(/^Demande envoyée le 21\/11\/2026 13:00/)).toBeInTheDocument();
    expect(calls.find((call) => call.path.endsWith("/cancellation"))?.body).toEqual({ reason: "Voyage annulé" });
  });

  it("says why cancellation is not offered, and shows a refusal's reason in Arabic", async () => {
    signedInApi({
      [`GET /esims/${ESIM_ID}`]: () => ({
        body: {
          data: detail({
            cancellation: { isAvailable: false, unavailableReason: "installed", availableUntil: null, request: null },
          }),
        },
      }),
    });
    await renderApp(`/details/${ESIM_ID}`, { token: "t", language: "fr" });
    const section = await screen.findByRole("region", { name: "Annuler cette eSIM" });
    expect(section).toHaveTextContent("Cette eSIM a déjà été installée : elle ne peut plus être annulée.");
    expect(within(section).queryByRole("button")).not.toBeInTheDocument();
    disposeApp();

    signedInApi({
      [`GET /esims/${ESIM_ID}`]: () => ({
        body: {
          data: detail({
            cancellation: {
              isAvailable: false,
              unavailableReason: null,
              availableUntil: null,
              request: {
                status: "refused",
                requestedAt: "2026-11-21T12:00:00Z",
                decidedAt: "2026-11-21T13:00:00Z",
                refusalReason: "تم تنزيل الشريحة",
                refundDzdMinor: 154000,
              },
            },
          }),
        },
      }),
    });
    await renderApp(`/details/${ESIM_ID}`, { token: "t", language: "ar" });
    const arabic = await screen.findByRole("region", { name: "إلغاء هذه الشريحة" });
    expect(arabic).toHaveTextContent("تم رفض الإلغاء.");
    expect(arabic).toHaveTextContent("السبب: تم تنزيل الشريحة");
  });

  it("explains the other statuses in English and Arabic", async () => {
    signedInApi({ [`GET /esims/${ESIM_ID}`]: () => ({ body: { data: detail({ status: "In Use" }) } }) });
    await renderApp(`/details/${ESIM_ID}`, { token: "t", language: "ar" });
    expect(await screen.findByText("مثبتة وتستهلك البيانات.")).toBeInTheDocument();
    expect(screen.getByText("قيد الاستخدام")).toBeInTheDocument();
    expect(screen.queryByText("In Use")).not.toBeInTheDocument();
  });

  it("hides the install section once installed, with a link to show it again", async () => {
    signedInApi({
      [`GET /esims/${ESIM_ID}`]: () => ({ body: { data: detail({ status: "In Use", isInstalled: true }) } }),
    });
    const { user } = await renderApp(`/details/${ESIM_ID}`, { token: "t", language: "en" });
    expect(await screen.findByText("This eSIM is installed on a phone.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Show the install codes" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Show the install codes again" }));
    expect(screen.getByRole("button", { name: "Show the install codes" })).toBeInTheDocument();
  });

  it("sets the PIN on first use (twice), then shows the QR code unmirrored in Arabic and the Android code", async () => {
    useUserAgent(ANDROID_UA);
    let isSet = false;
    const { calls } = signedInApi({
      "GET /profile/pin": () => ({ body: { data: { isSet, isBlocked: false, attemptsLeft: 4 } } }),
      "PUT /profile/pin": () => {
        isSet = true;
        return { body: { data: { isSet: true, isBlocked: false, attemptsLeft: 4 } } };
      },
      [`POST /esims/${ESIM_ID}/install`]: () => ({ body: { data: INSTALL } }),
    });
    const { user } = await renderApp(`/details/${ESIM_ID}`, { token: "t", language: "ar" });
    await user.click(await screen.findByRole("button", { name: "عرض رموز التثبيت" }));

    expect(await screen.findByText("اختر رمز PIN من 4 أرقام")).toBeInTheDocument();
    await typePin(user, "1234");
    await user.click(screen.getByRole("button", { name: "متابعة" }));
    // A mismatch starts over.
    await typePin(user, "9999");
    await user.click(screen.getByRole("button", { name: "تأكيد" }));
    expect(screen.getByRole("alert")).toHaveTextContent("رمزا PIN مختلفان");
    await typePin(user, "1234");
    await user.click(screen.getByRole("button", { name: "متابعة" }));
    expect(screen.getByText("أدخل رمز PIN نفسه مرة أخرى")).toBeInTheDocument();
    await typePin(user, "1234");
    await user.click(screen.getByRole("button", { name: "تأكيد" }));

    const qr = await screen.findByTestId("install-qr");
    expect(qr).toHaveAttribute("dir", "ltr");
    expect(qr.className).not.toMatch(/rtl:|scale-x/);
    expect(await within(qr).findByRole("img", { name: "رمز QR لتثبيت الشريحة" })).toHaveAttribute(
      "src",
      expect.stringMatching(/^data:image\/svg\+xml/),
    );
    expect(screen.getByText(INSTALL.activationCode)).toBeInTheDocument();
    expect(screen.queryByText(INSTALL.matchingId, { exact: true })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "ثبّت الشريحة" })).toHaveAttribute("href", INSTALL.androidInstallUrl);
    expect(screen.getByText(/تعمل الرموز مرة واحدة فقط/)).toBeInTheDocument();

    expect(calls.find((call) => call.method === "PUT")?.body).toEqual({ pin: "1234" });
    expect(calls.find((call) => call.path === `/esims/${ESIM_ID}/install`)?.body).toEqual({ pin: "1234" });
  });

  it("counts wrong PINs from the server, blocks at the limit and leads to the reset", async () => {
    useUserAgent(IPHONE_UA);
    let attemptsLeft = 4;
    let isBlocked = false;
    signedInApi({
      "GET /profile/pin": () => ({ body: { data: { isSet: true, isBlocked, attemptsLeft } } }),
      [`POST /esims/${ESIM_ID}/install`]: ({ body }) => {
        if (isBlocked) return apiError(423, "PIN_BLOCKED");
        if ((body as { pin: string }).pin === "2468") return { body: { data: INSTALL } };
        attemptsLeft -= 1;
        if (attemptsLeft === 0) {
          isBlocked = true;
          return apiError(423, "PIN_BLOCKED");
        }
        return apiError(400, "PIN_INVALID");
      },
    });
    const { user } = await renderApp(`/details/${ESIM_ID}`, { token: "t", language: "en" });
    await user.click(await screen.findByRole("button", { name: "Show the install codes" }));
    expect(await screen.findByText("Enter your PIN")).toBeInTheDocument();

    await typePin(user, "1111");
    await user.click(screen.getByRole("button", { name: "Confirm" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Incorrect PIN");
    expect(await screen.findByText("3 attempts left")).toBeInTheDocument();

    // Two more went wrong elsewhere: the next wrong PIN is the last one.
    attemptsLeft = 1;
    await waitFor(() => expect(screen.queryByRole("alert")).not.toBeInTheDocument(), { timeout: 4000 });
    await typePin(user, "1111");
    await user.click(screen.getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("PIN blocked. Please contact support.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "5" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Confirm" })).toBeDisabled();

    // "Forgot" leads to the reset.
    await user.click(screen.getByRole("button", { name: "Forgot" }));
    await waitFor(() => expect(window.location.pathname).toBe("/reset-password"));
  }, 15_000);

  it("shows the one-tap link and the SM-DP+ address and activation code separately on an iPhone", async () => {
    useUserAgent(IPHONE_UA);
    signedInApi({
      "GET /profile/pin": () => ({ body: { data: { isSet: true, isBlocked: false, attemptsLeft: 4 } } }),
      [`POST /esims/${ESIM_ID}/install`]: () => ({ body: { data: INSTALL } }),
    });
    const { user } = await renderApp(`/details/${ESIM_ID}`, { token: "t", language: "en" });
    await user.click(await screen.findByRole("button", { name: "Show the install codes" }));
    await screen.findByText("Enter your PIN");
    await typePin(user, "2468");
    await user.click(screen.getByRole("button", { name: "Confirm" }));

    expect(await screen.findByRole("link", { name: "Install the eSIM" })).toHaveAttribute(
      "href",
      INSTALL.iosInstallUrl,
    );
    expect(screen.getByText(INSTALL.smdpAddress)).toBeInTheDocument();
    expect(screen.getByText(INSTALL.matchingId)).toBeInTheDocument();
    expect(screen.queryByText(INSTALL.activationCode)).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Copy SM-DP+ address" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Copy Activation code" })).toBeInTheDocument();
    expect(await screen.findByRole("img", { name: "QR code to install the eSIM" })).toBeInTheDocument();
  });
});

describe("an eSIM whose days have not started", () => {
  setUpAppTests();

  const notStarted = (validityStart: "installation" | "first_connection") =>
    detail({
      status: "New",
      expiresAt: null,
      plan: { ...summary().plan, validityStart },
    });

  it("shows no end date, only how long it lasts and the date to install it by, in French", async () => {
    signedInApi({ [`GET /esims/${ESIM_ID}`]: () => ({ body: { data: notStarted("first_connection") } }) });
    await renderApp(`/details/${ESIM_ID}`, { token: "t", language: "fr" });
    expect(await screen.findByText("Dure 7 jours une fois démarrée.")).toBeInTheDocument();
    expect(
      screen.getByText(
        "La validité démarre à la première connexion de l’eSIM à un réseau de votre destination : installez-la avant de partir, avant le 21/05/2027.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByText("À installer avant le")).toBeInTheDocument();
    expect(screen.queryByText("Expire le")).not.toBeInTheDocument();
    expect(screen.queryByText(/28\/11\/2026/)).not.toBeInTheDocument();
  });

  it("tells to install an installation plan on the day of departure, in Arabic", async () => {
    signedInApi({ [`GET /esims/${ESIM_ID}`]: () => ({ body: { data: notStarted("installation") } }) });
    await renderApp(`/details/${ESIM_ID}`, { token: "t", language: "ar" });
    expect(await screen.findByText("تدوم 7 أيام بعد بدئها.")).toBeInTheDocument();
    expect(
      screen.getByText("تبدأ الصلاحية عند تثبيت الشريحة: ثبّتها يوم سفرك، في موعد أقصاه 21/05/2027."),
    ).toBeInTheDocument();
    expect(screen.queryByText("تنتهي في")).not.toBeInTheDocument();
  });

  it("says the same in My eSIMs instead of an end date", async () => {
    signedInApi({
      "GET /esims": () => ({ body: { data: { available: [summary({ expiresAt: null })], expired: [] } } }),
    });
    await renderApp("/esims", { token: "t", language: "en" });
    expect(
      await screen.findByText(
        "Lasts 7 days once started. Install it on the day you leave, by 21/05/2027 at the latest.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Expires on/)).not.toBeInTheDocument();
  });
});

describe("PIN reset", () => {
  setUpAppTests();

  it("emails a code, then takes the 6-digit code and the new PIN twice", async () => {
    let codeTries = 0;
    const { calls } = signedInApi({
      "POST /profile/pin/reset/code": () => ({ body: { data: { sent: true, resendAfterSeconds: 60 } } }),
      "POST /profile/pin/reset": ({ body }) => {
        codeTries += 1;
        if ((body as { code: string }).code !== "654321") return apiError(400, "CODE_INVALID");
        return { body: { data: { isSet: true, isBlocked: false, attemptsLeft: 4 } } };
      },
    });
    const { user } = await renderApp("/reset-password", { token: "t", language: "en" });
    await user.click(await screen.findByRole("button", { name: "Email me a code" }));
    expect(await screen.findByText("Enter the 6-digit code we sent to your email.")).toBeInTheDocument();
    expect(screen.getAllByRole("textbox")).toHaveLength(6);
    expect(screen.getByRole("button", { name: "Continue" })).toBeDisabled();

    // A wrong code comes back to the code step with the error.
    await user.type(screen.getByRole("textbox", { name: "Digit 1 of 6" }), "111111");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await typePin(user, "4321");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await typePin(user, "4321");
    await user.click(screen.getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("That code is not right. Check it and try again.")).toBeInTheDocument();
    expect(screen.getAllByRole("textbox")).toHaveLength(6);

    await user.type(screen.getByRole("textbox", { name: "Digit 1 of 6" }), "654321");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await typePin(user, "4321");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await typePin(user, "4321");
    await user.click(screen.getByRole("button", { name: "Confirm" }));

    expect(await screen.findByText("Your new PIN is saved.")).toBeInTheDocument();
    expect(codeTries).toBe(2);
    expect(calls.filter((call) => call.path === "/profile/pin/reset").at(-1)?.body).toEqual({
      code: "654321",
      pin: "4321",
    });
    expect(screen.getByRole("link", { name: "Go to my eSIMs" })).toHaveAttribute("href", "/esims");
  }, 15_000);
});

describe("eSIM details, ordered by the eSIM's state", () => {
  setUpAppTests();

  /** The eSIM's page with its "It doesn't work" card (no claim yet). */
  function detailsApi(overrides: Partial<EsimDetail>) {
    return signedInApi({
      [`GET /esims/${ESIM_ID}`]: () => ({ body: { data: detail(overrides) } }),
      [`GET /esims/${ESIM_ID}/claims`]: () => ({
        body: {
          data: { apn: "internet", networks: [{ country: "TR", operator: "Turkcell", networkType: "4G" }], claims: [] },
        },
      }),
    });
  }

  /** The page's section titles, top to bottom. */
  const headings = () =>
    within(screen.getByRole("main"))
      .getAllByRole("heading", { level: 2 })
      .map((heading) => heading.textContent);
  const before = (first: string, second: string) => {
    const titles = headings();
    expect(titles).toContain(first);
    expect(titles).toContain(second);
    expect(titles.indexOf(first)).toBeLessThan(titles.indexOf(second));
  };
  const isAbove = (first: Element, second: Element) =>
    Boolean(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING);

  it("before install: installing comes first, the network guide, technical details and history folded", async () => {
    detailsApi({ status: "New", isInstalled: false });
    await renderApp(`/details/${ESIM_ID}`, { token: "t", language: "fr" });
    await screen.findByRole("heading", { name: "Ça ne marche pas ?", level: 2 });
    expect(headings()[0]).toBe("Installation");
    before("Installation", "Ça ne marche pas ?");
    before("Ça ne marche pas ?", "Réglages réseau");
    for (const title of ["Réglages réseau", "Détails techniques", "Forfaits de cette eSIM"]) {
      const folded = screen.getByRole("heading", { name: title, level: 2 }).closest("details");
      expect(folded, title).not.toBeNull();
      expect(folded?.open, title).toBe(false);
    }
    // What the folded cards hold stays on the page, out of the way: the ICCID and the order.
    const technical = screen.getByRole("heading", { name: "Détails techniques" }).closest("details")!;
    expect(within(technical).getByText("8943108170000012345")).toBeInTheDocument();
    expect(within(technical).getByRole("link", { name: "ES26-000123" })).toHaveAttribute("href", `/status/${ORDER_ID}`);
  });

  it("in use: data left, then topping up and asking someone to pay, before help and the install card", async () => {
    detailsApi({ status: "In Use", isInstalled: true });
    await renderApp(`/details/${ESIM_ID}`, { token: "t", language: "fr" });
    await screen.findByRole("heading", { name: "Ça ne marche pas ?", level: 2 });
    const topUp = await screen.findByRole("heading", { name: "Recharger cette eSIM", level: 2 });
    await screen.findByRole("heading", { name: "Demander à quelqu’un de payer", level: 2 });
    expect(isAbove(screen.getByText("elle se connecte et consomme des données."), topUp)).toBe(true);
    expect(isAbove(screen.getByText(/768 Mo/), topUp)).toBe(true);
    expect(headings()[0]).toBe("Recharger cette eSIM");
    before("Recharger cette eSIM", "Demander à quelqu’un de payer");
    before("Demander à quelqu’un de payer", "Ça ne marche pas ?");
    before("Ça ne marche pas ?", "Installation");
    before("Installation", "Réglages réseau");
    expect(screen.getByRole("heading", { name: "Réglages réseau" }).closest("details")?.open).toBe(false);
  });

  it('a problem (suspended): "it doesn\'t work" comes first, the rest below it', async () => {
    detailsApi({ status: "Suspended", isInstalled: true, canTopUp: false });
    await renderApp(`/details/${ESIM_ID}`, { token: "t", language: "fr" });
    const help = await screen.findByRole("heading", { name: "Ça ne marche pas ?", level: 2 });
    expect(headings()[0]).toBe("Ça ne marche pas ?");
    expect(isAbove(help, screen.getByText(/par le réseau, elle ne peut pas se connecter/))).toBe(true);
    before("Ça ne marche pas ?", "Installation");
  });

  it("opens a folded card by its title, which the keyboard reaches", async () => {
    signedInApi();
    const { user } = await renderApp(`/details/${ESIM_ID}`, { token: "t", language: "en" });
    const title = await screen.findByRole("heading", { name: "Technical details", level: 2 });
    const folded = title.closest("details")!;
    const summary = folded.querySelector("summary")!;
    expect(summary.contains(title)).toBe(true);
    expect(summary.tabIndex).toBe(0);
    await user.click(summary);
    expect(folded.open).toBe(true);
  });
});
