import { Page } from "../components/ui/page.tsx";
import { Spinner } from "../components/ui/spinner.tsx";
import { InstallationGuide } from "../features/guides/components/installation-guide.tsx";
import { PlatformSwitch } from "../features/guides/components/platform-switch.tsx";
import { useGuideContent } from "../features/guides/hooks/use-guide-content.ts";
import { useGuidePlatform } from "../features/guides/hooks/use-guide-platform.ts";
import { useT } from "../lib/i18n.ts";
import { useDetectedGuidePlatform } from "./hooks/use-detected-guide-platform.ts";

export { preloadGuideContent as guideInstallationLoader } from "../features/guides/hooks/use-guide-content.ts";

/** /guide/installation: installing the eSIM on an iPhone or an Android phone, four ways. */
export function GuideInstallationRoute() {
  const t = useT();
  const content = useGuideContent();
  const [platform, setPlatform] = useGuidePlatform(useDetectedGuidePlatform());
  return (
    <Page title={t("screen.guideInstallation")} hasBack backTo="/guide">
      {content ? (
        <div className="space-y-6">
          <p className="text-slate-700">{content.installation.intro}</p>
          <PlatformSwitch platform={platform} onChange={setPlatform} />
          <InstallationGuide platform={platform} installation={content.installation} />
        </div>
      ) : (
        <div className="grid place-items-center py-16 text-brand-700">
          <Spinner label={t("common.loading")} />
        </div>
      )}
    </Page>
  );
}
