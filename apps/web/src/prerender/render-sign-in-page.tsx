import { HTML_LANG, type Language, textDirection } from "@esim/shared/locale";
import ar from "@esim/ui/messages/ar.json?catalog=sign-in";
import en from "@esim/ui/messages/en.json?catalog=sign-in";
import fr from "@esim/ui/messages/fr.json?catalog=sign-in";
import { type Messages, setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { MemoryRouter, Route, Routes } from "react-router";
import { AppShellPlaceholder } from "../app/layouts/app-shell-placeholder.tsx";
import { OfflineBanner } from "../components/ui/offline-banner.tsx";
import { LoginRoute } from "../routes/login.tsx";

// The build step (build-tools/prerender-sign-in.ts) renders one page per language; it cannot import the workspace package itself.
export { LANGUAGES } from "@esim/shared/locale";

const signInCatalogs: Record<Language, unknown> = { fr, en, ar };

export interface PrerenderedPage {
  /** The screen's markup, for `<div id="root">`. */
  body: string;
  htmlLang: string;
  dir: "ltr" | "rtl";
  title: string;
  description: string;
  keywords: string;
}

/**
 * The sign-in screen as the app's first render draws it in `language`, without a session or the catalogue's
 * numbers (their placeholders, as in the browser before the summary arrives): the root layout's offline notice
 * (empty while online) and AuthPage. Run at build by build-tools/prerender-sign-in.ts (decision 030); main.tsx
 * replaces it in one commit once the router has the same screen ready.
 */
export function renderSignInPage(language: Language): PrerenderedPage {
  const i18n = setupI18n({ locale: language, messages: { [language]: signInCatalogs[language] as Messages } });
  const body = renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <I18nProvider i18n={i18n}>
        <MemoryRouter initialEntries={["/login"]}>
          <OfflineBanner />
          <Routes>
            <Route path="/login" element={<LoginRoute />} />
          </Routes>
        </MemoryRouter>
      </I18nProvider>
    </QueryClientProvider>,
  );
  return {
    body,
    htmlLang: HTML_LANG[language],
    dir: textDirection(language),
    title: i18n._("meta.title"),
    description: i18n._("meta.description"),
    keywords: i18n._("meta.keywords"),
  };
}

/** The signed-in app's placeholder (header, brand, skeleton) in `language`, for `<div id="root">` of every app page. */
export function renderAppShell(language: Language): { body: string; htmlLang: string; dir: "ltr" | "rtl" } {
  const i18n = setupI18n({ locale: language, messages: { [language]: signInCatalogs[language] as Messages } });
  const body = renderToString(
    <I18nProvider i18n={i18n}>
      <MemoryRouter>
        <AppShellPlaceholder />
      </MemoryRouter>
    </I18nProvider>,
  );
  return { body, htmlLang: HTML_LANG[language], dir: textDirection(language) };
}
