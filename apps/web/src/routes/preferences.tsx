import { Page } from "../components/ui/page.tsx";
import { Spinner } from "../components/ui/spinner.tsx";
import { PreferencesForm } from "../features/account/components/preferences-form.tsx";
import { useSession } from "../features/auth/hooks/use-session.ts";
import { useT } from "../lib/i18n.ts";

export function PreferencesRoute() {
  const t = useT();
  const { user } = useSession();
  return (
    <Page title={t("nav.preferences")} hasBack backTo="/profile">
      {user ? (
        <PreferencesForm user={user} />
      ) : (
        <Spinner className="mx-auto size-8 text-brand-700" label={t("common.loading")} />
      )}
    </Page>
  );
}
