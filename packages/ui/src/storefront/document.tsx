import { HTML_LANG, LANGUAGES, type Language, textDirection } from "@esim/shared/locale";
import type { ReactNode } from "react";
import { useLanguage, useT } from "../i18n.ts";
import { Brand } from "../layout/brand.tsx";
import { LanguagePicker } from "../layout/language-picker.tsx";
import { type CatalogueFigures, SiteFooter } from "../layout/site-footer.tsx";
import { MAIN_CONTENT_ID, SkipLink } from "../layout/skip-link.tsx";
import { JsonLd } from "./json-ld.tsx";
import { type PromoCheck, PromoNotice } from "./promo-notice.tsx";

/** Open Graph locales of our three languages. */
const OG_LOCALE: Record<Language, string> = { fr: "fr_DZ", en: "en_US", ar: "ar_DZ" };

export interface PageHead {
  title: string;
  description: string;
  keywords: string;
  /** The page's path in each language (hreflang alternates; the canonical is this language's). */
  paths: Record<Language, string>;
  publicUrl: string;
  isIndexable: boolean;
  structuredData: unknown[];
  /** The address's own query (filters, promo code) that the language links keep: "" or "?…". */
  keptSearch: string;
  /** The landing page's address (with the promo code the page was opened with): where the brand leads. */
  homeHref: string;
  /** An absolute address of the preview image link previews show (og:image); none: a text-only card. */
  image?: { url: string; width: number; height: number; alt: string };
}

/** What frames every public page: its head, the web app's stylesheet (inlined), the footer's figures. */
export interface PageFrame {
  head: PageHead;
  /** The web app's stylesheet, inlined: the page's first paint waits for no other request. */
  css: string;
  figures: CatalogueFigures | null;
  year: number;
  /** The `?promo=` code the page was opened with, as checked: confirmed above the page's content. */
  promo?: PromoCheck | null;
}

function Head({ head, css }: { head: PageHead; css: string }) {
  const t = useT();
  const language = useLanguage();
  const canonical = `${head.publicUrl}${head.paths[language]}`;
  return (
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{head.title}</title>
      <meta name="description" content={head.description} />
      <meta name="keywords" content={head.keywords} />
      {head.isIndexable ? null : <meta name="robots" content="noindex" />}
      <meta name="theme-color" content="#0f5f5a" />
      <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
      {css === "" ? null : (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the web build's own stylesheet, never data
        <style dangerouslySetInnerHTML={{ __html: css }} />
      )}
      {head.isIndexable ? (
        <>
          <link rel="canonical" href={canonical} />
          {LANGUAGES.map((each) => (
            <link key={each} rel="alternate" hrefLang={HTML_LANG[each]} href={`${head.publicUrl}${head.paths[each]}`} />
          ))}
          <link rel="alternate" hrefLang="x-default" href={`${head.publicUrl}${head.paths.fr}`} />
        </>
      ) : null}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={t("app.name")} />
      <meta property="og:title" content={head.title} />
      <meta property="og:description" content={head.description} />
      <meta property="og:url" content={canonical} />
      <meta property="og:locale" content={OG_LOCALE[language]} />
      {LANGUAGES.filter((each) => each !== language).map((each) => (
        <meta key={each} property="og:locale:alternate" content={OG_LOCALE[each]} />
      ))}
      {head.image ? (
        <>
          <meta property="og:image" content={head.image.url} />
          <meta property="og:image:width" content={String(head.image.width)} />
          <meta property="og:image:height" content={String(head.image.height)} />
          <meta property="og:image:alt" content={head.image.alt} />
          <meta name="twitter:image" content={head.image.url} />
        </>
      ) : null}
      <meta name="twitter:card" content={head.image ? "summary_large_image" : "summary"} />
      <meta name="twitter:title" content={head.title} />
      <meta name="twitter:description" content={head.description} />
      {head.structuredData.map((data, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered
        <JsonLd key={index} data={data} />
      ))}
    </head>
  );
}

/**
 * A whole public page (decision 070): `<html lang dir>`, the head, a skip link, the header (brand, language
 * picker, sign in), one main, the footer every surface shares. No script: links and a GET form only.
 */
export function StorefrontDocument({ frame, children }: { frame: PageFrame; children: ReactNode }) {
  const t = useT();
  const language = useLanguage();
  const { head } = frame;
  return (
    <html lang={HTML_LANG[language]} dir={textDirection(language)}>
      <Head head={head} css={frame.css} />
      <body className="flex min-h-dvh flex-col bg-slate-50 text-slate-900">
        <SkipLink />
        <header className="border-b border-slate-200 bg-white">
          <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3 px-4 py-2">
            <Brand href={head.homeHref} />
            <div className="flex flex-wrap items-center gap-3">
              <LanguagePicker hrefOf={(each) => `${head.paths[each]}${head.keptSearch}`} />
              {/* The sign-in page opens in the language read here (decision 073). */}
              <a
                href={`/login?lang=${language}`}
                className="inline-flex min-h-11 items-center rounded-xl px-3 text-sm font-semibold text-brand-800 ring-1 ring-inset ring-brand-700 hover:bg-brand-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                {t("auth.pageTitle")}
              </a>
            </div>
          </div>
        </header>
        <main id={MAIN_CONTENT_ID} className="mx-auto w-full max-w-5xl flex-1 px-4 pt-6 pb-12">
          {frame.promo ? <PromoNotice promo={frame.promo} /> : null}
          {children}
        </main>
        <SiteFooter figures={frame.figures} currency="DZD" year={frame.year} />
      </body>
    </html>
  );
}
