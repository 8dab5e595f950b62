import { Brand, MAIN_CONTENT_ID, SkipLink } from "@esim/ui/layout";
import type { ReactNode } from "react";
import { Card } from "../../components/ui/card.tsx";
import { LanguageSwitcher } from "../../features/account/components/language-switcher.tsx";
import { MarketingClaims } from "../../features/catalog/components/marketing-claims.tsx";
import { useSupportConfig } from "../../features/support/api/get-support-config.ts";
import { useDisplayCurrency } from "../../routes/hooks/use-display-currency.ts";
import { SiteFooter } from "./site-footer.tsx";

/**
 * AuthPage and /register: the form first (it is what the visitor came for),
 * the shop's promises beside it on wide screens and below it on phones. The form comes first in the markup too,
 * and wide screens place the two by grid column, not by `order`: a browser painting the prerendered page before
 * it has parsed all of it (Chromium does, ~200 ms in) then shows the form where it stays, where an `order`-swapped
 * layout drew the promises first and pushed them down by the form's height (CLS up to 0.6, bench/README.md).
 */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const currency = useDisplayCurrency();
  const support = useSupportConfig();
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <SkipLink />
      <div className="grid flex-1 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
        <main
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          className="flex flex-col px-4 pb-8 sm:px-8 lg:col-start-2 lg:row-start-1"
        >
          <header className="box-content flex h-16 items-center justify-between gap-2 pt-header-inset sm:gap-4 lg:justify-end">
            <div className="lg:hidden">
              <Brand href="/login" />
            </div>
            <LanguageSwitcher />
          </header>
          <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center py-6">
            <h1 className="sr-only">{title}</h1>
            <Card className="sm:p-8">{children}</Card>
          </div>
        </main>
        <section
          aria-label={title}
          className="bg-gradient-to-br from-brand-800 via-brand-700 to-brand-900 px-6 py-10 sm:px-10 lg:col-start-1 lg:row-start-1 lg:flex lg:flex-col lg:justify-between lg:py-12"
        >
          <div className="hidden lg:block">
            <Brand href="/login" tone="light" />
          </div>
          <div className="lg:my-auto lg:py-10">
            <MarketingClaims currency={currency} supportHours={support.data?.hours} />
          </div>
        </section>
      </div>
      <SiteFooter />
    </div>
  );
}
