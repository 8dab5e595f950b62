import { useT } from "../i18n.ts";

/** The one `<main>` of every page has this id, the skip link's target. */
export const MAIN_CONTENT_ID = "main-content";

/** Lets keyboard users jump over the navigation. */
export function SkipLink() {
  const t = useT();
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-brand-800 shadow focus:not-sr-only focus:fixed focus:start-3 focus:top-3"
    >
      {t("nav.skipToContent")}
    </a>
  );
}
