import type { Language } from "@esim/shared/locale";
import type { SupportConfig } from "@esim/shared/support/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "../../../test/render-with-i18n.tsx";
import { supportConfigQueryKey } from "../api/get-support-config.ts";
import { ChatButton, type ChatButtonVariant } from "./chat-button.tsx";
import { resetChat } from "./chat-controller.ts";
import type { ChatwootWidget } from "./chatwoot.ts";

const BASE_URL = "https://chat.example.dz";
const TOKEN = "public-website-token";
const SDK_URL = `${BASE_URL}/packs/js/sdk.js`;
const AMINA = { name: "Amina Benali", email: "amina@example.com" };
const WITH_CHAT: SupportConfig = {
  email: "support@esim-store.dz",
  chat: { provider: "chatwoot", baseUrl: BASE_URL, websiteToken: TOKEN },
  whatsapp: null,
  hours: { timeZone: "Africa/Algiers", opens: "09:00", closes: "21:00" },
};

/** A stand-in for Chatwoot's SDK: `run()` defines `$chatwoot` at once, not loaded yet, and draws its bubble. */
function fakeChatwootSdk() {
  const widget = {
    hasLoaded: false,
    toggle: vi.fn<NonNullable<ChatwootWidget["toggle"]>>(),
    setUser: vi.fn<NonNullable<ChatwootWidget["setUser"]>>(),
    setLocale: vi.fn<NonNullable<ChatwootWidget["setLocale"]>>(),
    reset: vi.fn(),
  };
  const run = vi.fn(() => {
    window.$chatwoot = widget;
    const holder = document.createElement("div");
    holder.className = "woot--bubble-holder";
    const bubble = document.createElement("button");
    bubble.className = "woot-widget-bubble";
    bubble.textContent = "Chatwoot bubble";
    holder.append(bubble);
    document.body.append(holder);
  });
  return { widget, run };
}

function sdkScript() {
  return document.querySelector<HTMLScriptElement>(`script[src="${SDK_URL}"]`);
}

/** The browser finished (or failed) fetching the SDK; on success the SDK's code has run first. */
async function finishSdkLoad(outcome: "load" | "error", sdk?: ReturnType<typeof fakeChatwootSdk>) {
  const script = sdkScript();
  expect(script).not.toBeNull();
  if (sdk) window.chatwootSDK = { run: sdk.run };
  await act(async () => {
    script!.dispatchEvent(new Event(outcome));
  });
}

// Testing Library's user-event waits on a real timer between steps, which fake timers never fire: press directly.
function press(element: HTMLElement) {
  fireEvent.click(element);
}

async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

async function renderChatButtons(
  options: {
    config?: SupportConfig;
    variants?: ChatButtonVariant[];
    language?: Language;
    user?: typeof AMINA | null;
  } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(supportConfigQueryKey, options.config ?? WITH_CHAT);
  return renderWithI18n(
    <QueryClientProvider client={queryClient}>
      {(options.variants ?? ["floating"]).map((variant) => (
        <ChatButton key={variant} variant={variant} user={options.user === undefined ? AMINA : options.user} />
      ))}
    </QueryClientProvider>,
    { language: options.language ?? "fr" },
  );
}

