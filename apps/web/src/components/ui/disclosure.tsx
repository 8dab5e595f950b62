import type { ReactNode } from "react";
import { PlusIcon } from "./icons.tsx";

/**
 * A card folded by default: a native `<details>` (keyboard, screen readers and find-in-page know it), its title a
 * heading inside the summary, so the page's outline still names it while folded.
 */
export function Disclosure({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <details className="group rounded-2xl bg-white shadow-sm ring-1 ring-slate-200/80">
      <summary className="flex min-h-14 cursor-pointer list-none items-center gap-3 rounded-2xl px-5 py-3 hover:bg-slate-50 focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-brand-600 sm:px-6 [&::-webkit-details-marker]:hidden">
        <h2 id={id} className="flex-1 text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <PlusIcon className="size-5 shrink-0 text-brand-700 transition-transform group-open:rotate-45" />
      </summary>
      <section aria-labelledby={id} className="px-5 pb-5 sm:px-6 sm:pb-6">
        {children}
      </section>
    </details>
  );
}
