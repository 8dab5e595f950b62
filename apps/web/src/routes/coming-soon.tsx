import { Link, useMatches } from "react-router";
import { buttonClasses } from "../components/ui/button.tsx";
import { Card } from "../components/ui/card.tsx";
import { CompassIcon } from "../components/ui/icons.tsx";
import { Page } from "../components/ui/page.tsx";
import { useT } from "../lib/i18n.ts";
import type { ComingSoonHandle } from "./coming-soon-handle.ts";

function ComingSoonCard({ backTo = "/home" }: { backTo?: string }) {
  const t = useT();
  return (
    <Card className="text-center sm:p-10">
      <span className="mx-auto grid size-16 place-items-center rounded-2xl bg-brand-50 text-brand-700">
        <CompassIcon className="size-8" />
      </span>
      <p className="mt-5 text-xl font-semibold text-slate-900">{t("comingSoon.title")}</p>
      <p className="mx-auto mt-2 max-w-sm text-slate-600">{t("comingSoon.message")}</p>
      <Link to={backTo} className={buttonClasses("secondary", "mt-6")}>
        {backTo === "/home" ? t("comingSoon.backHome") : t("comingSoon.back")}
      </Link>
    </Card>
  );
}

function useComingSoonHandle(): ComingSoonHandle {
  const matches = useMatches();
  return matches.at(-1)?.handle as ComingSoonHandle;
}

/** A screen of a later issue inside the signed-in shell. */
export function ComingSoonRoute() {
  const t = useT();
  const { titleId, backTo } = useComingSoonHandle();
  return (
    <Page title={t(titleId)} hasBack={backTo !== undefined} backTo={backTo}>
      <ComingSoonCard backTo={backTo} />
    </Page>
  );
}

/** A public screen of a later issue (payment results, PIN reset). */
export function PublicComingSoonRoute() {
  const t = useT();
  const { titleId } = useComingSoonHandle();
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-10">
      <h1 className="mb-6 text-2xl font-bold tracking-tight text-slate-900">{t(titleId)}</h1>
      <ComingSoonCard />
    </div>
  );
}
