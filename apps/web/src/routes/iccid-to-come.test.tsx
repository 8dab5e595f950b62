import type { EsimDetail } from "@esim/shared/esims/contracts";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ORDER_ID, orderFor, TURKEY } from "../test/buying-fixtures.ts";
import { fakeApi, SIGNED_IN_HANDLERS } from "../test/fake-api.ts";
import { renderApp, setUpAppTests } from "../test/render-app.tsx";

// eSIM Access may deliver a new eSIM without its ICCID (documented as optional in esim/query); the activation code
// installs it, and the ICCID comes later. Meanwhile every screen says "ICCID à venir" and offers nothing empty.

const ESIM_ID = "0b7c5a1e-8f3d-4c2a-9e6b-1d2f3a4b5c6d";
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
