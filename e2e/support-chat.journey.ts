import path from "node:path";
import { expect, test, uniqueEmail } from "./fixtures.ts";
import { type JourneyLanguage, text } from "./i18n.ts";
import { E2E_CHATWOOT } from "./playwright.config.ts";

// The help centre and the live chat (decision 020): a traveller reads the FAQ, then asks a person.
// The server is configured with a Chatwoot base URL (playwright.config.ts); its SDK is answered here by a fake
// that behaves like Chatwoot's (e2e/fake-chatwoot/packs/js/sdk.js).

const FAKE_SDK = path.join(import.meta.dirname, "fake-chatwoot/packs/js/sdk.js");
const SDK_URL = `${E2E_CHATWOOT.baseUrl}/packs/js/sdk.js`;

// page.route cannot see requests a service worker handles.
test.use({ serviceWorkers: "block" });

const FAQ_SAMPLE: Record<JourneyLanguage, { search: string; question: string; hidden: string }> = {
  fr: { search: "rembourse", question: "Puis-je être remboursé ?", hidden: "Comment installer mon eSIM ?" },
  en: { search: "refund", question: "Can I get a refund?", hidden: "How do I install my eSIM?" },
  ar: { search: "استرداد", question: "هل يمكنني استرداد أموالي؟", hidden: "كيف أثبّت شريحة eSIM؟" },
};

for (const language of ["fr", "ar"] as const) {
  for (const width of [390, 1280]) {
    const where = width < 768 ? "the header" : "the floating button";
    test(`reads the FAQ and opens the live chat from ${where} (${language}, ${width} px)`, async ({
      page,
      signIn,
      shoot,
    }) => {
      const sdkRequests: string[] = [];
      page.on("request", (request) => {
        if (request.url() === SDK_URL) sdkRequests.push(request.url());
      });
      await page.route(SDK_URL, (route) =>
        route.fulfill({ path: FAKE_SDK, contentType: "text/javascript; charset=utf-8" }),
      );
      await page.setViewportSize({ width, height: width < 768 ? 844 : 800 });
      const name = language === "ar" ? "سمير حداد" : "Amina Benali";
      await signIn({ email: uniqueEmail("chat"), name, language });

      await page.goto("/support");
      await expect(page.getByRole("heading", { name: text(language, "support.faqTitle") })).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("dir", language === "ar" ? "rtl" : "ltr");
      await expect(page.getByRole("link", { name: text(language, "support.guideInstallation") })).toHaveAttribute(
        "href",
        "/guide/installation",
      );
      await expect(page.getByRole("button", { name: text(language, "support.chatAction") })).toBeEnabled();
      await shoot(page, `support-${language}-${width}`);

      // The FAQ search.
      const sample = FAQ_SAMPLE[language];
      const search = page.getByRole("searchbox", { name: text(language, "support.searchLabel") });
      await search.fill(sample.search);
      await expect(page.getByText(sample.question)).toBeVisible();
      await expect(page.getByText(sample.hidden)).toHaveCount(0);
      await page.getByText(sample.question).click();
      // The answer opened (the commitments above the FAQ say "7 days" too).
      await expect(page.getByText(language === "ar" ? /^نعم، خلال 7 أيام/ : /^Oui, dans les 7 jours/)).toBeVisible();
      await search.fill("");

      // Nothing of the chat was loaded on the way here.
      expect(sdkRequests).toEqual([]);
      await expect(page.locator(".woot-widget-bubble")).toHaveCount(0);

      // Phones: the page header's button; from 768 px: the floating one (the other is hidden at each width).
      const chatButton = page.getByRole("button", { name: text(language, "header.chat") });
      await expect(chatButton).toHaveCount(1);
      await chatButton.click();
      await expect(chatButton).toBeDisabled();
      await expect(chatButton).toHaveAttribute("aria-busy", "true");
      await shoot(page, `chat-busy-${language}-${width}`);

      const panel = page.getByRole("dialog", { name: "Fake Chatwoot" });
      await expect(panel).toBeVisible();
      await expect(panel).toContainText(`${name} <`);
      await expect(panel).toContainText(`· ${language}`);
      await expect(chatButton).toBeEnabled();
      await expect(chatButton).not.toHaveAttribute("aria-busy");
      expect(sdkRequests).toHaveLength(1);
      // The widget drew its own bubble; it stays hidden behind the app's button.
      await expect(page.locator(".woot-widget-bubble")).toHaveCount(1);
      await expect(page.locator(".woot-widget-bubble")).toBeHidden();
      const settings = await page.evaluate(() => (window as { chatwootSettings?: unknown }).chatwootSettings);
      expect(settings).toEqual({
        hideMessageBubble: true,
        locale: language,
        position: language === "ar" ? "left" : "right",
      });
      await shoot(page, `chat-open-${language}-${width}`);
    });
  }
}

test("without a working chat the button leads to the support page's contacts", async ({ page, signIn }) => {
  await page.route(SDK_URL, (route) => route.abort());
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn({ email: uniqueEmail("chat-down"), language: "fr" });
  await page.goto("/home");
  const chatButton = page.getByRole("button", { name: text("fr", "header.chat") });
  await chatButton.click();
  const contactsLink = page.getByRole("link", { name: text("fr", "header.chat") });
  await expect(contactsLink).toHaveAttribute("href", "/support#contacts");
  await contactsLink.click();
  await expect(page).toHaveURL(/\/support#contacts$/);
  await expect(page.getByRole("heading", { name: text("fr", "support.contactsTitle") })).toBeInViewport();
  await expect(page.getByRole("link", { name: "support@esim-store.dz" })).toBeVisible();
});
