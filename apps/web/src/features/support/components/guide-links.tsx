import type { ComponentType, SVGProps } from "react";
import { Link } from "react-router";
import { BoltIcon, ChevronEndIcon, PhoneIcon, SimIcon } from "../../../components/ui/icons.tsx";
import { type MessageId, useT } from "../../../lib/i18n.ts";

const GUIDES: { to: string; labelId: MessageId; icon: ComponentType<SVGProps<SVGSVGElement>> }[] = [
  { to: "/guide/installation", labelId: "support.guideInstallation", icon: SimIcon },
  { to: "/guide/activation", labelId: "support.guideActivation", icon: BoltIcon },
  { to: "/compatibility", labelId: "support.guideCompatibility", icon: PhoneIcon },
];

/** The step-by-step guides, before the questions. */
export function GuideLinks() {
  const t = useT();
  return (
    <section aria-labelledby="support-guides">
      <h2 id="support-guides" className="mb-3 text-lg font-semibold text-slate-900">
        {t("support.guidesTitle")}
      </h2>
      <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200/80">
        {GUIDES.map(({ to, labelId, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex min-h-14 items-center gap-4 px-4 text-start hover:bg-slate-50 focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-brand-600"
            >
              <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700">
                <Icon className="size-5" />
              </span>
              <span className="flex-1 font-medium text-slate-900">{t(labelId)}</span>
              <ChevronEndIcon className="size-5 text-slate-400 rtl:-scale-x-100" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
