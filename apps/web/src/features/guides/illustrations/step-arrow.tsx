import type { SVGProps } from "react";

// Arrows show the reading direction, so they (and only they) turn round under dir="rtl".

/** The chevron between two menus of a settings path, pointing to the next one. */
export function StepArrow({ className = "", ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 16 16"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={`rtl:-scale-x-100 ${className}`}
      {...props}
    >
      <path d="M6 3.5 10.5 8 6 12.5" />
    </svg>
  );
}

/** A longer dashed arrow from one thing to the next (the QR's screen to the phone, one guide to the next). */
export function FlowArrow({ className = "", ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 48 24"
      width="48"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={`rtl:-scale-x-100 ${className}`}
      {...props}
    >
      <path d="M4 12h30" strokeDasharray="4 5" />
      <path d="M34 5l9 7-9 7" />
    </svg>
  );
}
