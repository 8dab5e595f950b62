import type { ReactNode } from "react";
import { Card } from "../../../components/ui/card.tsx";
import type { GuideSection as GuideSectionContent } from "../content/types.ts";
import { GuideSteps } from "./guide-steps.tsx";

/** One numbered part of a guide: its title, what it is for, a picture, the steps, a caveat, then links. */
export function GuideSection({
  id,
  number,
  section,
  illustration,
  headingLevel = 3,
  children,
}: {
  id: string;
  /** 2 when the section sits right under the page's h1 (the activation guide), 3 under a part's h2. */
  headingLevel?: 2 | 3;
  number: number;
  section: GuideSectionContent;
  illustration?: ReactNode;
  children?: ReactNode;
}) {
  const titleId = `${id}-title`;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <Card>
      <section aria-labelledby={titleId} className="space-y-4">
        <div className="flex items-start gap-3">
          <span
            aria-hidden="true"
            className="grid size-8 shrink-0 place-items-center rounded-full bg-brand-700 text-sm font-bold text-white"
          >
            {number}
          </span>
          <div className="min-w-0">
            <Heading id={titleId} className="text-lg font-semibold text-slate-900">
              {section.title}
            </Heading>
            <p className="mt-1 text-slate-700">{section.intro}</p>
          </div>
        </div>
        {illustration ? <div className="rounded-xl bg-slate-50 px-4 py-5">{illustration}</div> : null}
        <GuideSteps steps={section.steps} />
        {section.note ? (
          <p className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
            {section.note}
          </p>
        ) : null}
        {children}
      </section>
    </Card>
  );
}
