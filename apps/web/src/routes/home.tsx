import { Link } from "react-router";
import { buttonClasses } from "../components/ui/button.tsx";
import { Card } from "../components/ui/card.tsx";
import { BookIcon, CompassIcon, PhoneIcon } from "../components/ui/icons.tsx";
import { Page } from "../components/ui/page.tsx";
import { useSession } from "../features/auth/hooks/use-session.ts";
import { useT } from "../lib/i18n.ts";

/** Home: a greeting for now; the destination search arrives with the catalog issue. */
export function HomeRoute() {
  const t = useT();
  const { user } = useSession();
  const firstName = user?.name?.trim().split(/\s+/)[0];
  return (
    <Page title={t("nav.home")}>
      <section className="rounded-3xl bg-gradient-to-br from-brand-700 to-brand-900 p-6 text-white sm:p-8">
        <p className="text-2xl font-bold sm:text-3xl">
          {firstName ? t("home.greetingNamed", { name: firstName }) : t("home.greeting")}
        </p>
        <p className="mt-2 max-w-prose text-brand-50">{t("home.intro")}</p>
      </section>
      <Card className="mt-6 text-center sm:p-8">
        <span className="mx-auto grid size-14 place-items-center rounded-2xl bg-brand-50 text-brand-700">
          <CompassIcon className="size-7" />
        </span>
        <h2 className="mt-4 text-xl font-semibold text-slate-900">{t("home.catalogSoonTitle")}</h2>
        <p className="mx-auto mt-2 max-w-md text-slate-600">{t("home.catalogSoonMessage")}</p>
      </Card>
      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        <Link to="/guide" className={buttonClasses("secondary", "justify-start")}>
          <BookIcon className="size-5" />
          {t("nav.guide")}
        </Link>
        <Link to="/compatibility" className={buttonClasses("secondary", "justify-start")}>
          <PhoneIcon className="size-5" />
          {t("screen.compatibility")}
        </Link>
      </div>
    </Page>
  );
}
