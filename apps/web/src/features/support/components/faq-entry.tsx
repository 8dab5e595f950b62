import type { FaqEntry as FaqEntryData } from "@esim/ui/faq/faq-types";
import { Link } from "react-router";
import { ChevronEndIcon, PlusIcon } from "../../../components/ui/icons.tsx";

/** One question: a native disclosure (keyboard and screen readers know it), its answer and links inside. */
export function FaqEntry({ entry }: { entry: FaqEntryData }) {
  return (
    <details className="group border-b border-slate-100 last:border-b-0">
      <summary className="flex min-h-14 cursor-pointer list-none items-center gap-3 px-4 py-3 font-medium text-slate-900 hover:bg-slate-50 focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden">
        <span className="flex-1">{entry.question}</span>
        <PlusIcon className="size-5 shrink-0 text-brand-700 transition-transform group-open:rotate-45" />
      </summary>
      <div className="space-y-2 px-4 pb-4 text-slate-700">
        {entry.answer.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        {entry.links?.length ? (
          <ul className="flex flex-wrap gap-x-4 gap-y-1 pt-1">
            {entry.links.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-800 underline-offset-2 hover:underline focus-visible:outline-3 focus-visible:outline-brand-600"
                >
                  {link.label}
                  <ChevronEndIcon className="size-4 rtl:-scale-x-100" />
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </details>
  );
}
