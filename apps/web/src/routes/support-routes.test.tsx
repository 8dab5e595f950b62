import type { SupportConfig } from "@esim/shared/support/contracts";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { resetChat } from "../features/support/chat/chat-controller.ts";
import { fakeApi, SIGNED_IN_HANDLERS } from "../test/fake-api.ts";
import { renderApp, setUpAppTests } from "../test/render-app.tsx";

const NO_CHAT: SupportConfig = {
  email: "support@esim-store.dz",
  chat: null,
  whatsapp: { number: "+213555123456" },
  hours: { timeZone: "Africa/Algiers", opens: "09:00", closes: "21:00" },
};
const WITH_CHAT: SupportConfig = {
  ...NO_CHAT,
  chat: { provider: "chatwoot", baseUrl: "https://chat.example.dz", websiteToken: "public-token" },
};

function supportApi(config: SupportConfig = NO_CHAT) {
  return fakeApi({
    ...SIGNED_IN_HANDLERS,
    "GET /support/config": () => ({ body: { data: config } }),
  });
}

describe("the help centre (/support)", () => {
  setUpAppTests();
  afterEach(() => resetChat());

  it("filters the questions as the user types, ignoring case and accents, in French", async () => {
    supportApi();
    const { user } = await renderApp("/support", { token: "t", language: "fr" });
    expect(await screen.findByText("Comment installer mon eSIM ?")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Paiement" })).toBeInTheDocument();

    await user.type(screen.getByRole("searchbox", { name: "Rechercher dans les questions fréquentes" }), "REMBOURSE");
    expect(await screen.findByText("2 résultats")).toHaveAttribute("role", "status");
    expect(screen.queryByText("Comment installer mon eSIM ?")).not.toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Paiement" })).not.toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Remboursement et annulation" })).toBeInTheDocument();
  });

  it("answers the refund (7 days) and cancellation (24 hours) questions behind disclosures", async () => {
    supportApi();
    const { user } = await renderApp("/support", { token: "t", language: "fr" });
    const refund = await screen.findByText("Puis-je être remboursé ?");
    const refundAnswer = screen.getByText(/^Oui, dans les 7 jours suivant l’achat, si le service ne fonctionne pas/);
    expect(refundAnswer).not.toBeVisible();
    await user.click(refund);
    expect(refundAnswer).toBeVisible();

    await user.click(screen.getByText("Puis-je annuler une eSIM que je n’ai pas utilisée ?"));
    expect(screen.getByText(/^Oui, dans les 24 heures suivant l’achat/)).toBeVisible();
  });

  it("states the refund and cancellation commitments with the ways to claim and to cancel", async () => {
    supportApi();
    await renderApp("/support", { token: "t", language: "fr" });
    const commitments = await screen.findByRole("region", { name: "Nos engagements" });
    expect(within(commitments).getByText(/signalez-le dans les 7 jours suivant l’achat\.$/)).toBeInTheDocument();
    expect(
      within(commitments).getByText(/annulée et remboursée dans les 24 heures suivant l’achat\.$/),
    ).toBeInTheDocument();
    expect(
      within(commitments).getByRole("link", { name: "Signaler un problème : Mes eSIM, puis « Ça ne marche pas »" }),
    ).toHaveAttribute("href", "/esims");
    expect(
      within(commitments).getByRole("link", { name: "Annuler une eSIM : Mes eSIM, puis « Demander l’annulation »" }),
    ).toHaveAttribute("href", "/esims");
  });

  it.each(["ar", "fr", "en"] as const)(
    "shows the whole search placeholder on a 320 px screen in %s",
    async (language) => {
      supportApi();
      await renderApp("/support", { token: "t", language });
      const search = await screen.findByRole("searchbox");
      // No layout in the test browser: the field's text width at 320 px from its paddings (Tailwind's 4 px steps),
      // the page's (16 px each side) and its border, against 8 px a character, wider than 16 px Arabic or Latin text.
      const step = (name: string) =>
        Number(new RegExp(`(?:^|\\s)${name}-(\\d+)(?:\\s|$)`).exec(search.className)?.[1]) * 4;
      const textWidth = 320 - 2 * 16 - step("ps") - step("pe") - 2;
      expect(search.getAttribute("placeholder")?.length ?? 0).toBeLessThanOrEqual(Math.floor(textWidth / 8));
    },
  );

  it("says when nothing matches and leads to the contacts, with the configured email", async () => {
    supportApi();
    const { user } = await renderApp("/support", { token: "t", language: "fr" });
    await user.type(await screen.findByRole("searchbox"), "xylophone");
    expect(await screen.findByText("Aucune question ne correspond à « xylophone ».")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Essayez d’autres mots, ou contactez-nous ci-dessous." })).toHaveAttribute(
      "href",
      "/support#contacts",
    );
    const contacts = screen.getByRole("region", { name: "Nous contacter" });
    expect(within(contacts).getByRole("link", { name: "support@esim-store.dz" })).toHaveAttribute(
      "href",
      "mailto:support@esim-store.dz",
    );

    await user.click(screen.getByRole("button", { name: "Effacer la recherche" }));
    expect(screen.getByText("Comment installer mon eSIM ?")).toBeInTheDocument();
  });

  it("searches in Arabic, right to left, and states the refund and cancellation windows", async () => {
    supportApi();
    const { user } = await renderApp("/support", { token: "t", language: "ar" });
    expect(await screen.findByText("كيف أثبّت شريحة eSIM؟")).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute("dir", "rtl");

    await user.type(screen.getByRole("searchbox", { name: "ابحث في الأسئلة الشائعة" }), "الإسترداد");
    expect(screen.queryByText("كيف أثبّت شريحة eSIM؟")).not.toBeInTheDocument();
    await user.click(screen.getByText("هل يمكنني استرداد أموالي؟"));
    expect(screen.getByText(/^نعم، خلال 7 أيام من الشراء/)).toBeVisible();

    await user.clear(screen.getByRole("searchbox"));
    await user.type(screen.getByRole("searchbox"), "إلغاء");
    await user.click(screen.getByText("هل يمكنني إلغاء شريحة لم أستعملها؟"));
    expect(screen.getByText(/^نعم، خلال 24 ساعة من الشراء/)).toBeVisible();
  });

  it("leads to the installation and activation guides and the compatibility check", async () => {
    supportApi();
    await renderApp("/support", { token: "t", language: "en" });
    const guides = await screen.findByRole("region", { name: "Step-by-step guides" });
    expect(within(guides).getByRole("link", { name: "Install your eSIM" })).toHaveAttribute(
      "href",
      "/guide/installation",
    );
    expect(within(guides).getByRole("link", { name: "Activate your eSIM on arrival" })).toHaveAttribute(
      "href",
      "/guide/activation",
    );
    expect(within(guides).getByRole("link", { name: "Check that your phone is compatible" })).toHaveAttribute(
      "href",
      "/compatibility",
    );
  });

  it("offers the live chat beside the email when a chat is configured", async () => {
    supportApi(WITH_CHAT);
    await renderApp("/support", { token: "t", language: "fr" });
    const contacts = await screen.findByRole("region", { name: "Nous contacter" });
    expect(await within(contacts).findByRole("button", { name: "Démarrer le chat" })).toBeEnabled();
    // The header's (phones) and the floating (desktop) chat buttons.
    expect(screen.getAllByRole("button", { name: "Discuter avec le support" })).toHaveLength(2);
  });

  it("makes the chat buttons lead to the contacts when no chat is configured", async () => {
    supportApi(NO_CHAT);
    await renderApp("/home", { token: "t", language: "fr" });
    const links = await screen.findAllByRole("link", { name: "Discuter avec le support" });
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toHaveAttribute("href", "/support#contacts");
    expect(screen.queryByRole("button", { name: "Discuter avec le support" })).not.toBeInTheDocument();
  });

  it("offers WhatsApp beside the chat and the email, the order from the address in the Arabic message", async () => {
    supportApi(WITH_CHAT);
    await renderApp("/support?order=ES26-000123#contacts", { token: "t", language: "ar" });
    const contacts = await screen.findByRole("region", { name: "تواصل معنا" });
    const whatsapp = await within(contacts).findByRole("link", { name: "راسلنا على واتساب" });
    expect(whatsapp).toHaveAttribute(
      "href",
      `https://wa.me/213555123456?text=${encodeURIComponent("مرحبًا، طلبي رقم ES26-000123: أحتاج إلى مساعدة.")}`,
    );
    expect(whatsapp).toHaveAttribute("target", "_blank");
    expect(within(contacts).getByRole("button", { name: "بدء الدردشة" })).toBeInTheDocument();
    expect(within(contacts).getByRole("link", { name: "support@esim-store.dz" })).toBeInTheDocument();
    expect(within(contacts).getByText("كل يوم، من 09:00 إلى 21:00، بتوقيت الجزائر")).toBeInTheDocument();
  });

  it("shows no WhatsApp button when no number is configured", async () => {
    supportApi({ ...NO_CHAT, whatsapp: null });
    await renderApp("/support", { token: "t", language: "fr" });
    const contacts = await screen.findByRole("region", { name: "Nous contacter" });
    expect(await within(contacts).findByText(/heure algérienne/)).toBeInTheDocument();
    expect(within(contacts).queryByRole("link", { name: "Écrire sur WhatsApp" })).not.toBeInTheDocument();
  });

  it("leaves out of the WhatsApp message an order parameter that is no order number", async () => {
    supportApi();
    await renderApp("/support?order=x%0Ahello", { token: "t", language: "fr" });
    expect(await screen.findByRole("link", { name: "Écrire sur WhatsApp" })).toHaveAttribute(
      "href",
      `https://wa.me/213555123456?text=${encodeURIComponent("Bonjour, j'ai besoin d'aide pour mon eSIM.")}`,
    );
  });
});
