import { LINK_CLASSES } from "../components/link.tsx";
import { useT } from "../i18n.ts";

/** A page that only says something (not found, shop unavailable), with a way on. */
export function NoticeMain({ kind, href }: { kind: "notFound" | "unavailable"; href: string }) {
  const t = useT();
  const words =
    kind === "notFound"
      ? {
          heading: t("storefront.notFound.heading"),
          text: t("storefront.notFound.text"),
          link: t("storefront.notFound.back"),
        }
      : {
          heading: t("storefront.unavailable.heading"),
          text: t("storefront.unavailable.text"),
          link: t("storefront.unavailable.retry"),
        };
  return (
    <>
      <h1 className="text-2xl font-bold">{words.heading}</h1>
      <p className="mt-2 text-slate-700">{words.text}</p>
      <p className="mt-4">
        <a href={href} className={LINK_CLASSES}>
          {words.link}
        </a>
      </p>
    </>
  );
}
