import { Link } from "react-router";
import { buttonClasses } from "../components/ui/button.tsx";
import { CompassIcon } from "../components/ui/icons.tsx";
import { useT } from "../lib/i18n.ts";

export function NotFoundRoute() {
  const t = useT();
  return (
    <main className="grid min-h-dvh place-items-center bg-slate-50 p-6">
      <div className="max-w-md text-center">
        <span className="mx-auto grid size-16 place-items-center rounded-2xl bg-brand-50 text-brand-700">
          <CompassIcon className="size-8" />
        </span>
        <p className="mt-5 text-sm font-semibold text-brand-700">404</p>
        <h1 className="mt-1 text-2xl font-bold text-slate-900">{t("notFound.title")}</h1>
        <p className="mt-2 text-slate-600">{t("notFound.message")}</p>
        <Link to="/home" className={buttonClasses("primary", "mt-6")}>
          {t("comingSoon.backHome")}
        </Link>
      </div>
    </main>
  );
}
