import { isRouteErrorResponse, useRouteError } from "react-router";
import { useT } from "../../lib/i18n.ts";
import { buttonClasses } from "./button-classes.ts";
import { ErrorCircleIcon } from "./error-circle-icon.tsx";

/**
 * Last resort when a screen fails to load or render (a lost chunk after a deploy, a bug), in either app: the link
 * reloads the app's home (the traveller's /home, the console's /admin).
 */
export function RouteError({ homeHref = "/home" }: { homeHref?: string }) {
  const t = useT();
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error("Route failed", error);
  return (
    <main className="grid min-h-dvh place-items-center bg-slate-50 p-6">
      <div className="max-w-md text-center">
        <ErrorCircleIcon className="mx-auto size-12 text-red-700" />
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{t("routeError.title")}</h1>
        <p className="mt-2 text-slate-600">{t("routeError.message")}</p>
        <a href={homeHref} className={buttonClasses("primary", "mt-6")}>
          {t("routeError.reload")}
        </a>
      </div>
    </main>
  );
}
