import { Link } from "react-router";
import { buttonClasses } from "../../../components/ui/button.tsx";
import { ChatIcon } from "../../../components/ui/icons.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useT } from "../../../lib/i18n.ts";
import { type ChatUser, useChat } from "./use-chat.ts";

export type ChatButtonVariant = "floating" | "header" | "inline";

const VARIANT_CLASSES: Record<ChatButtonVariant, string> = {
  // Desktop only (phones have the header's button): round, at the bottom end, where the widget's bubble would be.
  floating:
    "fixed bottom-6 end-6 z-40 hidden size-14 place-items-center rounded-full bg-brand-700 text-white shadow-lg shadow-slate-900/20 hover:bg-brand-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-wait disabled:bg-brand-600 md:grid",
  header:
    "grid size-11 place-items-center rounded-full text-slate-700 hover:bg-slate-100 focus-visible:outline-3 focus-visible:outline-brand-600 disabled:cursor-wait disabled:text-slate-500",
  inline: buttonClasses("primary", "w-full sm:w-auto disabled:cursor-wait"),
};

/** Where a chat button leads when there is no chat to open: the support page's email and other contacts. */
export const SUPPORT_CONTACTS_PATH = "/support#contacts";

interface ChatButtonProps {
  variant: ChatButtonVariant;
  /** The signed-in user, passed to the chat widget. */
  user: ChatUser | null;
}

/**
 * Opens the live chat, loading the widget on the first press. Disabled with a spinner (aria-busy) while the
 * widget initializes and until it opens; without a chat, or after it failed, a link to the support contacts.
 */
export function ChatButton({ variant, user }: ChatButtonProps) {
  const t = useT();
  const chat = useChat(user);
  const label = t("header.chat");
  const hasNoChat = chat.status === "loading-config" || chat.status === "not-configured" || chat.status === "error";
  if (hasNoChat && variant === "inline") {
    return chat.status === "error" ? <p className="text-sm text-slate-600">{t("support.chatUnavailable")}</p> : null;
  }
  if (hasNoChat) {
    return (
      <Link to={SUPPORT_CONTACTS_PATH} className={VARIANT_CLASSES[variant]} aria-label={label} title={label}>
        <ChatIcon className="size-6" />
      </Link>
    );
  }
  const icon = chat.isBusy ? <Spinner className="size-6" /> : <ChatIcon className="size-6" />;
  return (
    <button
      type="button"
      className={VARIANT_CLASSES[variant]}
      aria-label={variant === "inline" ? undefined : label}
      title={variant === "inline" ? undefined : label}
      disabled={chat.isBusy}
      aria-busy={chat.isBusy || undefined}
      onClick={chat.open}
    >
      {icon}
      {variant === "inline" ? (chat.isBusy ? t("support.chatOpening") : t("support.chatAction")) : null}
    </button>
  );
}
