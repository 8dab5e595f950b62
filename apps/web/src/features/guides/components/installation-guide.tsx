import { Card } from "../../../components/ui/card.tsx";
import { CheckCircleIcon } from "../../../components/ui/icons.tsx";
import { useT } from "../../../lib/i18n.ts";
import type { GuideContent } from "../content/types.ts";
import { OneTapIllustration } from "../illustrations/one-tap-illustration.tsx";
import { QrScanIllustration } from "../illustrations/qr-scan-illustration.tsx";
import { SavedImageIllustration } from "../illustrations/saved-image-illustration.tsx";
import type { GuidePlatform } from "../lib/platform.ts";
import { AndroidBrandsNote } from "./android-brands-note.tsx";
import { GuideLink } from "./guide-link.tsx";
import { GuideSection } from "./guide-section.tsx";

/** Before you start, then the four ways to install (one tap, QR on a screen, QR from an image, by hand). */
export function InstallationGuide({
  platform,
  installation,
}: {
  platform: GuidePlatform;
  installation: GuideContent["installation"];
}) {
  const t = useT();
  const methods = installation[platform];
  return (
    <div className="space-y-6">
      {platform === "android" ? <AndroidBrandsNote text={installation.androidBrands} /> : null}

      <Card>
        <section aria-labelledby="guide-before-title" className="space-y-3">
          <h2 id="guide-before-title" className="text-lg font-semibold text-slate-900">
            {installation.beforeYouStart.title}
          </h2>
          <ul className="space-y-2 text-slate-700">
            {installation.beforeYouStart.items.map((item) => (
              <li key={item} className="flex gap-2">
                <CheckCircleIcon className="mt-0.5 size-5 shrink-0 text-brand-700" />
                <span>{item}</span>
              </li>
            ))}
          </ul>
          <GuideLink to="/compatibility">{t("guide.checkCompatibility")}</GuideLink>
        </section>
      </Card>

      <section aria-labelledby="guide-methods-title" className="space-y-4">
        <h2 id="guide-methods-title" className="text-xl font-bold text-slate-900">
          {t("guide.methods")}
        </h2>
        <GuideSection
          id="install-one-tap"
          number={1}
          section={methods.oneTap}
          illustration={<OneTapIllustration label={t("guide.illustration.oneTap")} />}
        >
          <GuideLink to="/esims">{t("guide.openEsims")}</GuideLink>
        </GuideSection>
        <GuideSection
          id="install-qr-screen"
          number={2}
          section={methods.qrOtherScreen}
          illustration={<QrScanIllustration label={t("guide.illustration.qrScan")} />}
        />
        <GuideSection
          id="install-qr-image"
          number={3}
          section={methods.qrSavedImage}
          illustration={<SavedImageIllustration label={t("guide.illustration.savedImage")} />}
        />
        <GuideSection id="install-manual" number={4} section={methods.manual}>
          <GuideLink to="/esims">{t("guide.openEsims")}</GuideLink>
        </GuideSection>
      </section>

      <Card>
        <section aria-labelledby="guide-after-title" className="space-y-3">
          <h2 id="guide-after-title" className="text-lg font-semibold text-slate-900">
            {installation.after.title}
          </h2>
          <p className="text-slate-700">{installation.after.text}</p>
          <GuideLink to={`/guide/activation?phone=${platform}`}>{t("guide.nextActivation")}</GuideLink>
        </section>
      </Card>
    </div>
  );
}
