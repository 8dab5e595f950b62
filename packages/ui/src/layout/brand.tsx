import { SimIcon } from "../components/icons.tsx";
import { AppLink } from "../components/link.tsx";
import { useT } from "../i18n.ts";

/** The logo and name, a link home; logos never mirror in Arabic. */
export function Brand({ href, tone = "dark" }: { href: string; tone?: "dark" | "light" }) {
  const t = useT();
  return (
    <AppLink
      href={href}
      className={`inline-flex min-h-11 items-center gap-2 rounded-lg text-lg font-bold tracking-tight focus-visible:outline-3 focus-visible:outline-brand-600 ${tone === "light" ? "text-white" : "text-slate-900"}`}
    >
      <span
        className={`grid size-9 place-items-center rounded-xl ${tone === "light" ? "bg-white text-brand-700" : "bg-brand-700 text-white"}`}
      >
        <SimIcon className="size-5" />
      </span>
      <span dir="ltr" className="whitespace-nowrap">
        {t("app.name")}
      </span>
    </AppLink>
  );
}
