import { AdminsOnly } from "../../components/admins-only.tsx";
import { useT } from "../../lib/i18n.ts";
import { CreditNotesList } from "../components/credit-notes-list.tsx";
import { InvoicesExport } from "../components/invoices-export.tsx";
import { SellerIdentityForm } from "../components/seller-identity-form.tsx";

export function ConsoleInvoicingRoute() {
  const t = useT();
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold text-slate-900">{t("console.invoicing.title")}</h1>
      <AdminsOnly>
        <div className="space-y-6">
          <section className="space-y-3">
            <h2 className="text-lg font-semibold text-slate-900">{t("console.invoicing.sellerTitle")}</h2>
            <p className="text-sm text-slate-600">{t("console.invoicing.sellerHint")}</p>
            <SellerIdentityForm />
          </section>
          <section className="space-y-3">
            <h2 className="text-lg font-semibold text-slate-900">{t("console.invoicing.exportTitle")}</h2>
            <p className="text-sm text-slate-600">{t("console.invoicing.exportHint")}</p>
            <InvoicesExport />
          </section>
          <section className="space-y-3">
            <h2 className="text-lg font-semibold text-slate-900">{t("console.creditNotes.title")}</h2>
            <p className="text-sm text-slate-600">{t("console.creditNotes.hint")}</p>
            <CreditNotesList />
          </section>
        </div>
      </AdminsOnly>
    </>
  );
}
