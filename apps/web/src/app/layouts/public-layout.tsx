import { Brand, MAIN_CONTENT_ID, SkipLink } from "@esim/ui/layout";
import { Outlet } from "react-router";
import { LanguageSwitcher } from "../../features/account/components/language-switcher.tsx";
import { SiteFooter } from "./site-footer.tsx";

/** Pages open to visitors: brand, language, content, footer. */
export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="border-b border-slate-200 bg-white pt-header-inset">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between gap-4 px-4">
          <Brand href="/login" />
          <LanguageSwitcher />
        </div>
      </header>
      <main id={MAIN_CONTENT_ID} className="flex-1" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
