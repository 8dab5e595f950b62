import { Card } from "../../../components/ui/card.tsx";
import { useT } from "../../../lib/i18n.ts";
import type { GuideContent } from "../content/types.ts";
import { RoamingIllustration } from "../illustrations/roaming-illustration.tsx";
import type { GuidePlatform } from "../lib/platform.ts";
import { AndroidBrandsNote } from "./android-brands-note.tsx";
import { GuideLink } from "./guide-link.tsx";
import { GuideSection } from "./guide-section.tsx";
import { GuideSteps } from "./guide-steps.tsx";

/** At the destination: the eSIM line on, used for data, roaming on it alone, the APN; then no signal. */
export function ActivationGuide({
  platform,
  activation,
}: {
  platform: GuidePlatform;
  activation: GuideContent["activation"];
}) {
  const t = useT();
  const settings = activation[platform];
  return (
    <div className="space-y-4">
      {platform === "android" ? <AndroidBrandsNote text={activation.androidBrands} /> : null}
      <GuideSection id="activation-line" number={1} section={settings.turnOnLine} headingLevel={2} />
      <GuideSection id="activation-data" number={2} section={settings.dataLine} headingLevel={2} />
      <GuideSection
        id="activation-roaming"
        headingLevel={2}
        number={3}
        section={settings.roaming}
        illustration={<RoamingIllustration label={t("guide.illustration.roaming")} />}
      />
      <GuideSection id="activation-apn" number={4} section={settings.apn} headingLevel={2}>
        <GuideLink to="/esims">{t("guide.openEsims")}</GuideLink>
      </GuideSection>

      <Card>
        <section aria-labelledby="activation-no-signal-title" className="space-y-4">
          <div>
            <h2 id="activation-no-signal-title" className="text-lg font-semibold text-slate-900">
              {activation.noSignal.title}
            </h2>
            <p className="mt-1 text-slate-700">{activation.noSignal.intro}</p>
          </div>
          <GuideSteps steps={activation.noSignal[platform]} />
          <p className="rounded-xl bg-slate-50 px-4 py-3 text-slate-800">{activation.noSignal.support}</p>
          <div className="flex flex-wrap gap-x-6">
            <GuideLink to="/support">{t("guide.contactSupport")}</GuideLink>
            <GuideLink to="/esims">{t("guide.openEsims")}</GuideLink>
          </div>
        </section>
      </Card>
    </div>
  );
}
