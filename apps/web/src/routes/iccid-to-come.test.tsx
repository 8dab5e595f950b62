import type { AdminOrderDetail } from "@esim/shared/admin/orders-contract";
import type { EsimDetail } from "@esim/shared/esims/contracts";
import { ADMIN_API_BASE_PATH } from "@esim/shared/http";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ADMIN_TOKEN_KEY } from "../features/admin/operator-session.ts";
import { ORDER_ID, orderFor, TURKEY } from "../test/buying-fixtures.ts";
import { fakeApi, SIGNED_IN_HANDLERS } from "../test/fake-api.ts";
import { renderApp, setUpAppTests } from "../test/render-app.tsx";

// eSIM Access may deliver a new eSIM without its ICCID (documented as optional in esim/query); the activation code
// installs it, and the ICCID comes later. Meanwhile every screen says "ICCID à venir" and offers nothing empty.

const ESIM_ID = "0b7c5a1e-8f3d-4c2a-9e6b-1d2f3a4b5c6d";
const A = ADMIN_API_BASE_PATH;
const ANDROID_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
const INSTALL = {
  activationCode: "LPA:1$rsp.example.com$MATCH-123",
  smdpAddress: "rsp.example.com",
  matchingId: "MATCH-123",
  iosInstallUrl: "https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=LPA%3A1%24rsp.example.com%24MATCH-123",
  androidInstallUrl:
    "https://esimsetup.android.com/esim_qrcode_provisioning?carddata=LPA%3A1%24rsp.example.com%24MATCH-123",
};

const esimWithoutIccid: EsimDetail = {
  id: ESIM_ID,
  status: "New",
  group: "available",
  iccid: null,
  destination: TURKEY,
  plan: { name: "Turkey 1GB 7 days", dataMb: 1024, isUnlimited: false, validityDays: 7, validityStart: "installation" },
  dataTotalBytes: 1024 * 1024 * 1024,
  dataUsedBytes: 0,
  dataRemainingBytes: 1024 * 1024 * 1024,
  usageUpdatedAt: null,
  expiresAt: null,
  activateBefore: "2027-05-21T13:05:00Z",
  isInstalled: false,
  supportsTopUp: false,
  canTopUp: false,
  orderId: ORDER_ID,
  orderNumber: "ES26-000123",
  apn: "internet",
  bundles: [],
  cancellation: { isAvailable: false, unavailableReason: "window_passed", availableUntil: null, request: null },
};

/** The definition beside a term of the eSIM's facts (its <dt> and <dd>). */
function factOf(term: string) {
  const label = screen.getAllByText(term).find((element) => element.tagName === "DT");
  return label!.nextElementSibling as HTMLElement;
}

describe("an eSIM whose ICCID is still to come", () => {
  setUpAppTests();

  it("says so on its details in French, and still installs with the QR code and the activation code", async () => {
    vi.spyOn(window.navigator, "userAgent", "get").mockReturnValue(ANDROID_UA);
    fakeApi({
      ...SIGNED_IN_HANDLERS,
      [`GET /esims/${ESIM_ID}`]: () => ({ body: { data: esimWithoutIccid } }),
      "GET /profile/pin": () => ({ body: { data: { isSet: true, isBlocked: false, attemptsLeft: 4 } } }),
      [`POST /esims/${ESIM_ID}/install`]: () => ({ body: { data: INSTALL } }),
    });
    const { user } = await renderApp(`/details/${ESIM_ID}`, { token: "t", language: "fr" });
    await screen.findByText("Turquie");
    const iccid = factOf("ICCID");
    expect(iccid).toHaveTextContent(/^À venir$/);
    expect(iccid.querySelector("bdi")).toBeNull();
    expect(document.body).not.toHaveTextContent("null");

    await user.click(screen.getByRole("button", { name: "Afficher les codes d’installation" }));
    for (const digit of "1234") await user.click(await screen.findByRole("button", { name: digit }));
    await user.click(screen.getByRole("button", { name: "Confirmer" }));
    expect(await screen.findByTestId("install-qr")).toBeInTheDocument();
    expect(screen.getByText(INSTALL.activationCode)).toBeInTheDocument();
    for (const copy of screen.getAllByRole("button", { name: /^Copier/ })) {
      expect(copy.closest("div")?.querySelector("output")?.textContent).not.toBe("");
    }
  }, 15_000);

  it("says so in Arabic, in the page's right-to-left direction", async () => {
    fakeApi({ ...SIGNED_IN_HANDLERS, [`GET /esims/${ESIM_ID}`]: () => ({ body: { data: esimWithoutIccid } }) });
    await renderApp(`/details/${ESIM_ID}`, { token: "t", language: "ar" });
    await screen.findByText(TURKEY.names.ar);
    const iccid = factOf("ICCID");
    expect(iccid).toHaveTextContent(/^سيُضاف لاحقًا$/);
    expect(iccid.closest("[dir=ltr]")).toBeNull();
    expect(document.documentElement).toHaveAttribute("dir", "rtl");
  });

  it.each([
    ["fr", "Vos eSIM", "ICCID", "À venir"],
    ["ar", "شرائحك", "رقم ICCID", "سيُضاف لاحقًا"],
  ] as const)("is listed on its order's page (%s) with the ICCID to come", async (language, heading, label, words) => {
    const delivered = orderFor({ status: "delivered", esims: [{ id: ESIM_ID, iccid: null, status: "New" }] });
    fakeApi({ ...SIGNED_IN_HANDLERS, [`GET /orders/${ORDER_ID}`]: () => ({ body: { data: delivered } }) });
    await renderApp(`/status/${ORDER_ID}`, { token: "t", language });
    const esims = await screen.findByRole("region", { name: heading }, { timeout: 5000 });
    const link = within(esims).getByRole("link");
    expect(link).toHaveAttribute("href", `/details/${ESIM_ID}`);
    expect(within(link).getByText(label)).toBeInTheDocument();
    expect(within(link).getByText(words).closest("bdi")).toBeNull();
  });
});

