import type { Language } from "@esim/shared/locale";
import { I18nProvider } from "@lingui/react";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { NoScriptNotice } from "../layout/no-script-notice.tsx";
import { serverI18n } from "../server-i18n.ts";
import { type PageFrame, StorefrontDocument } from "./document.tsx";

/** A whole public page as HTML, in `language`, from the one catalogue: what the API caches, compresses and ETags. */
export function renderStorefrontPage(language: Language, frame: PageFrame, main: ReactNode): string {
  return `<!doctype html>\n${renderToStaticMarkup(
    <I18nProvider i18n={serverI18n(language)}>
      <StorefrontDocument frame={frame}>{main}</StorefrontDocument>
    </I18nProvider>,
  )}`;
}

/** The app shell's `<noscript>` in `language`: inserted by the server into the page it answers for app addresses. */
export function renderNoScriptNotice(language: Language): string {
  return renderToStaticMarkup(
    <I18nProvider i18n={serverI18n(language)}>
      <NoScriptNotice />
    </I18nProvider>,
  );
}
