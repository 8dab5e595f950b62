import type { MyReferral } from "@esim/shared/referrals/contracts";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { signedInApi } from "../../test/fake-api.ts";
import { renderApp, setUpAppTests } from "../../test/render-app.tsx";

const REFERRAL: MyReferral = {
  isEnabled: true,
  code: "K7PQ2M9X",
  link: "https://esim.example/register?ref=K7PQ2M9X",
  friendDiscountDzdMinor: 30000,
  rewardDzdMinor: 20000,
  joinedCount: 2,
  earnedDzdMinor: 20000,
  pendingDzdMinor: 20000,
};

describe("Invite a friend, on the profile", () => {
  setUpAppTests();
  afterEach(() => Reflect.deleteProperty(navigator, "share"));

  it("shows the link, what the friend and the inviter get, and what the invitations brought", async () => {
    const api = signedInApi({ "GET /account/referral": () => ({ body: { data: REFERRAL } }) });
    await renderApp("/profile", { token: "t", language: "fr" });

    const card = await screen.findByRole("region", { name: "Inviter un ami" }, { timeout: 5000 });
    expect(await within(card).findByText(REFERRAL.link)).toBeInTheDocument();
    expect(card).toHaveTextContent("Votre ami a \u2068300 DA\u2069 de remise sur sa première commande");
    expect(card).toHaveTextContent("Vous recevez \u2068200 DA\u2069 de crédit quand elle est livrée");
    expect(within(card).getByText("2 amis inscrits")).toBeInTheDocument();
    expect(within(card).getByText("Crédit gagné : \u2068200 DA\u2069")).toBeInTheDocument();
    expect(within(card).getByText("En attente de livraison : \u2068200 DA\u2069")).toBeInTheDocument();
    const whatsapp = within(card).getByRole("link", { name: "Envoyer par WhatsApp" });
    expect(decodeURIComponent(whatsapp.getAttribute("href") ?? "")).toContain(REFERRAL.link);
    // The device it is opened on is named, for the same-device limit.
    const call = api.calls.find((recorded) => recorded.path === "/account/referral");
    expect(call?.url.searchParams.get("deviceId")).toBeTruthy();
  });

  it("opens the phone's share sheet with the link and the words in the reader's language", async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, "share", { value: share, configurable: true });
    signedInApi({ "GET /account/referral": () => ({ body: { data: { ...REFERRAL, joinedCount: 0 } } }) });
    await renderApp("/profile", { token: "t", language: "ar" });

    const card = await screen.findByRole("region", { name: "ادعُ صديقًا" }, { timeout: 5000 });
    expect(await within(card).findByText("لم ينضم أي صديق بعد")).toBeInTheDocument();
    await userEvent.click(within(card).getByRole("button", { name: "مشاركة" }));

    expect(share).toHaveBeenCalledWith({ title: "ادعُ صديقًا", text: expect.stringContaining(REFERRAL.link) });
    expect(share.mock.calls[0]![0].text).toMatch(/[\u0600-\u06FF]/);
  });

  it("says invitations are paused when the operator turned them off, and offers no link", async () => {
    signedInApi({ "GET /account/referral": () => ({ body: { data: { ...REFERRAL, isEnabled: false } } }) });
    await renderApp("/profile", { token: "t", language: "en" });

    const card = await screen.findByRole("region", { name: "Invite a friend" }, { timeout: 5000 });
    expect(await within(card).findByText("Invitations are paused for now.")).toBeInTheDocument();
    expect(within(card).queryByText(REFERRAL.link)).toBeNull();
  });
});
