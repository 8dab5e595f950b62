import { textDirection } from "@esim/shared/locale";
import { useCallback, useSyncExternalStore } from "react";
import { useLanguage } from "../../../lib/i18n.ts";
import { useSupportConfig } from "../api/get-support-config.ts";
import { type ChatStatus, getChatState, openChat, subscribeToChat } from "./chat-controller.ts";

/** The signed-in user as the chat sees them. */
export interface ChatUser {
  /** Null until the user completes their profile. */
  name: string | null;
  email: string;
}

export interface ChatHandle {
  /**
   * "not-configured" (no chat, or its settings could not be read) and "error" (it failed to start): offer the
   * support page's contacts instead. "loading-config" while the settings are asked for.
   */
  status: ChatStatus | "not-configured" | "loading-config";
  /** Initializing, or waiting to open: the button is disabled with a loading indicator. */
  isBusy: boolean;
  open: () => void;
}

/** The live chat's state and the action that opens it, for any chat button. */
export function useChat(user: ChatUser | null): ChatHandle {
  const config = useSupportConfig();
  const language = useLanguage();
  const state = useSyncExternalStore(subscribeToChat, getChatState, getChatState);
  const chat = config.data?.chat ?? null;
  const open = useCallback(() => {
    if (!chat) return;
    openChat({
      baseUrl: chat.baseUrl,
      websiteToken: chat.websiteToken,
      language,
      direction: textDirection(language),
      // Our users have no public id: the email, which the chat's contact record holds anyway, identifies them.
      user: user ? { identifier: user.email, name: user.name, email: user.email } : null,
    });
  }, [chat, language, user]);
  if (config.isPending) return { status: "loading-config", isBusy: false, open };
  if (!chat) return { status: "not-configured", isBusy: false, open };
  return { status: state.status, isBusy: state.status === "initializing" || state.isOpening, open };
}
