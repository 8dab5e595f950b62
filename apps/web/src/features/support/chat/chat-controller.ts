import type { Language } from "@esim/shared/locale";
import { subscribeToSession } from "../../../lib/session.ts";
import {
  BUBBLE_HIDE_STYLE_ID,
  CHATWOOT_SCRIPT_ID,
  type ChatwootWidget,
  hideWidgetBubble,
  loadChatwootScript,
  openWidget,
  readyWidget,
} from "./chatwoot.ts";

// The chat widget's states: not ready, then initializing on the first press,
// then ready once the widget can be opened and has loaded. Any failure is logged and ends in "error",
// where the buttons lead to the support page's other contacts. One widget per page, so one state,
// outside React, shared by the floating button, the header button and the support page.

export type ChatStatus = "not-ready" | "initializing" | "ready" | "error";

export interface ChatState {
  status: ChatStatus;
  /** The wait between readiness and the chat window opening: the buttons still show they are busy. */
  isOpening: boolean;
}

/** How often the widget is polled for readiness, and how long we wait for it. */
export const CHAT_TIMINGS = {
  readinessPollMs: 100,
  bubbleHideMs: 500,
  openDelayMs: 1000,
  /** Past this, a widget that never became ready is given up (logged, contacts offered). */
  readinessTimeoutMs: 20_000,
};

export interface ChatIdentity {
  /** A stable, non-secret id of the user for the chat's contact record. */
  identifier: string;
  name: string | null;
  email: string;
}

export interface OpenChatOptions {
  baseUrl: string;
  websiteToken: string;
  language: Language;
  direction: "ltr" | "rtl";
  /** The signed-in user, passed to the widget; null for a visitor. */
  user: ChatIdentity | null;
}

type Listener = () => void;

let state: ChatState = { status: "not-ready", isOpening: false };
const listeners = new Set<Listener>();
let bubbleTimer: ReturnType<typeof setInterval> | undefined;
let pollTimer: ReturnType<typeof setInterval> | undefined;
let openTimer: ReturnType<typeof setTimeout> | undefined;
let hasSeenReadyEvent = false;
let sentIdentity: string | null = null;
let sentLanguage: string | null = null;
let stopFollowingSession: (() => void) | null = null;
let stopWaiting: ((error: Error) => void) | null = null;

function setState(next: Partial<ChatState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export function getChatState(): ChatState {
  return state;
}

export function subscribeToChat(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function onReadyEvent() {
  hasSeenReadyEvent = true;
}

function onErrorEvent() {
  stopWaiting?.(new Error("The chat widget reported an error (chatwoot:error)"));
}

/** Polls every 100 ms until the widget is ready; rejects on `chatwoot:error` or after the time-out. */
function waitForWidget(): Promise<ChatwootWidget> {
  return new Promise((resolve, reject) => {
    let polls = 0;
    const finish = (outcome: () => void) => {
      clearInterval(pollTimer);
      pollTimer = undefined;
      stopWaiting = null;
      outcome();
    };
    stopWaiting = (error) => finish(() => reject(error));
    pollTimer = setInterval(() => {
      polls += 1;
      const widget = readyWidget(hasSeenReadyEvent);
      if (widget) finish(() => resolve(widget));
      else if (polls * CHAT_TIMINGS.readinessPollMs >= CHAT_TIMINGS.readinessTimeoutMs) {
        finish(() => reject(new Error(`The chat widget was not ready after ${CHAT_TIMINGS.readinessTimeoutMs} ms`)));
      }
    }, CHAT_TIMINGS.readinessPollMs);
  });
}

/** Passes the signed-in user and the language to the widget, once per change (each call reaches Chatwoot's server). */
function identify(widget: ChatwootWidget, options: Pick<OpenChatOptions, "user" | "language">): void {
  const { user, language } = options;
  if (user && sentIdentity !== user.identifier) {
    widget.setUser?.(user.identifier, user.name ? { name: user.name, email: user.email } : { email: user.email });
    sentIdentity = user.identifier;
  }
  if (sentLanguage !== language) {
    widget.setLocale?.(language);
    sentLanguage = language;
  }
}

/** On sign-out (or a session ended elsewhere) the widget forgets the conversation's contact. */
function forgetUserOnSessionEnd(): void {
  stopFollowingSession?.();
  stopFollowingSession = subscribeToSession((session) => {
    if (session.token !== null || sentIdentity === null) return;
    try {
      window.$chatwoot?.reset?.();
    } catch (error) {
      console.warn("Resetting the chat widget failed", error);
    }
    sentIdentity = null;
    sentLanguage = null;
  });
}

async function initialize(options: OpenChatOptions): Promise<void> {
  window.chatwootSettings = {
    hideMessageBubble: true,
    locale: options.language,
    // The app's own button sits at the bottom end; the chat window opens on that side.
    position: options.direction === "rtl" ? "left" : "right",
  };
  window.addEventListener("chatwoot:ready", onReadyEvent);
  window.addEventListener("chatwoot:error", onErrorEvent);
  hideWidgetBubble();
  bubbleTimer = setInterval(hideWidgetBubble, CHAT_TIMINGS.bubbleHideMs);
  await loadChatwootScript(options.baseUrl);
  if (!window.chatwootSDK) throw new Error("The chat script did not define chatwootSDK");
  window.chatwootSDK.run({ websiteToken: options.websiteToken, baseUrl: options.baseUrl });
  const widget = await waitForWidget();
  identify(widget, options);
  forgetUserOnSessionEnd();
  setState({ status: "ready", isOpening: true });
  await new Promise<void>((resolve) => {
    openTimer = setTimeout(resolve, CHAT_TIMINGS.openDelayMs);
  });
  openWidget(widget);
  setState({ isOpening: false });
}

/**
 * Opens the live chat: the first call loads the widget (never before: nothing of it is on the first paint),
 * waits until it is ready, then 1000 ms, then opens it. Never throws: a failure is logged and leaves the
 * state "error".
 */
export function openChat(options: OpenChatOptions): void {
  if (state.status === "initializing" || state.isOpening || state.status === "error") return;
  if (state.status === "ready") {
    try {
      const widget = readyWidget(true);
      if (!widget) throw new Error("The chat widget is gone");
      identify(widget, options);
      openWidget(widget);
    } catch (error) {
      console.warn("Opening the chat failed", error);
      setState({ status: "error", isOpening: false });
    }
    return;
  }
  setState({ status: "initializing", isOpening: false });
  initialize(options).catch((error: unknown) => {
    console.warn("The chat could not start", error);
    clearInterval(pollTimer);
    pollTimer = undefined;
    setState({ status: "error", isOpening: false });
  });
}

/** Back to "not ready" with no widget, script, timer or listener left (tests). */
export function resetChat(): void {
  clearInterval(bubbleTimer);
  clearInterval(pollTimer);
  clearTimeout(openTimer);
  bubbleTimer = pollTimer = openTimer = undefined;
  stopWaiting = null;
  stopFollowingSession?.();
  stopFollowingSession = null;
  window.removeEventListener("chatwoot:ready", onReadyEvent);
  window.removeEventListener("chatwoot:error", onErrorEvent);
  document.getElementById(CHATWOOT_SCRIPT_ID)?.remove();
  document.getElementById(BUBBLE_HIDE_STYLE_ID)?.remove();
  delete window.$chatwoot;
  delete window.chatwootSDK;
  delete window.chatwootSettings;
  hasSeenReadyEvent = false;
  sentIdentity = null;
  sentLanguage = null;
  state = { status: "not-ready", isOpening: false };
  for (const listener of listeners) listener();
}
