import { createContext, type ReactNode, useContext } from "react";
import { Link, useNavigate } from "react-router";
import { useT } from "../../lib/i18n.ts";
import { ArrowBackIcon, ChatIcon } from "./icons.tsx";

export const PAGE_HEADER_HEIGHT_CLASS = "h-14";

/** The live-chat button the signed-in shell gives every page header; without one, a link to the support page. */
export const PageHeaderChatContext = createContext<ReactNode>(null);

interface PageHeaderProps {
  title: string;
  /** Show the back arrow. */
  hasBack?: boolean;
  /** Where the back arrow goes; without it, one step back in history. */
  backTo?: string;
  /** The live-chat button; by default the shell's (PageHeaderChatContext), else a link to the support page. */
  chatSlot?: ReactNode;
}

/** The fixed mobile header (hidden from 768 px, where the navigation bar takes over). */
export function PageHeader({ title, hasBack = false, backTo, chatSlot }: PageHeaderProps) {
  const t = useT();
  const navigate = useNavigate();
  const shellChat = useContext(PageHeaderChatContext);
  const iconButton =
    "grid size-11 place-items-center rounded-full text-slate-700 hover:bg-slate-100 focus-visible:outline-3 focus-visible:outline-brand-600";
  return (
    <>
      {/* pt-header-inset: the status bar's room, per platform (index.css, html[data-platform]). */}
      <header className="fixed inset-x-0 top-0 z-30 border-b border-slate-200 bg-white/95 pt-header-inset backdrop-blur md:hidden">
        <div className={`flex ${PAGE_HEADER_HEIGHT_CLASS} items-center gap-1 px-2`}>
          <div className="flex w-12 justify-start">
            {hasBack ? (
              <button
                type="button"
                className={iconButton}
                aria-label={t("common.back")}
                onClick={() => (backTo ? navigate(backTo) : navigate(-1))}
              >
                <ArrowBackIcon className="size-6 rtl:-scale-x-100" data-mirrored="rtl" />
              </button>
            ) : null}
          </div>
          {/*
            The page's own h1 carries the title for assistive technology; this is its visual twin. It takes two lines
            rather than an ellipsis: "Récapitulatif de commande" did not fit one line at 390 px.
          */}
          <p
            aria-hidden="true"
            className="line-clamp-2 min-w-0 flex-1 text-center text-lg leading-tight font-semibold text-balance text-slate-900"
          >
            {title}
          </p>
          <div className="flex w-12 justify-end">
            {chatSlot ?? shellChat ?? (
              <Link to="/support" className={iconButton} aria-label={t("header.chat")}>
                <ChatIcon className="size-6" />
              </Link>
            )}
          </div>
        </div>
      </header>
      {/* Keeps the page's content clear of the fixed header. */}
      <div className={`box-content ${PAGE_HEADER_HEIGHT_CLASS} pt-header-inset md:hidden`} aria-hidden="true" />
    </>
  );
}
