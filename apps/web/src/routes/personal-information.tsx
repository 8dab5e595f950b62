import { Page } from "../components/ui/page.tsx";
import { Spinner } from "../components/ui/spinner.tsx";
import { PersonalInformationForm } from "../features/account/components/personal-information-form.tsx";
import { useSession } from "../features/auth/hooks/use-session.ts";
import { useT } from "../lib/i18n.ts";

export function PersonalInformationRoute() {
  const t = useT();
  const { user } = useSession();
  return (
    <Page title={t("nav.personalInformation")} hasBack backTo="/profile">
      {user ? (
        <PersonalInformationForm user={user} />
      ) : (
        <Spinner className="mx-auto size-8 text-brand-700" label={t("common.loading")} />
      )}
    </Page>
  );
}
