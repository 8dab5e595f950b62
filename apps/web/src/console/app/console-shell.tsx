import { OPEN_CLAIM_STATUSES } from "@esim/shared/claims/contracts";
import { isOneOf } from "@esim/shared/statuses";
import { useQuery } from "@tanstack/react-query";
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from "react-router";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { errorMessageId } from "../../lib/error-messages.ts";
import { operatorMeQuery, useOperatorLogout } from "../api/operator.ts";
import { claimsQuery } from "../claims/api/claims.ts";
import { LanguageSelect } from "../components/language-select.tsx";
import { useT } from "../lib/i18n.ts";
import { ADMIN_LOGIN_PATH, useOperatorToken } from "../lib/operator-session.ts";

const NAV_LINK =
  "inline-flex min-h-11 items-center whitespace-nowrap rounded-lg px-3 text-sm font-semibold focus-visible:outline-3 focus-visible:outline-brand-600";

/**
 * The console's frame: who is signed in (email and role), the language, sign-out, and the sections. Without an
 * operator session (none yet, signed out, or a 401) it sends to the console's sign-in.
 */
export function ConsoleShell() {
  const t = useT();
  const token = useOperatorToken();
  const location = useLocation();
  const navigate = useNavigate();
  const me = useQuery({ ...operatorMeQuery(), enabled: token !== null });
  const logout = useOperatorLogout();
  // The open claims' count beside their section: each must be settled within 7 days (refreshed every minute).
  const claims = useQuery({ ...claimsQuery(undefined), enabled: token !== null });
  const openClaims = claims.data?.filter((claim) => isOneOf(OPEN_CLAIM_STATUSES, claim.status)).length ?? 0;

  if (token === null) {
    const back = `${location.pathname}${location.search}`;
    return <Navigate to={`${ADMIN_LOGIN_PATH}?redirect=${encodeURIComponent(back)}`} replace />;
  }

  // The day's sections (the first six) stay in the row; the rest are grouped under "More", so the row fits one line
  // at 1 280 px in every language (thirteen sections wrapped to two).
  const links = [
    { to: "/admin", label: t("console.nav.dashboard"), end: true, isShown: true },
    { to: "/admin/orders", label: t("console.nav.orders"), end: false, isShown: true },
    { to: "/admin/customers", label: t("console.nav.customers"), end: false, isShown: true },
    { to: "/admin/cancellations", label: t("console.nav.cancellations"), end: false, isShown: true },
    {
      to: "/admin/claims",
      label: t("console.nav.claims"),
      count: openClaims > 0 ? t("console.nav.openClaims", { count: openClaims }) : null,
      end: false,
      isShown: true,
    },
    { to: "/admin/coupons", label: t("console.nav.coupons"), end: false, isShown: me.data?.role === "admin" },
  ];
  const moreLinks = [
    { to: "/admin/prices", label: t("console.nav.prices"), end: false, isShown: me.data?.role === "admin" },
    { to: "/admin/referrals", label: t("console.nav.referrals"), end: false, isShown: true },
    { to: "/admin/catalogue", label: t("console.nav.catalogue"), end: false, isShown: me.data?.role === "admin" },
    { to: "/admin/invoicing", label: t("console.nav.invoicing"), end: false, isShown: me.data?.role === "admin" },
    { to: "/admin/team", label: t("console.nav.team"), end: false, isShown: me.data?.role === "admin" },
    { to: "/admin/audit", label: t("console.nav.audit"), end: false, isShown: me.data?.role === "admin" },
    { to: "/admin/sessions", label: t("console.nav.sessions"), end: false, isShown: true },
  ];

  const shownMore = moreLinks.filter((link) => link.isShown);
  const isMoreActive = shownMore.some((link) => location.pathname.startsWith(link.to));

  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <p className="text-lg font-bold text-slate-900">{t("console.title")}</p>
          <div className="flex flex-wrap items-center gap-2">
            {me.data ? (
              <p className="text-sm text-slate-700">
                <bdi className="font-semibold text-slate-900">{me.data.email}</bdi>{" "}
                <span className="rounded-md bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
                  {t(me.data.role === "admin" ? "console.role.admin" : "console.role.support")}
                </span>
              </p>
            ) : null}
            <LanguageSelect />
            <Button
              variant="secondary"
              className="min-h-11 px-3 text-sm"
              isLoading={logout.isPending}
              onClick={() => logout.mutate(undefined, { onSettled: () => navigate(ADMIN_LOGIN_PATH) })}
            >
              {t("console.signOut")}
            </Button>
          </div>
        </div>
        {/* One row: scrolled sideways on a phone (wrapped, the sections covered the page there), the less used
            sections under "More" beside it (outside the scrolled row, so its list is never clipped). */}
        <nav aria-label={t("console.nav.label")} className="mx-auto flex max-w-6xl items-start gap-1 px-2 pb-2">
          {/* relative: the count's screen-reader text (absolutely placed) scrolls with the row, never widens the page. */}
          <ul className="relative flex min-w-0 flex-nowrap gap-1 overflow-x-auto">
            {links
              .filter((link) => link.isShown)
              .map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    end={link.end}
                    className={({ isActive }) =>
                      `${NAV_LINK} ${isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100"}`
                    }
                  >
                    {link.label}
                    {"count" in link && link.count ? (
                      <>
                        <span className="sr-only">, </span>
                        <span className="ms-1 rounded-full bg-red-100 px-2 text-xs font-semibold text-red-800">
                          {link.count}
                        </span>
                      </>
                    ) : null}
                  </NavLink>
                </li>
              ))}
          </ul>
          {/* Closed again on each page (the key): a choice made in it takes the operator away. */}
          <details key={location.pathname} className="relative shrink-0">
            <summary
              className={`${NAV_LINK} cursor-pointer list-none ${
                isMoreActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100"
              }`}
            >
              {t("console.nav.more")}
              <span aria-hidden="true" className="ms-1 text-xs">
                ▾
              </span>
            </summary>
            <ul className="absolute end-0 z-20 mt-1 w-56 space-y-1 rounded-xl bg-white p-2 shadow-lg ring-1 ring-slate-200">
              {shownMore.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    end={link.end}
                    className={({ isActive }) =>
                      `${NAV_LINK} w-full ${isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100"}`
                    }
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </details>
        </nav>
      </header>
      <main id="main" className="mx-auto max-w-6xl px-4 py-6">
        {me.error ? <Alert>{t(errorMessageId(me.error))}</Alert> : <Outlet context={me.data ?? null} />}
      </main>
    </div>
  );
}
