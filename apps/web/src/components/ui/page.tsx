import type { ReactNode } from "react";
import { PageHeader } from "./page-header.tsx";

interface PageProps {
  title: string;
  hasBack?: boolean;
  backTo?: string;
  /** Shown beside the title on wide screens (a button, a badge). */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * A screen inside the app shell: the fixed header on phones, and one h1 that
 * is visible from 768 px and read by assistive technology everywhere.
 */
export function Page({ title, hasBack, backTo, actions, children }: PageProps) {
  return (
    <>
      <PageHeader title={title} hasBack={hasBack} backTo={backTo} />
      <div className="mx-auto w-full max-w-3xl px-4 py-6 md:py-10">
        <div className="mb-6 flex items-center justify-between gap-4 max-md:sr-only">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 md:text-3xl">{title}</h1>
          {actions}
        </div>
        {children}
      </div>
    </>
  );
}
