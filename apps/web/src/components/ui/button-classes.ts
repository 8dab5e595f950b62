// The buttons' classes apart from the Button component: the last-resort error screen, part of the entry script, uses
// them without the component and its spinner (decision 100).

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";

const VARIANT_CLASSES: Record<ButtonVariant, string> = {
  primary: "bg-brand-700 text-white hover:bg-brand-800 disabled:bg-slate-300 disabled:text-slate-600",
  secondary:
    "bg-white text-brand-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 disabled:text-slate-400 disabled:ring-slate-200",
  ghost: "text-brand-800 hover:bg-brand-50 disabled:text-slate-400",
  danger: "bg-red-700 text-white hover:bg-red-800 disabled:bg-slate-300 disabled:text-slate-600",
};

export const BUTTON_BASE =
  "inline-flex min-h-12 items-center justify-center gap-2 rounded-xl px-5 text-base font-semibold transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed";

export function buttonClasses(variant: ButtonVariant = "primary", extra = ""): string {
  return `${BUTTON_BASE} ${VARIANT_CLASSES[variant]} ${extra}`;
}
