// The part of Chatwoot's website SDK we use (decision 020): settings before loading, then
// `<baseUrl>/packs/js/sdk.js`, then `chatwootSDK.run()`, which defines `window.$chatwoot` before the widget
// has loaded: readiness is `hasLoaded` or the `chatwoot:ready` event.

export interface ChatwootWidget {
  hasLoaded?: boolean;
  isOpen?: boolean;
  toggle?: (state?: "open" | "close") => void;
  open?: () => void;
  show?: () => void;
  setUser?: (identifier: string, user: { name?: string; email?: string }) => void;
  setLocale?: (locale: string) => void;
  reset?: () => void;
}

export interface ChatwootSettings {
  hideMessageBubble: boolean;
  locale: string;
  position: "left" | "right";
}

declare global {
  interface Window {
    $chatwoot?: ChatwootWidget;
    chatwootSDK?: { run: (options: { websiteToken: string; baseUrl: string }) => void };
    chatwootSettings?: ChatwootSettings;
  }
}

export const CHATWOOT_SCRIPT_ID = "chatwoot-sdk";
export const BUBBLE_HIDE_STYLE_ID = "chatwoot-bubble-hidden";
/** The widget's own launcher: the app's chat buttons replace it. */
export const BUBBLE_SELECTOR = ".woot-widget-bubble, .woot--bubble-holder";

/** Adds the SDK's script tag once; resolves when it has run, rejects when it cannot be loaded. */
export function loadChatwootScript(baseUrl: string): Promise<void> {
  return new Promise((resolve, reject) => {
    document.getElementById(CHATWOOT_SCRIPT_ID)?.remove();
    const script = document.createElement("script");
    script.id = CHATWOOT_SCRIPT_ID;
    script.src = `${baseUrl}/packs/js/sdk.js`;
    script.async = true;
    script.addEventListener("load", () => resolve(), { once: true });
    script.addEventListener("error", () => reject(new Error(`The chat script ${script.src} could not be loaded`)), {
      once: true,
    });
    document.head.append(script);
  });
}

/** The widget once it can be opened and has finished loading, else null. */
export function readyWidget(hasSeenReadyEvent: boolean): ChatwootWidget | null {
  const widget = window.$chatwoot;
  if (!widget) return null;
  const canOpen = [widget.toggle, widget.open, widget.show].some((method) => typeof method === "function");
  return canOpen && (widget.hasLoaded === true || hasSeenReadyEvent) ? widget : null;
}

/** Opens the chat window with whichever method the widget offers. */
export function openWidget(widget: ChatwootWidget): void {
  if (widget.toggle) widget.toggle("open");
  else if (widget.open) widget.open();
  else widget.show?.();
}

/**
 * Keeps the widget's bubble hidden: a style rule kept last in <head> (the SDK adds its own styles after ours)
 * and the same rule inline on the bubbles present, which no stylesheet can override.
 */
export function hideWidgetBubble(): void {
  let style = document.getElementById(BUBBLE_HIDE_STYLE_ID);
  if (!style) {
    style = document.createElement("style");
    style.id = BUBBLE_HIDE_STYLE_ID;
    style.textContent = `${BUBBLE_SELECTOR} { display: none !important; }`;
  }
  if (style !== document.head.lastElementChild) document.head.append(style);
  for (const bubble of document.querySelectorAll<HTMLElement>(BUBBLE_SELECTOR)) {
    bubble.style.setProperty("display", "none", "important");
  }
}
