import type { EsimDetail } from "@esim/shared/esims/contracts";
import type { PayLink } from "@esim/shared/pay-links/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ORDER_ID, PLAN_7_DAYS, PLAN_30_DAYS, TURKEY } from "../test/buying-fixtures.ts";
import { apiError, fakeApi, SIGNED_IN_HANDLERS } from "../test/fake-api.ts";
import { renderApp, setUpAppTests } from "../test/render-app.tsx";

// Pay-for-me links in the app (decision 077): asked from an eSIM's details, shared, listed and revoked.

type Handlers = Parameters<typeof fakeApi>[0];

const ESIM_ID = "0b7c5a1e-8f3d-4c2a-9e6b-1d2f3a4b5c6d";
const LINK_ID = "7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
const TOP_UP_PLAN = { ...PLAN_7_DAYS, id: "5d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a", dataMb: 1024 };
const URL_OF_LINK = "https://esim.example.dz/en/pay/SECRET-TOKEN-abc";
const GB = 1024 * 1024 * 1024;

const esim: EsimDetail = {
  id: ESIM_ID,
  status: "In Use",
  group: "available",
  iccid: "8943108170000012345",
  destination: TURKEY,
  plan: { name: "Turkey 1GB 7 days", dataMb: 1024, isUnlimited: false, validityDays: 7, validityStart: "installation" },
  dataTotalBytes: GB,
  dataUsedBytes: GB / 2,
  dataRemainingBytes: GB / 2,
  usageUpdatedAt: "2026-11-21T13:05:00Z",
  expiresAt: "2026-11-28T13:05:00Z",
  activateBefore: null,
  isInstalled: true,
  supportsTopUp: true,
  canTopUp: true,
  orderId: ORDER_ID,
  orderNumber: "ES26-000123",
  apn: "internet",
  bundles: [],
  cancellation: { isAvailable: false, unavailableReason: "window_passed", availableUntil: null, request: null },
};

const link = (overrides: Partial<PayLink> = {}): PayLink => ({
  id: LINK_ID,
  status: "waiting",
  kind: "top_up",
  esimId: ESIM_ID,
  packageId: TOP_UP_PLAN.id,
  destinationCode: TURKEY.code,
  dataMb: 1024,
  isUnlimited: false,
  validityDays: 7,
  amountDzdMinor: 990_00,
  createdAt: "2026-11-26T10:00:00Z",
  expiresAt: "2026-11-29T10:00:00Z",
  paidAt: null,
  orderId: null,
  ...overrides,
});

function api(overrides: Handlers = {}) {
  return fakeApi({
    ...SIGNED_IN_HANDLERS,
    [`GET /esims/${ESIM_ID}`]: () => ({ body: { data: esim } }),
    [`GET /esims/${ESIM_ID}/topups`]: () => ({ body: { data: [TOP_UP_PLAN] } }),
    "GET /pay-links": () => ({ body: { data: [] } }),
    ...overrides,
  });
}

