import { Page } from "../components/ui/page.tsx";
import { Spinner } from "../components/ui/spinner.tsx";
import { ActivationGuide } from "../features/guides/components/activation-guide.tsx";
import { PlatformSwitch } from "../features/guides/components/platform-switch.tsx";
import { useGuideContent } from "../features/guides/hooks/use-guide-content.ts";
import { useGuidePlatform } from "../features/guides/hooks/use-guide-platform.ts";
import { useT } from "../lib/i18n.ts";
import { useDetectedGuidePlatform } from "./hooks/use-detected-guide-platform.ts";

export { preloadGuideContent as guideActivationLoader } from "../features/guides/hooks/use-guide-content.ts";

/** /guide/activation: what to switch on at the destination, and what to do without a signal. */
export function GuideActivationRoute() {
  const t = useT();
  const content = useGuideContent();
  const [platform, setPlatform] = useGuidePlatform(useDetectedGuidePlatform());
  return (
    <Page title={t("screen.guideActivation")} hasBack backTo="/guide">
      {content ? (
        <div className="space-y-6">
          <p className="text-slate-700">{content.activation.intro}</p>
          <PlatformSwitch platform={platform} onChange={setPlatform} />
          <ActivationGuide platform={platform} activation={content.activation} />
        </div>
      ) : (
        <div className="grid place-items-center py-16 text-brand-700">
          <Spinner label={t("common.loading")} />
        </div>
      )}
    </Page>
  );
}