describe("ChatButton", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    resetChat();
    for (const holder of document.querySelectorAll(".woot--bubble-holder")) holder.remove();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("loads nothing of the chat before it is pressed", async () => {
    await renderChatButtons();
    expect(screen.getByRole("button", { name: "Discuter avec le support" })).toBeEnabled();
    await advance(5000);
    expect(sdkScript()).toBeNull();
    expect(window.chatwootSettings).toBeUndefined();
  });

  it("is disabled and busy while the widget initializes, and ready only once the widget has loaded", async () => {
    await renderChatButtons();
    const button = screen.getByRole("button", { name: "Discuter avec le support" });
    press(button);

    expect(button).toBeDisabled();
    expect(button).toHaveAttribute("aria-busy", "true");
    expect(window.chatwootSettings).toEqual({ hideMessageBubble: true, locale: "fr", position: "right" });
    const sdk = fakeChatwootSdk();
    await finishSdkLoad("load", sdk);
    expect(sdk.run).toHaveBeenCalledWith({ websiteToken: TOKEN, baseUrl: BASE_URL });

    // $chatwoot exists with its methods, but the widget has not finished loading.
    await advance(3000);
    expect(button).toBeDisabled();
    expect(sdk.widget.toggle).not.toHaveBeenCalled();

    sdk.widget.hasLoaded = true;
    await advance(100);
    expect(sdk.widget.setUser).toHaveBeenCalled();
    expect(sdk.widget.toggle).not.toHaveBeenCalled();
    expect(button).toHaveAttribute("aria-busy", "true");
  });

  it("opens the chat 1000 ms after the widget is ready, then is enabled again", async () => {
    await renderChatButtons();
    const button = screen.getByRole("button", { name: "Discuter avec le support" });
    press(button);
    const sdk = fakeChatwootSdk();
    await finishSdkLoad("load", sdk);
    sdk.widget.hasLoaded = true;
    await advance(100);

    await advance(999);
    expect(sdk.widget.toggle).not.toHaveBeenCalled();
    await advance(1);
    expect(sdk.widget.toggle).toHaveBeenCalledWith("open");
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute("aria-busy");

    // Once ready, a press opens it at once, without loading anything again.
    press(button);
    expect(sdk.widget.toggle).toHaveBeenCalledTimes(2);
    expect(document.querySelectorAll(`script[src="${SDK_URL}"]`)).toHaveLength(1);
  });

  it("is ready on the chatwoot:ready event too", async () => {
    await renderChatButtons();
    press(screen.getByRole("button", { name: "Discuter avec le support" }));
    const sdk = fakeChatwootSdk();
    await finishSdkLoad("load", sdk);
    await advance(500);
    window.dispatchEvent(new Event("chatwoot:ready"));
    await advance(100 + 1000);
    expect(sdk.widget.toggle).toHaveBeenCalledWith("open");
  });

  it("keeps the widget's own bubble hidden, applying the rule again every 500 ms", async () => {
    await renderChatButtons();
    press(screen.getByRole("button", { name: "Discuter avec le support" }));
    const sdk = fakeChatwootSdk();
    await finishSdkLoad("load", sdk);
    await advance(500);
    const bubble = screen.getByText("Chatwoot bubble");
    expect(bubble).not.toBeVisible();

    // The widget shows its bubble again and drops our rule: within 500 ms it is hidden again.
    document.getElementById("chatwoot-bubble-hidden")?.remove();
    for (const element of [bubble, bubble.parentElement!]) element.style.removeProperty("display");
    expect(bubble).toBeVisible();
    await advance(500);
    expect(bubble).not.toBeVisible();
    expect(document.getElementById("chatwoot-bubble-hidden")).toHaveTextContent("display: none !important");
  });

  it("passes the signed-in user's name, email and language to the widget", async () => {
    await renderChatButtons({ language: "ar" });
    press(screen.getByRole("button", { name: "الدردشة مع الدعم" }));
    expect(window.chatwootSettings).toEqual({ hideMessageBubble: true, locale: "ar", position: "left" });
    const sdk = fakeChatwootSdk();
    await finishSdkLoad("load", sdk);
    sdk.widget.hasLoaded = true;
    await advance(100);
    expect(sdk.widget.setUser).toHaveBeenCalledWith(AMINA.email, { name: AMINA.name, email: AMINA.email });
    expect(sdk.widget.setLocale).toHaveBeenCalledWith("ar");
  });

  it("shares one widget between the floating and the header buttons", async () => {
    await renderChatButtons({ variants: ["floating", "header"] });
    const [floating, header] = screen.getAllByRole("button", { name: "Discuter avec le support" });
    press(header!);
    expect(floating).toBeDisabled();
    expect(floating).toHaveAttribute("aria-busy", "true");
  });

  it("leads to the support page's contacts when no chat is configured", async () => {
    await renderChatButtons({
      config: { ...WITH_CHAT, chat: null },
      variants: ["floating", "inline"],
    });
    expect(screen.getByRole("link", { name: "Discuter avec le support" })).toHaveAttribute("href", "/support#contacts");
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
    expect(sdkScript()).toBeNull();
  });

  it("logs a script that cannot load, tells the user nothing, and leads to the contacts instead", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await renderChatButtons({ variants: ["floating", "inline"] });
    press(screen.getByRole("button", { name: "Discuter avec le support" }));
    await finishSdkLoad("error");

    expect(warn).toHaveBeenCalledWith("The chat could not start", expect.any(Error));
    expect(screen.getByRole("link", { name: "Discuter avec le support" })).toHaveAttribute("href", "/support#contacts");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(
      screen.getByText("Le chat est indisponible pour le moment : écrivez-nous sur WhatsApp ou par e-mail."),
    ).toBeInTheDocument();
  });

  it("gives up a widget that never becomes ready, logging it", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await renderChatButtons();
    press(screen.getByRole("button", { name: "Discuter avec le support" }));
    await finishSdkLoad("load", fakeChatwootSdk());
    await advance(20_000);
    expect(warn).toHaveBeenCalledWith("The chat could not start", expect.any(Error));
    expect(screen.getByRole("link", { name: "Discuter avec le support" })).toHaveAttribute("href", "/support#contacts");
  });
});
