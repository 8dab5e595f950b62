import { type MessageId, useT } from "../../../lib/i18n.ts";

/** The code that shows the EID (with the IMEI) on any phone, typed in the dialler. */
export const EID_DIAL_CODE = "*#06#";

const CODE_MARK = "\u0000";

// Brand names stay as they are in every language; only "other Android phones" is translated.
type PhoneName = { name: string } | { nameId: MessageId };

const SETTINGS_PATHS: readonly (PhoneName & { pathId: MessageId })[] = [
  { name: "iPhone", pathId: "compatibility.eid.path.iphone" },
  { name: "Samsung Galaxy", pathId: "compatibility.eid.path.samsung" },
  { name: "Google Pixel", pathId: "compatibility.eid.path.pixel" },
  { nameId: "compatibility.eid.path.otherAndroid", pathId: "compatibility.eid.path.other" },
];

/** Where a phone shows its EID: the dialler code first, then the settings path of each platform. */
export function EidHelp() {
  const t = useT();
  // The sentence is translated whole; the code is cut out of it to be shown as a key sequence.
  const [dialBefore, dialAfter] = t("compatibility.eid.dial", { code: CODE_MARK }).split(CODE_MARK);
  return (
    <div>
      <h3 className="font-semibold text-slate-900">{t("compatibility.eid.findTitle")}</h3>
      <p className="mt-2 text-slate-700">
        {dialBefore}
        <kbd
          dir="ltr"
          className="mx-0.5 rounded-md bg-slate-100 px-1.5 py-0.5 font-mono text-base font-semibold text-slate-900 ring-1 ring-slate-300"
        >
          {EID_DIAL_CODE}
        </kbd>
        {dialAfter}
      </p>
      <p className="mt-3 text-slate-700">{t("compatibility.eid.orSettings")}</p>
      <dl className="mt-2 grid gap-2 sm:grid-cols-2">
        {SETTINGS_PATHS.map((phone) => (
          <div key={phone.pathId} className="rounded-xl bg-slate-50 px-4 py-2.5 ring-1 ring-slate-200/70">
            <dt className="text-sm font-semibold text-slate-900">{"nameId" in phone ? t(phone.nameId) : phone.name}</dt>
            <dd className="text-sm text-slate-700">{t(phone.pathId)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
