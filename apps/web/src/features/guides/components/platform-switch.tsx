import { useT } from "../../../lib/i18n.ts";
import { GUIDE_PLATFORMS, type GuidePlatform } from "../lib/platform.ts";

const LABEL = { iphone: "guide.iphone", android: "guide.android" } as const;

/** iPhone or Android, as two radio buttons drawn as a segmented control (arrow keys move between them). */
export function PlatformSwitch({
  platform,
  onChange,
}: {
  platform: GuidePlatform;
  onChange: (next: GuidePlatform) => void;
}) {
  const t = useT();
  return (
    <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <legend className="float-start me-4 text-sm font-semibold text-slate-700">{t("guide.platform")}</legend>
      <div className="inline-flex rounded-xl bg-slate-200/70 p-1">
        {GUIDE_PLATFORMS.map((option) => (
          <label
            key={option}
            className="relative cursor-pointer rounded-lg px-5 py-2 text-sm font-semibold text-slate-700 has-checked:bg-white has-checked:text-brand-800 has-checked:shadow-sm has-focus-visible:outline-3 has-focus-visible:outline-brand-600"
          >
            <input
              type="radio"
              name="guide-platform"
              value={option}
              checked={platform === option}
              onChange={() => onChange(option)}
              className="absolute inset-0 size-full cursor-pointer appearance-none rounded-lg focus:outline-none"
            />
            {t(LABEL[option])}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
