import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { saveFile } from "../../../lib/save-file.ts";
import { consoleFormatters } from "../../lib/format.ts";
import { useLanguage, useT } from "../../lib/i18n.ts";
import { creditNotesQuery, fetchCreditNotePdf } from "../api/invoicing.ts";

const algiersDay = (date: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Algiers" }).format(date);

/**
 * The credit notes (avoirs) issued between two days, shop time, both included (this month by default), each with
 * what it reverses and its PDF to download; a page at a time.
 */
export function CreditNotesList() {
  const t = useT();
  const language = useLanguage();
  const format = consoleFormatters(language);
  const today = algiersDay(new Date());
  const [range, setRange] = useState({ from: `${today.slice(0, 8)}01`, to: today });
  const [page, setPage] = useState(1);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const isRangeValid = range.from !== "" && range.to !== "" && range.from <= range.to;
  const list = useQuery({ ...creditNotesQuery(range, page), enabled: isRangeValid });

  const changeRange = (change: Partial<typeof range>) => {
    setRange((current) => ({ ...current, ...change }));
    setPage(1);
  };
  const download = async (number: string) => {
    setDownloadFailed(false);
    try {
      await saveFile(await fetchCreditNotePdf(number, language), `${number}.pdf`);
    } catch {
      setDownloadFailed(true);
    }
  };

  return (
    <div className="space-y-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={t("console.invoicing.from")}
          type="date"
          value={range.from}
          onChange={(event) => changeRange({ from: event.target.value })}
        />
        <TextField
          label={t("console.invoicing.to")}
          type="date"
          value={range.to}
          onChange={(event) => changeRange({ to: event.target.value })}
        />
      </div>
      {!isRangeValid ? <Alert>{t("console.invoicing.badRange")}</Alert> : null}
      {list.isError ? <Alert>{t("console.creditNotes.loadFailed")}</Alert> : null}
      {downloadFailed ? <Alert>{t("console.creditNotes.downloadFailed")}</Alert> : null}
      {list.isPending && isRangeValid ? <Spinner /> : null}
      {list.data && list.data.data.length === 0 ? (
        <p className="text-sm text-slate-500">{t("console.creditNotes.none")}</p>
      ) : null}
      {list.data && list.data.data.length > 0 ? (
        <ul className="divide-y divide-slate-100" aria-label={t("console.creditNotes.title")}>
          {list.data.data.map((creditNote) => (
            <li key={creditNote.number} className="grid gap-2 py-3 text-sm sm:grid-cols-[1fr_auto] sm:items-center">
              <div className="min-w-0 space-y-1">
                <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                  <bdi className="font-mono font-semibold text-slate-900">{creditNote.number}</bdi>
                  <span className="text-slate-600">{format.dateTime(creditNote.issuedAt)}</span>
                </p>
                <p className="text-slate-700">
                  {t("console.creditNotes.corrects", {
                    invoice: creditNote.invoiceNumber,
                    order: creditNote.orderNumber,
                  })}
                </p>
                <p className="truncate text-slate-700">
                  <bdi>{creditNote.customerName}</bdi> · <bdi>{creditNote.customerEmail}</bdi>
                </p>
                <dl className="grid grid-cols-3 gap-x-3 text-slate-700">
                  <div>
                    <dt className="text-xs text-slate-500">{t("console.creditNotes.ht")}</dt>
                    <dd>
                      <bdi>{format.dzd(creditNote.amountHtDzdMinor)}</bdi>
                    </dd>
                  </div>
                  <div>
                    <dt className="text-xs text-slate-500">{t("console.creditNotes.tva")}</dt>
                    <dd>
                      <bdi>{format.dzd(creditNote.tvaDzdMinor)}</bdi>
                    </dd>
                  </div>
                  <div>
                    <dt className="text-xs text-slate-500">{t("console.creditNotes.ttc")}</dt>
                    <dd className="font-semibold text-slate-900">
                      <bdi>{format.dzd(creditNote.amountTtcDzdMinor)}</bdi>
                    </dd>
                  </div>
                </dl>
                <p className="text-slate-600">
                  {t("console.creditNotes.reason")}: <bdi>{creditNote.reason}</bdi>
                </p>
              </div>
              <Button variant="secondary" onClick={() => download(creditNote.number)}>
                {t("console.creditNotes.download")}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {list.data && (page > 1 || list.data.hasMore) ? (
        <div className="flex justify-between gap-3">
          <Button variant="secondary" disabled={page === 1} onClick={() => setPage((current) => current - 1)}>
            {t("console.creditNotes.previous")}
          </Button>
          <Button variant="secondary" disabled={!list.data.hasMore} onClick={() => setPage((current) => current + 1)}>
            {t("console.creditNotes.next")}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
