import type { ReactNode } from "react";
import { Link } from "react-router";
import { StepArrow } from "../illustrations/step-arrow.tsx";

/** A link onward (to My eSIMs, support, the next guide), its chevron pointing the reading way. */
export function GuideLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-800 hover:text-brand-900">
      <span className="underline underline-offset-4">{children}</span>
      <StepArrow className="size-4 shrink-0" />
    </Link>
  );
}
