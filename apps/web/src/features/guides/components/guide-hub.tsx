import type { ReactNode } from "react";
import { Link } from "react-router";
import { Card } from "../../../components/ui/card.tsx";
import { useT } from "../../../lib/i18n.ts";
import type { GuideContent } from "../content/types.ts";
import { QrScanIllustration } from "../illustrations/qr-scan-illustration.tsx";
import { RoamingIllustration } from "../illustrations/roaming-illustration.tsx";
import { StepArrow } from "../illustrations/step-arrow.tsx";
import { GuideLink } from "./guide-link.tsx";

function GuideCard({
  to,
  title,
  description,
  illustration,
}: {
  to: string;
  title: string;
  description: string;
  illustration: ReactNode;
}) {
  return (
    <li>
      {/* Named by its whole content, title first: a name holding only the title would leave out visible text. */}
      <Link
        to={to}
        className="flex h-full flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200/80 hover:ring-brand-300 focus-visible:outline-3 focus-visible:outline-brand-600 sm:p-6"
      >
        <span className="grid h-32 place-items-center rounded-xl bg-slate-50 px-3">{illustration}</span>
        <span className="flex items-center justify-between gap-3">
          <span className="text-lg font-semibold text-slate-900">{title}</span>
          <StepArrow className="size-5 shrink-0 text-slate-400" />
        </span>{" "}
        <span className="text-slate-700">{description}</span>
      </Link>
    </li>
  );
}

/** /guide: the two guides, then where to check a phone and ask for help. */
export function GuideHub({ hub }: { hub: GuideContent["hub"] }) {
  const t = useT();
  return (
    <div className="space-y-6">
      <p className="text-slate-700">{hub.intro}</p>
      <ul className="grid gap-4 sm:grid-cols-2">
        <GuideCard
          to="/guide/installation"
          title={t("screen.guideInstallation")}
          description={hub.installation}
          illustration={<QrScanIllustration className="h-24" />}
        />
        <GuideCard
          to="/guide/activation"
          title={t("screen.guideActivation")}
          description={hub.activation}
          illustration={<RoamingIllustration className="h-28" />}
        />
      </ul>
      <Card>
        <p className="text-slate-700">{hub.moreHelp}</p>
        <div className="mt-2 flex flex-wrap gap-x-6">
          <GuideLink to="/compatibility">{t("guide.checkCompatibility")}</GuideLink>
          <GuideLink to="/support">{t("guide.contactSupport")}</GuideLink>
        </div>
      </Card>
      <p className="text-sm text-slate-600">{hub.offline}</p>
    </div>
  );
}
