import type { Claim, EsimClaims } from "@esim/shared/claims/contracts";
import type { EsimDetail } from "@esim/shared/esims/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ORDER_ID, TURKEY } from "../test/buying-fixtures.ts";
import { apiError, fakeApi, SIGNED_IN_HANDLERS } from "../test/fake-api.ts";
import { renderApp, setUpAppTests } from "../test/render-app.tsx";

const ESIM_ID = "0b7c5a1e-8f3d-4c2a-9e6b-1d2f3a4b5c6d";
const CLAIM_ID = "7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";

const DETAIL: EsimDetail = {
  id: ESIM_ID,
  status: "In Use",
  group: "available",
  iccid: "8943108170000012345",
  destination: TURKEY,
  plan: { name: "Turkey 1GB 7 days", dataMb: 1024, isUnlimited: false, validityDays: 7, validityStart: "installation" },
  dataTotalBytes: 1024 ** 3,
  dataUsedBytes: 0,
  dataRemainingBytes: 1024 ** 3,
  usageUpdatedAt: "2026-11-21T13:05:00Z",
  expiresAt: "2026-11-28T13:05:00Z",
  activateBefore: null,
  isInstalled: true,
  supportsTopUp: false,
  canTopUp: false,
  orderId: ORDER_ID,
  orderNumber: "ES26-000123",
  apn: "internet",
  bundles: [],
  cancellation: { isAvailable: false, unavailableReason: "installed", availableUntil: null, request: null },
};

const claim = (overrides: Partial<Claim> = {}): Claim => ({
  id: CLAIM_ID,
  esimId: ESIM_ID,
  orderId: ORDER_ID,
  reason: "cannot_connect",
  status: "received",
  refundPreference: "store_credit",
  openedAt: "2026-11-21T12:00:00Z",
  settleBy: "2026-11-28T12:00:00Z",
  isRefundable: true,
  refundableUntil: "2026-11-27T10:00:00Z",
  refund: null,
  refusalReason: null,
  canReply: true,
  messages: [{ author: "traveller", body: "No internet in Istanbul.", at: "2026-11-21T12:00:00Z" }],
  ...overrides,
});

const IPHONE_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const ANDROID_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";

function claimsApi(initial: Claim[], apn: string | null = "internet", refuseClaim?: () => ReturnType<typeof apiError>) {
  let claims = initial;
  const facts = (): EsimClaims => ({
    apn,
    networks: [{ country: "TR", operator: "Turkcell", networkType: "4G" }],
    claims,
  });
  return fakeApi({
    ...SIGNED_IN_HANDLERS,
    [`GET /esims/${ESIM_ID}`]: () => ({ body: { data: DETAIL } }),
    [`GET /esims/${ESIM_ID}/claims`]: () => ({ body: { data: facts() } }),
    [`POST /esims/${ESIM_ID}/claims`]: () => {
      if (refuseClaim) return refuseClaim();
      claims = [claim()];
      return { body: { data: claims[0] } };
    },
  });
}

