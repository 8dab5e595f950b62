import { MarketingLine } from "../../features/catalog/components/marketing-line.tsx";
import { useT } from "../../lib/i18n.ts";
import { useDisplayCurrency } from "../../routes/hooks/use-display-currency.ts";

export function SiteFooter({ className = "" }: { className?: string }) {
  const t = useT();
  const currency = useDisplayCurrency();
  return (
    <footer className={`border-t border-slate-200 bg-white ${className}`}>
      <div className="mx-auto flex max-w-5xl flex-col gap-2 px-4 py-6 sm:flex-row sm:items-center sm:justify-between">
        <MarketingLine currency={currency} />
        <p className="text-sm text-slate-600">{t("footer.copyright", { year: String(new Date().getFullYear()) })}</p>
      </div>
    </footer>
  );
}
