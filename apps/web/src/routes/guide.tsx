import { Page } from "../components/ui/page.tsx";
import { Spinner } from "../components/ui/spinner.tsx";
import { GuideHub } from "../features/guides/components/guide-hub.tsx";
import { useGuideContent } from "../features/guides/hooks/use-guide-content.ts";
import { useT } from "../lib/i18n.ts";

export { preloadGuideContent as guideLoader } from "../features/guides/hooks/use-guide-content.ts";

/** /guide: the installation and activation guides, and where to check a phone or ask for help. */
export function GuideRoute() {
  const t = useT();
  const content = useGuideContent();
  return (
    <Page title={t("screen.guide")}>
      {content ? (
        <GuideHub hub={content.hub} />
      ) : (
        <div className="grid place-items-center py-16 text-brand-700">
          <Spinner label={t("common.loading")} />
        </div>
      )}
    </Page>
  );
}