describe("It doesn't work", () => {
  setUpAppTests();

  it("walks an iPhone through data line, roaming, APN, network and restart, then files the claim", async () => {
    vi.spyOn(window.navigator, "userAgent", "get").mockReturnValue(IPHONE_UA);
    const { calls } = claimsApi([]);
    const { user } = await renderApp(`/details/${ESIM_ID}`, { token: "t", language: "en" });
    const section = await screen.findByRole("region", { name: "Not working?" });
    await user.click(await within(section).findByRole("button", { name: "It doesn't work" }));
    expect(within(section).getByRole("radio", { name: "iPhone" })).toBeChecked();
    expect(within(section).getByRole("heading", { name: "Is the eSIM your data line?" })).toBeInTheDocument();
    expect(section).toHaveTextContent("Check 1 of 5");
    // The activation guide's own steps for this phone (loaded with the guide's texts).
    await waitFor(() => expect(section).toHaveTextContent("Mobile Service"));

    const still = () => user.click(within(section).getByRole("button", { name: "Still not working" }));
    await still();
    expect(within(section).getByRole("heading", { name: "Is data roaming on for the eSIM?" })).toBeInTheDocument();
    await still();
    expect(section).toHaveTextContent("Your eSIM's APN: internet");
    await still();
    expect(section).toHaveTextContent("Try automatic selection first, then choose a network by hand.");
    expect(section).toHaveTextContent("Your plan's networks: Turkcell.");
    await still();
    expect(section).toHaveTextContent("Restart the iPhone.");
    await still();

    await user.click(within(section).getByRole("radio", { name: "Signal but no internet" }));
    await user.type(within(section).getByLabelText(/Your message/), "No internet in Istanbul.");
    await user.click(within(section).getByRole("button", { name: "Send the claim" }));
    expect(await within(section).findByText("Claim received")).toBeInTheDocument();
    expect(section).toHaveTextContent("We settle it by 28/11/2026 at the latest.");
    expect(calls.find((call) => call.method === "POST" && call.path.endsWith("/claims"))?.body).toEqual({
      reason: "cannot_connect",
      message: "No internet in Istanbul.",
      refundPreference: "store_credit",
    });
  }, 20_000);

  it("shows an Android phone Samsung's and Pixel's menus, says the APN is automatic, and stops when it is fixed", async () => {
    vi.spyOn(window.navigator, "userAgent", "get").mockReturnValue(ANDROID_UA);
    const { calls } = claimsApi([], null);
    const { user } = await renderApp(`/details/${ESIM_ID}`, { token: "t", language: "fr" });
    const section = await screen.findByRole("region", { name: "Ça ne marche pas ?" });
    await user.click(await within(section).findByRole("button", { name: "Ça ne marche pas" }));
    expect(within(section).getByRole("radio", { name: "Android" })).toBeChecked();
    expect((await within(section).findAllByText("Samsung")).length).toBeGreaterThan(0);
    expect(within(section).getAllByText("Pixel").length).toBeGreaterThan(0);
    await user.click(within(section).getByRole("button", { name: "Ça ne marche toujours pas" }));
    await user.click(within(section).getByRole("button", { name: "Ça ne marche toujours pas" }));
    expect(section).toHaveTextContent("L'APN de votre eSIM est automatique");
    await user.click(within(section).getByRole("radio", { name: "iPhone" }));
    expect(within(section).queryByText("Samsung")).not.toBeInTheDocument();
    await user.click(within(section).getByRole("button", { name: "Ça a réglé le problème" }));
    expect(within(section).getByRole("status")).toHaveTextContent("Tant mieux : bon voyage !");
    expect(calls.some((call) => call.method === "POST" && call.path.endsWith("/claims"))).toBe(false);
  });

  it("follows a claim refunded as credit in Arabic, with the shop's answer and no new check", async () => {
    claimsApi([
      claim({
        status: "refunded",
        canReply: false,
        refund: { method: "store_credit", amountDzdMinor: 154000, at: "2026-11-22T09:00:00Z" },
        messages: [
          { author: "traveller", body: "لا يوجد إنترنت", at: "2026-11-21T12:00:00Z" },
          { author: "operator", body: "أعدنا المبلغ إلى رصيدك.", at: "2026-11-22T09:00:00Z" },
        ],
      }),
    ]);
    await renderApp(`/details/${ESIM_ID}`, { token: "t", language: "ar" });
    const section = await screen.findByRole("region", { name: "لا تعمل؟" });
    expect(await within(section).findByText(/تم الاسترداد رصيدًا/)).toBeInTheDocument();
    expect(section).toHaveTextContent("أعدنا المبلغ إلى رصيدك.");
    expect(within(section).getByRole("link", { name: "عرض رصيدي" })).toHaveAttribute("href", "/profile");
    expect(within(section).queryByRole("textbox")).not.toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute("dir", "rtl");
  });

  const EN_WORDS = { section: "Not working?", open: "It doesn't work", stillFailing: "Still not working" };
  const FR_WORDS = {
    section: "Ça ne marche pas ?",
    open: "Ça ne marche pas",
    stillFailing: "Ça ne marche toujours pas",
  };
  const AR_WORDS = { section: "لا تعمل؟", open: "لا تعمل", stillFailing: "ما زالت لا تعمل" };

  async function openClaimForm(
    language: "en" | "fr" | "ar",
    words: { section: string; open: string; stillFailing: string },
  ) {
    vi.spyOn(window.navigator, "userAgent", "get").mockReturnValue(IPHONE_UA);
    const { user } = await renderApp(`/details/${ESIM_ID}`, { token: "t", language });
    const section = await screen.findByRole("region", { name: words.section });
    await user.click(await within(section).findByRole("button", { name: words.open }));
    // The five checks, then the form.
    for (let step = 0; step < 5; step += 1) {
      await user.click(within(section).getByRole("button", { name: words.stillFailing }));
    }
    return { user, section };
  }

  it("moves the focus to the missing reason, which says what to do, when the claim is refused", async () => {
    claimsApi([], "internet", () => apiError(400, "VALIDATION_FAILED", { reason: "CLAIM_REASON_REQUIRED" }));
    const { user, section } = await openClaimForm("en", EN_WORDS);
    await user.type(within(section).getByLabelText(/Your message/), "No internet in Istanbul.");
    await user.click(within(section).getByRole("button", { name: "Send the claim" }));
    const first = within(section).getByRole("radio", { name: "No coverage" });
    await waitFor(() => expect(first).toHaveFocus());
    expect(first).toHaveAttribute("aria-invalid", "true");
    expect(first).toHaveAccessibleDescription("Choose what is happening.");
    // The message was given: it is not marked.
    expect(within(section).getByLabelText(/Your message/)).not.toHaveAttribute("aria-invalid");
  }, 20_000);

  it("moves the focus to the empty message in Arabic, with its error read with it", async () => {
    claimsApi([], "internet", () => apiError(400, "VALIDATION_FAILED", { message: "CLAIM_MESSAGE_REQUIRED" }));
    const { user, section } = await openClaimForm("ar", AR_WORDS);
    await user.click(within(section).getAllByRole("radio")[2]!);
    await user.click(within(section).getByRole("button", { name: "إرسال الشكوى" }));
    const message = within(section).getByRole("textbox");
    await waitFor(() => expect(message).toHaveFocus());
    expect(message).toHaveAccessibleDescription("صف ما لا يعمل.");
  }, 20_000);

  it("moves the focus to the refusal's message when no field is at fault", async () => {
    claimsApi([], "internet", () => apiError(409, "CLAIM_ALREADY_OPEN"));
    const { user, section } = await openClaimForm("fr", FR_WORDS);
    await user.click(within(section).getByRole("radio", { name: "Pas de réseau" }));
    await user.type(within(section).getByRole("textbox"), "Rien à Istanbul.");
    await user.click(within(section).getByRole("button", { name: "Envoyer la réclamation" }));
    const alert = await within(section).findByRole("alert");
    expect(alert).toHaveTextContent("Cette eSIM a déjà une réclamation en cours");
    await waitFor(() => expect(alert).toHaveFocus());
  }, 20_000);
});
