import { isolate, isolateLtr } from "@esim/shared/bidi";
import { formatRoundedCount } from "@esim/shared/catalog/marketing";
import { LEGAL_PAGES, type LegalPage } from "@esim/shared/legal-pages";
import type { Currency } from "@esim/shared/locale";
import { formatMoney } from "@esim/shared/money";
import { type MessageId, useLanguage, useT } from "../i18n.ts";

/** What the marketing line states: the catalogue's figures, or null before they are known. */
export interface CatalogueFigures {
  destinationCount: number;
  lowestPrice: { DZD: number; USD: number };
}

/** The footer's one-line pitch from the catalogue's figures, in the display currency; the tagline without them. */
export function MarketingLine({ figures, currency }: { figures: CatalogueFigures | null; currency: Currency }) {
  const t = useT();
  if (!figures) return <p className="text-sm text-slate-600">{t("footer.tagline")}</p>;
  return (
    <p className="text-sm text-slate-600">
      {t("footer.marketing", {
        price: isolate(formatMoney(figures.lowestPrice[currency], currency)),
        count: isolateLtr(formatRoundedCount(figures.destinationCount)),
      })}
    </p>
  );
}

/** The hero's line of figures ("Data plans from 64 DA · 170+ destinations"), on the app's home and the landing page. */
export function HeroMarketingLine({
  figures,
  currency,
  className,
}: {
  figures: CatalogueFigures | null;
  currency: Currency;
  className: string;
}) {
  const t = useT();
  if (!figures) return null;
  return (
    <p className={className}>
      {t("marketing.fromPrice", { price: isolate(formatMoney(figures.lowestPrice[currency], currency)) })}
      {" · "}
      {t("marketing.destinations", { count: isolateLtr(formatRoundedCount(figures.destinationCount)) })}
    </p>
  );
}

const LEGAL_LINK_TEXT: Record<LegalPage, MessageId> = {
  terms: "footer.terms",
  privacy: "footer.privacy",
  "legal-notice": "footer.legalNotice",
};

/** A legal page's address in a language: public, indexed, the same for visitors and signed-in travellers. */
export function legalPath(language: string, page: LegalPage): string {
  return `/${language}/${page}`;
}

/**
 * Every page's footer (public pages, sign-in, the signed-in app): the marketing line, what the plans are (data
 * only), the legal pages (law 18-05) and the copyright. The legal pages are rendered by the server, so
 * their links are plain anchors (a document load), not the app's router.
 */
export function SiteFooter({
  figures,
  currency,
  year,
  className = "",
}: {
  figures: CatalogueFigures | null;
  currency: Currency;
  /** The copyright's year, given by the caller: a server render and the app agree on it. */
  year: number;
  className?: string;
}) {
  const t = useT();
  const language = useLanguage();
  return (
    <footer className={`border-t border-slate-200 bg-white ${className}`}>
      <div className="mx-auto flex max-w-5xl flex-col gap-2 px-4 py-6">
        <MarketingLine figures={figures} currency={currency} />
        <p className="text-sm text-slate-600">{t("footer.dataOnly")}</p>
        <nav aria-label={t("footer.legalNav")}>
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {LEGAL_PAGES.map((page) => (
              <li key={page}>
                <a
                  href={legalPath(language, page)}
                  className="inline-block rounded py-1 text-brand-800 underline underline-offset-4 hover:text-brand-900 focus-visible:outline-3 focus-visible:outline-brand-600"
                >
                  {t(LEGAL_LINK_TEXT[page])}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <p className="text-sm text-slate-600">{t("footer.copyright", { year: String(year) })}</p>
      </div>
    </footer>
  );
}
