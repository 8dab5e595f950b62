import { useState } from "react";
import { ConfirmModal } from "../components/ui/modal.tsx";
import { Page } from "../components/ui/page.tsx";
import { Spinner } from "../components/ui/spinner.tsx";
import { AccountMenu } from "../features/account/components/account-menu.tsx";
import { DeleteAccountDialog } from "../features/account/components/delete-account-dialog.tsx";
import { ProfileCard } from "../features/account/components/profile-card.tsx";
import { StoreCreditCard } from "../features/account/components/store-credit-card.tsx";
import { useSignOut } from "../features/auth/api/logout.ts";
import { useSession } from "../features/auth/hooks/use-session.ts";
import { InviteCard } from "../features/referrals/components/invite-card.tsx";
import { useT } from "../lib/i18n.ts";

/** /profile: who is signed in, their store credit, their invite link, the account's screens, sign out and delete. */
export function ProfileRoute() {
  const t = useT();
  const { user } = useSession();
  const signOut = useSignOut();
  const [isSignOutOpen, setIsSignOutOpen] = useState(false);
  const [isDeleteOpen, setIsDeleteOpen] = useState(false);
  return (
    <Page title={t("nav.profile")}>
      <div className="space-y-6">
        {user ? (
          <ProfileCard user={user} />
        ) : (
          <Spinner className="mx-auto size-8 text-brand-700" label={t("common.loading")} />
        )}
        <StoreCreditCard />
        <InviteCard />
        <AccountMenu onSignOutRequest={() => setIsSignOutOpen(true)} onDeleteRequest={() => setIsDeleteOpen(true)} />
      </div>
      <ConfirmModal
        open={isSignOutOpen}
        onOpenChange={setIsSignOutOpen}
        type="warning"
        title={t("signOut.title")}
        message={t("signOut.message")}
        confirmLabel={t("profile.signOut")}
        isConfirming={signOut.isPending}
        onConfirm={() => signOut.mutate()}
      />
      <DeleteAccountDialog open={isDeleteOpen} onOpenChange={setIsDeleteOpen} />
    </Page>
  );
}
