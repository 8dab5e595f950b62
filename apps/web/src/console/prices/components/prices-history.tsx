import { isolate } from "@esim/shared/bidi";
import { destinationName } from "@esim/shared/catalog/regions";
import type { AuditEntryView } from "@esim/shared/console/contracts";
import type { Language } from "@esim/shared/locale";
import { useQuery } from "@tanstack/react-query";
import { Alert } from "../../../components/ui/alert.tsx";
import { errorMessageId } from "../../../lib/error-messages.ts";
import { type ConsoleFormatters, consoleFormatters } from "../../lib/format.ts";
import { type Translate, useLanguage, useT } from "../../lib/i18n.ts";
import { priceHistoryQuery } from "../api/prices.ts";

interface SettingsSnapshot {
  dzdPerUsd?: string;
  markupBps?: number;
  destinationMarkups?: Record<string, number>;
  serviceFeeDzdMinor?: number;
}

function snapshotOf(value: unknown): SettingsSnapshot {
  return value !== null && typeof value === "object" ? (value as SettingsSnapshot) : {};
}

/** The settings an entry moved, as "before → after" texts. */
function movedSettings(entry: AuditEntryView, format: ConsoleFormatters, t: Translate, language: Language) {
  const before = snapshotOf(entry.before);
  const after = snapshotOf(entry.after);
  const moves: { label: string; before: string; after: string }[] = [];
  if (before.dzdPerUsd !== after.dzdPerUsd) {
    moves.push({ label: t("console.prices.rate"), before: before.dzdPerUsd ?? "–", after: after.dzdPerUsd ?? "–" });
  }
  if (before.markupBps !== after.markupBps) {
    const percent = (bps: number | undefined) => (bps === undefined ? "–" : `${format.number(bps / 100)} %`);
    moves.push({
      label: t("console.prices.markup"),
      before: percent(before.markupBps),
      after: percent(after.markupBps),
    });
  }
  const beforeMarkups = before.destinationMarkups ?? {};
  const afterMarkups = after.destinationMarkups ?? {};
  for (const code of [...new Set([...Object.keys(beforeMarkups), ...Object.keys(afterMarkups)])].sort()) {
    if (beforeMarkups[code] === afterMarkups[code]) continue;
    const percent = (bps: number | undefined) => (bps === undefined ? "–" : `${format.number(bps / 100)} %`);
    moves.push({
      label: t("console.prices.markupOf", { destination: destinationName(code, language) }),
      before: percent(beforeMarkups[code]),
      after: percent(afterMarkups[code]),
    });
  }
  if (before.serviceFeeDzdMinor !== after.serviceFeeDzdMinor) {
    const dzd = (minor: number | undefined) => (minor === undefined ? "–" : format.dzd(minor));
    moves.push({
      label: t("console.prices.serviceFee"),
      before: dzd(before.serviceFeeDzdMinor),
      after: dzd(after.serviceFeeDzdMinor),
    });
  }
  return moves;
}

/** Every change of the price settings, newest first: when, who (or the command line), what moved. */
export function PricesHistory() {
  const t = useT();
  const language = useLanguage();
  const format = consoleFormatters(language);
  const history = useQuery(priceHistoryQuery());

  return (
    <section aria-labelledby="price-history-title" className="space-y-3">
      <h2 id="price-history-title" className="text-lg font-bold text-slate-900">
        {t("console.prices.historyTitle")}
      </h2>
      {history.error ? <Alert>{t(errorMessageId(history.error))}</Alert> : null}
      {history.isPending ? <p className="text-slate-600">{t("common.loading")}</p> : null}
      {history.data?.length === 0 ? <p className="text-slate-600">{t("console.prices.historyEmpty")}</p> : null}
      {history.data && history.data.length > 0 ? (
        <ul className="space-y-2">
          {history.data.map((entry) => (
            <li key={entry.id} className="rounded-xl bg-white p-3 text-sm ring-1 ring-slate-200">
              <p className="flex flex-wrap justify-between gap-2 text-slate-700">
                <span>{entry.operatorEmail ? <bdi>{entry.operatorEmail}</bdi> : t("console.audit.commandLine")}</span>
                <bdi>{format.dateTime(entry.createdAt)}</bdi>
              </p>
              <ul className="mt-1 space-y-0.5">
                {movedSettings(entry, format, t, language).map((move) => (
                  <li key={move.label} className="text-slate-900">
                    <span className="font-semibold">{move.label}</span>{" "}
                    {/* The arrow is the message's: it points from before to after in the reading direction. */}
                    {t("console.prices.historyMove", { before: isolate(move.before), after: isolate(move.after) })}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