const esimInConsole: AdminOrderDetail["esims"][number] = {
  id: "5b0c3c7e-1f7a-4e55-8d4e-2f0a9b1c7d11",
  iccid: null,
  status: "New",
  dataUsedBytes: 0,
  dataTotalBytes: 5 * 1024 * 1024 * 1024,
  usageUpdatedAt: null,
  isCancellable: true,
};

const deliveredOrder: AdminOrderDetail = {
  number: "ES26-000042",
  status: "delivered",
  rejectedBy: null,
  kind: "new",
  attention: null,
  createdAt: "2026-11-24T09:00:00Z",
  paidAt: "2026-11-24T09:01:00Z",
  deliveredAt: "2026-11-24T09:02:00Z",
  customer: { userId: "u-1", email: "amina@example.com", name: "Amina Benali", country: "DZ", language: "ar" },
  plan: {
    destinationCode: "FR",
    dataMb: 5120,
    isUnlimited: false,
    dataType: 1,
    validityDays: 7,
    nameOverrides: null,
    upstreamCode: "FR_5_7",
  },
  quantity: 1,
  currency: "DZD",
  totalMinor: 250_000,
  chargeDzdMinor: 250_000,
  couponCode: null,
  payment: {
    id: "0b8f5a4e-5d0c-4c55-9a1e-0d7e7f1a2b3c",
    provider: "sandbox",
    method: "edahabia",
    status: "successful",
    providerReference: "chk_123",
    amountDzdMinor: 250_000,
    paidAt: "2026-11-24T09:01:00Z",
  },
  provisioning: { attempts: 1, lastError: null, upstreamOrderNo: "B26112409020001", job: null },
  esims: [esimInConsole],
  refund: { totalOwedDzdMinor: 0, owedDzdMinor: 0, heldDzdMinor: 0, sent: [], choice: null },
  actions: {
    canRetryProvisioning: false,
    canResendInstallEmail: true,
    canRecordRefund: false,
    canDecideHeldPayment: false,
    canRefundHeldMoney: false,
  },
  timeline: [{ kind: "esim", at: "2026-11-24T09:02:00Z", iccid: null }],
};

describe("the console's order with an eSIM whose ICCID is still to come", () => {
  setUpAppTests();
  afterEach(() => window.sessionStorage.clear());

  function consoleApi() {
    window.sessionStorage.setItem(ADMIN_TOKEN_KEY, "operator-token");
    fakeApi({
      [`GET ${A}/me`]: () => ({
        body: { data: { id: "op-2", email: "karim@esim-store.dz", role: "support", isEnrolled: true } },
      }),
      [`GET ${A}/orders/ES26-000042`]: () => ({ body: { data: deliveredOrder } }),
    });
  }

  it("shows « ICCID à venir » on the eSIM and its timeline line, and names the eSIM without it to cancel", async () => {
    consoleApi();
    const { user } = await renderApp("/admin/orders/ES26-000042", { language: "fr" });
    const cancel = await screen.findByRole("button", { name: "Annuler cette eSIM chez le fournisseur" });
    expect(screen.getAllByText("ICCID à venir")).toHaveLength(2);
    expect(document.body).not.toHaveTextContent("ICCID null");
    await user.click(cancel);
    expect(await screen.findByRole("dialog", { name: "Annuler l’eSIM (ICCID à venir)" })).toBeInTheDocument();
  });

  it("says it in Arabic, outside the left-to-right isolation an ICCID gets", async () => {
    consoleApi();
    await renderApp("/admin/orders/ES26-000042", { language: "ar" });
    await screen.findByRole("button", { name: "إلغاء هذه الشريحة لدى المزوّد" });
    const words = screen.getAllByText("رقم ICCID سيُضاف لاحقًا");
    expect(words).toHaveLength(2);
    for (const element of words) expect(element.closest("[dir=ltr]")).toBeNull();
  });
});
