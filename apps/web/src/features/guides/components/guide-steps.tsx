import { useT } from "../../../lib/i18n.ts";
import type { GuideStep } from "../content/types.ts";
import { SettingsPath } from "./settings-path.tsx";

/** Numbered steps, each with the settings path to follow: one for iPhone, Samsung's and Pixel's for Android. */
export function GuideSteps({ steps }: { steps: readonly GuideStep[] }) {
  const t = useT();
  return (
    <ol className="space-y-3">
      {steps.map((step, index) => (
        <li key={step.text} className="flex gap-3">
          <span
            aria-hidden="true"
            className="mt-0.5 grid size-6 shrink-0 place-items-center rounded-full bg-slate-100 text-xs font-bold text-slate-700"
          >
            {index + 1}
          </span>
          <div className="min-w-0 flex-1 space-y-2 text-slate-700">
            <p>{step.text}</p>
            {step.path ? <SettingsPath menus={step.path} /> : null}
            {step.samsung || step.pixel ? (
              <dl className="space-y-2">
                {step.samsung ? (
                  <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
                    <dt className="text-sm font-semibold text-slate-900">{t("guide.samsung")}</dt>
                    <dd>
                      <SettingsPath menus={step.samsung} />
                    </dd>
                  </div>
                ) : null}
                {step.pixel ? (
                  <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
                    <dt className="text-sm font-semibold text-slate-900">{t("guide.pixel")}</dt>
                    <dd>
                      <SettingsPath menus={step.pixel} />
                    </dd>
                  </div>
                ) : null}
              </dl>
            ) : null}
          </div>
        </li>
      ))}
    </ol>
  );
}
