import { Brand } from "@esim/ui/layout";
import { NavLink } from "react-router";
import { LanguageSwitcher } from "../../features/account/components/language-switcher.tsx";
import { useT } from "../../lib/i18n.ts";
import { NAVIGATION_ITEMS } from "./navigation-items.ts";

/** The desktop navigation bar (from 768 px); phones get the page header and the tab bar instead. */
export function AppNav() {
  const t = useT();
  return (
    <header className="sticky top-0 z-30 hidden border-b border-slate-200 bg-white/95 pt-header-inset backdrop-blur md:block">
      <div className="mx-auto flex h-16 max-w-5xl items-center gap-6 px-4">
        <Brand href="/home" />
        <nav aria-label={t("nav.main")} className="flex-1">
          <ul className="flex items-center gap-1">
            {NAVIGATION_ITEMS.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  className={({ isActive }) =>
                    `inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-medium focus-visible:outline-3 focus-visible:outline-brand-600 ${
                      isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"
                    }`
                  }
                >
                  {t(item.labelId)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <LanguageSwitcher />
      </div>
    </header>
  );
}
