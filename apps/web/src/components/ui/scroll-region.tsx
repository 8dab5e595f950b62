import type { ReactNode } from "react";

/**
 * A dialog's or sheet's scrolling body. It takes focus, named by the dialog's title, so a keyboard can scroll it
 * even when its content holds nothing focusable (WCAG 2.1.1; axe's scrollable-region-focusable).
 */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a focusable scroller is the WCAG 2.1.1 fix (see above).
      tabIndex={0}
      className={`min-h-0 flex-1 overflow-y-auto focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-brand-600 ${className}`}
    >
      {children}
    </section>
  );
}
