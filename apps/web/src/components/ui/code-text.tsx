import type { ReactNode } from "react";

/**
 * An identifier read character by character (an order number, an ICCID): left to right in every language and never
 * broken across lines ("ES26-" on one line and "000123" on the next); the line wraps before it instead.
 */
export function CodeText({ children, className = "" }: { children: ReactNode; className?: string }) {
  return (
    <bdi dir="ltr" className={`whitespace-nowrap font-mono ${className}`}>
      {children}
    </bdi>
  );
}
