import type { ReactNode } from "react";

/** A titled part of a public page: a section named by its h2 (headings' ids are the page's anchors). */
export function PageSection({
  id,
  heading,
  className = "mt-8",
  children,
}: {
  id: string;
  heading: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="text-xl font-bold">
        {heading}
      </h2>
      {children}
    </section>
  );
}
