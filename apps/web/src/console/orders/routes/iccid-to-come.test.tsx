import type { ConsoleOrderDetail } from "@esim/shared/console/orders-contract";
import { ADMIN_API_BASE_PATH } from "@esim/shared/http";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { fakeApi } from "../../../test/fake-api.ts";
import { CONSOLE_TOKEN_KEY } from "../../lib/operator-session.ts";
import { renderApp, setUpAppTests } from "../../test/render-app.tsx";

// eSIM Access may deliver a new eSIM without its ICCID; the console says "ICCID à venir" until it comes (the
// traveller's screens: routes/iccid-to-come.test.tsx).

const A = ADMIN_API_BASE_PATH;

const esimInConsole: ConsoleOrderDetail["esims"][number] = {
  id: "5b0c3c7e-1f7a-4e55-8d4e-2f0a9b1c7d11",
  iccid: null,
  status: "New",
  dataUsedBytes: 0,
  dataTotalBytes: 5 * 1024 * 1024 * 1024,
  usageUpdatedAt: null,
  isCancellable: true,
};

const deliveredOrder: ConsoleOrderDetail = {
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
    window.sessionStorage.setItem(CONSOLE_TOKEN_KEY, "operator-token");
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