describe("asking someone to pay", () => {
  setUpAppTests();

  it("opens at once from ?payForMe=1, makes the link for the chosen top-up and offers WhatsApp, SMS and copy", async () => {
    const { calls } = api({
      "POST /pay-links": () => ({ body: { data: { link: link(), url: URL_OF_LINK } } }),
    });
    const { user } = await renderApp(`/details/${ESIM_ID}?payForMe=1`, { token: "t", language: "en" });
    const dialog = await screen.findByRole("dialog", { name: "Ask someone to pay" });
    expect(within(dialog).getByRole("radio", { name: /1 GB · 7 days/ })).toBeChecked();
    await user.click(within(dialog).getByRole("button", { name: "Create the link" }));

    expect(await within(dialog).findByText(URL_OF_LINK)).toBeInTheDocument();
    const created = calls.find((call) => call.method === "POST" && call.path === "/pay-links");
    expect(created?.body).toMatchObject({ packageId: TOP_UP_PLAN.id, esimId: ESIM_ID });
    const whatsapp = within(dialog).getByRole("link", { name: "Send by WhatsApp" });
    expect(whatsapp.getAttribute("href")).toMatch(/^https:\/\/wa\.me\/\?text=/);
    expect(decodeURIComponent(whatsapp.getAttribute("href")!)).toContain(URL_OF_LINK);
    expect(decodeURIComponent(whatsapp.getAttribute("href")!)).toContain("990 DA");
    const sms = within(dialog).getByRole("link", { name: "Send by SMS" });
    expect(sms.getAttribute("href")).toMatch(/^sms:\?&body=/);
    expect(decodeURIComponent(sms.getAttribute("href")!)).toContain(URL_OF_LINK);
    expect(within(dialog).getByRole("button", { name: "Copy The link to send" })).toBeInTheDocument();
  });

  it("shares a waiting link again from the list, on the phone that made it (the server answers its address once)", async () => {
    let links: PayLink[] = [link({ id: "made-elsewhere", createdAt: "2026-11-25T10:00:00Z" })];
    api({
      "GET /pay-links": () => ({ body: { data: links } }),
      "POST /pay-links": () => {
        links = [link(), ...links];
        return { body: { data: { link: link(), url: URL_OF_LINK } } };
      },
    });
    const { user } = await renderApp(`/details/${ESIM_ID}?payForMe=1`, { token: "t", language: "en" });
    const dialog = await screen.findByRole("dialog", { name: "Ask someone to pay" });
    await user.click(within(dialog).getByRole("button", { name: "Create the link" }));
    expect(await within(dialog).findByText(URL_OF_LINK)).toBeInTheDocument();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    const list = await screen.findByRole("region", { name: "Links to pay for me" });
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(2));
    // Only the link made here can be shared again: the other's address was never on this phone.
    const again = within(list).getAllByRole("button", { name: /^Share again/ });
    expect(again).toHaveLength(1);
    await user.click(again[0]!);
    const whatsapp = within(list).getByRole("link", { name: "Send by WhatsApp" });
    expect(decodeURIComponent(whatsapp.getAttribute("href")!)).toContain(URL_OF_LINK);
    expect(within(list).getByText(URL_OF_LINK)).toBeInTheDocument();
  });

  it("says why a link was refused, in the traveller's language", async () => {
    api({ "POST /pay-links": () => apiError(409, "PAY_LINKS_LIMIT_REACHED") });
    const { user } = await renderApp(`/details/${ESIM_ID}?payForMe=1`, { token: "t", language: "fr" });
    const dialog = await screen.findByRole("dialog", { name: "Demander à quelqu’un de payer" });
    await user.click(within(dialog).getByRole("button", { name: "Créer le lien" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Vous avez déjà 5 liens en attente");
  });

  it("lists the eSIM's links with their state and amount, and revokes a waiting one once confirmed", async () => {
    let current = link();
    const { calls } = api({
      "GET /pay-links": () => ({ body: { data: [current, link({ id: "other", esimId: "another-esim" })] } }),
      [`POST /pay-links/${LINK_ID}/revoke`]: () => {
        current = link({ status: "revoked" });
        return { body: { data: current } };
      },
    });
    const { user } = await renderApp(`/details/${ESIM_ID}`, { token: "t", language: "ar" });
    const list = await screen.findByRole("region", { name: "روابط الدفع عني" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(1);
    expect(within(list).getByText("في الانتظار")).toBeInTheDocument();
    expect(within(list).getByText(/990/)).toBeInTheDocument();
    const revokeCalls = () => calls.filter((call) => call.path === `/pay-links/${LINK_ID}/revoke`);

    // One tap asks first; keeping the link changes nothing.
    await user.click(within(list).getByRole("button", { name: /^إلغاء/ }));
    const asked = await screen.findByRole("dialog", { name: "إلغاء هذا الرابط؟" });
    expect(asked).toHaveTextContent("لن يتمكن من أرسلته إليه من الدفع");
    await user.click(within(asked).getByRole("button", { name: "الإبقاء على الرابط" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(revokeCalls()).toHaveLength(0);
    expect(within(list).getByText("في الانتظار")).toBeInTheDocument();

    await user.click(within(list).getByRole("button", { name: /^إلغاء/ }));
    const confirm = await screen.findByRole("dialog", { name: "إلغاء هذا الرابط؟" });
    await user.click(within(confirm).getByRole("button", { name: "إلغاء الرابط" }));
    await waitFor(() => expect(within(list).getByText("ملغى")).toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(revokeCalls()).toHaveLength(1);
    // A revoked link is no longer "valid until" anything.
    expect(list).not.toHaveTextContent("صالح حتى");
    expect(document.documentElement).toHaveAttribute("dir", "rtl");
  });

  it("shows each link's moment with its time: valid until, paid on, ended on; a revoked one says only revoked", async () => {
    api({
      "GET /pay-links": () => ({
        body: {
          data: [
            link({ id: "waiting" }),
            link({ id: "paid", status: "paid", paidAt: "2026-11-27T08:30:00Z", orderId: ORDER_ID }),
            link({ id: "expired", status: "expired", expiresAt: "2026-11-24T21:45:00Z" }),
            link({ id: "revoked", status: "revoked" }),
          ],
        },
      }),
    });
    await renderApp(`/details/${ESIM_ID}`, { token: "t", language: "fr" });
    const list = await screen.findByRole("region", { name: "Liens pour payer à ma place" });
    const [waiting, paid, expired, revoked] = within(list).getAllByRole("listitem");
    // Algiers time (UTC+1), the app's one date style, with the hour: a link lives 72 hours.
    const at = (text: string) => text.replace(/[\u2066-\u2069]/g, "");
    expect(at(waiting!.textContent!)).toContain("Valable jusqu’au 29/11/2026 11:00");
    expect(at(paid!.textContent!)).toContain("Payé le 27/11/2026 09:30");
    expect(at(expired!.textContent!)).toContain("Terminé le 24/11/2026 22:45");
    expect(revoked).toHaveTextContent("Révoqué");
    expect(revoked).not.toHaveTextContent("Valable");
    expect(revoked).not.toHaveTextContent("2026");
  });

  it("shows the validity's date and time in Arabic, kept whole inside the sentence", async () => {
    api({ "GET /pay-links": () => ({ body: { data: [link()] } }) });
    await renderApp(`/details/${ESIM_ID}`, { token: "t", language: "ar" });
    const list = await screen.findByRole("region", { name: "روابط الدفع عني" });
    expect(within(list).getByRole("listitem")).toHaveTextContent("صالح حتى \u206829/11/2026 11:00\u2069");
  });

  it("asks for a new eSIM from a plan's page, for the plan chosen there", async () => {
    const { calls } = api({
      "GET /destinations/TR/packages": () => ({
        body: {
          data: {
            destination: TURKEY,
            availableDays: [30, 7],
            plans: [PLAN_7_DAYS, PLAN_30_DAYS],
            regionalSuggestion: null,
          },
        },
      }),
      "POST /pay-links": () => ({
        body: { data: { link: link({ kind: "new", esimId: null, packageId: PLAN_30_DAYS.id }), url: URL_OF_LINK } },
      }),
    });
    const { user } = await renderApp("/packages/TR", { token: "t", language: "en" });
    const section = await screen.findByRole("region", { name: "Ask someone to pay" });
    await user.click(within(section).getByRole("button", { name: "Ask someone to pay" }));
    const dialog = await screen.findByRole("dialog", { name: "Ask someone to pay" });
    await user.click(within(dialog).getByRole("radio", { name: /30 days/ }));
    await user.click(within(dialog).getByRole("button", { name: "Create the link" }));
    expect(await within(dialog).findByText(URL_OF_LINK)).toBeInTheDocument();
    const created = calls.find((call) => call.method === "POST" && call.path === "/pay-links");
    expect(created?.body).toMatchObject({ packageId: PLAN_30_DAYS.id, esimId: null });
  });
});
