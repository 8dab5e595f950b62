import { formatNumber } from "@esim/shared/format";
import { ChevronEndIcon, InfoIcon } from "../../../components/ui/icons.tsx";
import { type MessageId, useT } from "../../../lib/i18n.ts";
import type { DeviceNoteId } from "../data/esim-devices.ts";
import type { BrandMatch } from "../search-devices.ts";

const noteMessageId = (note: DeviceNoteId): MessageId => `compatibility.note.${note}`;

function sourceHost(url: string): string {
  return new URL(url).host.replace(/^www\./, "");
}

/** One brand's matching models, folded until opened (open while searching), with where the list comes from. */
export function BrandDevices({ match, isOpen }: { match: BrandMatch; isOpen: boolean }) {
  const t = useT();
  const { brand, devices } = match;
  return (
    <details open={isOpen} className="group rounded-2xl bg-white shadow-sm ring-1 ring-slate-200/80">
      <summary className="flex min-h-14 cursor-pointer list-none items-center gap-3 rounded-2xl px-5 py-3 hover:bg-slate-50 focus-visible:outline-3 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden">
        <span className="flex-1 text-base font-semibold text-slate-900">{brand.name}</span>
        <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-sm font-medium text-brand-800">
          {t("compatibility.brand.count", { count: devices.length, countText: formatNumber(devices.length) })}
        </span>
        <ChevronEndIcon className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-90 rtl:-scale-x-100 rtl:group-open:-rotate-90" />
      </summary>
      <div className="border-t border-slate-100 px-5 pt-3 pb-4">
        {brand.brandNotes ? (
          <p className="mb-3 flex items-start gap-2 text-sm text-slate-700">
            <InfoIcon className="mt-0.5 size-4 shrink-0 text-brand-700" />
            <span>
              {t("compatibility.brand.allModels")} {brand.brandNotes.map((note) => t(noteMessageId(note))).join(" · ")}
            </span>
          </p>
        ) : null}
        <ul className="grid gap-x-6 sm:grid-cols-2">
          {devices.map((device) => (
            <li
              key={`${device.model}-${device.edition?.year ?? ""}`}
              className="border-b border-slate-100 py-2 last:border-b-0 sm:[&:nth-last-child(2):nth-child(odd)]:border-b-0"
            >
              <span dir="ltr" className="font-medium text-slate-900">
                {device.model}
              </span>
              {device.edition ? (
                <span className="text-slate-700">
                  {" "}
                  {t("compatibility.device.edition", {
                    generation: device.edition.generation === undefined ? "none" : String(device.edition.generation),
                    year: String(device.edition.year),
                  })}
                </span>
              ) : null}
              {device.notes?.map((note) => (
                <span key={note} className="block text-sm text-slate-600">
                  {t(noteMessageId(note))}
                </span>
              ))}
            </li>
          ))}
        </ul>
        <p className="mt-3 text-sm text-slate-600">
          {t("compatibility.brand.source")}{" "}
          <a
            href={brand.source}
            target="_blank"
            rel="noopener noreferrer"
            dir="ltr"
            className="font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900"
          >
            {sourceHost(brand.source)}
          </a>
        </p>
      </div>
    </details>
  );
}
