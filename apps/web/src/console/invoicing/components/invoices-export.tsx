import { type FormEvent, useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { saveFile } from "../../../lib/save-file.ts";
import { useT } from "../../lib/i18n.ts";
import { fetchInvoicesCsv } from "../api/invoicing.ts";

const algiersDay = (date: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Algiers" }).format(date);

/** The accountant's CSV: the invoices issued between two days, shop time, both included. Defaults to this month. */
export function InvoicesExport() {
  const t = useT();
  const today = algiersDay(new Date());
  const [range, setRange] = useState({ from: `${today.slice(0, 8)}01`, to: today });
  const [state, setState] = useState<"idle" | "saving" | "failed" | "badRange">("idle");

  const download = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (range.from === "" || range.to === "" || range.from > range.to) {
      setState("badRange");
      return;
    }
    setState("saving");
    try {
      await saveFile(await fetchInvoicesCsv(range), `factures-${range.from}-${range.to}.csv`);
      setState("idle");
    } catch {
      setState("failed");
    }
  };

  return (
    <form
      onSubmit={download}
      aria-label={t("console.invoicing.exportTitle")}
      className="grid gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
    >
      <TextField
        label={t("console.invoicing.from")}
        type="date"
        value={range.from}
        onChange={(event) => setRange((current) => ({ ...current, from: event.target.value }))}
      />
      <TextField
        label={t("console.invoicing.to")}
        type="date"
        value={range.to}
        onChange={(event) => setRange((current) => ({ ...current, to: event.target.value }))}
      />
      <Button type="submit" isLoading={state === "saving"}>
        {t("console.invoicing.download")}
      </Button>
      {state === "failed" || state === "badRange" ? (
        <div className="sm:col-span-3">
          <Alert>{t(state === "failed" ? "console.invoicing.exportFailed" : "console.invoicing.badRange")}</Alert>
        </div>
      ) : null}
    </form>
  );
}
