import { NavLink } from "react-router";
import { useT } from "../../lib/i18n.ts";
import { NAVIGATION_ITEMS } from "./navigation-items.ts";

/** The phone's tab bar, above the home indicator (safe area). */
export function BottomTabs() {
  const t = useT();
  return (
    <nav
      aria-label={t("nav.main")}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <ul className="grid grid-cols-5">
        {NAVIGATION_ITEMS.map(({ to, labelId, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              className={({ isActive }) =>
                `flex min-h-14 flex-col items-center justify-center gap-0.5 px-1 text-[0.7rem] font-medium focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-brand-600 ${
                  isActive ? "text-brand-700" : "text-slate-600"
                }`
              }
            >
              <Icon className="size-6" />
              {/* Wraps rather than truncates: a 64 px tab at 320 px cut "شرائحي eSIM" to "شرائحي e…". */}
              <span className="max-w-full text-center leading-tight">{t(labelId)}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
