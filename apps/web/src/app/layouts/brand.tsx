import { Link } from "react-router";
import { SimIcon } from "../../components/ui/icons.tsx";
import { useT } from "../../lib/i18n.ts";

/** The logo and name; logos never mirror in Arabic. */
export function Brand({ to = "/home", tone = "dark" }: { to?: string; tone?: "dark" | "light" }) {
  const t = useT();
  return (
    <Link
      to={to}
      className={`inline-flex min-h-11 items-center gap-2 rounded-lg text-lg font-bold tracking-tight focus-visible:outline-3 focus-visible:outline-brand-600 ${tone === "light" ? "text-white" : "text-slate-900"}`}
    >
      <span
        className={`grid size-9 place-items-center rounded-xl ${tone === "light" ? "bg-white text-brand-700" : "bg-brand-700 text-white"}`}
      >
        <SimIcon className="size-5" />
      </span>
      <span dir="ltr">{t("app.name")}</span>
    </Link>
  );
}
