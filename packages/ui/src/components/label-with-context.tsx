import { useT } from "../i18n.ts";

/**
 * A control's visible label followed by context only screen readers hear ("Choose this plan – 5 GB · 7 days"):
 * the accessible name starts with what is on screen, so a voice-control user can say it (WCAG 2.5.3, label in
 * name), while a list of links read out of context still tells each apart.
 */
export function LabelWithContext({ label, context }: { label: string; context: string }) {
  const t = useT();
  return (
    <>
      {label} <span className="sr-only">{t("a11y.context", { context })}</span>
    </>
  );
}
