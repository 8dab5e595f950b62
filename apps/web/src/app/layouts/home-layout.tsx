import { isProfileComplete } from "@esim/shared/auth/contracts";
import { MAIN_CONTENT_ID, SkipLink } from "@esim/ui/layout";
import { lazy, Suspense, useMemo } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { PageHeaderChatContext } from "../../components/ui/page-header.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useSession } from "../../features/auth/hooks/use-session.ts";
import { ChatButton } from "../../features/support/chat/chat-button.tsx";
import { useT } from "../../lib/i18n.ts";
import { AppNav } from "./app-nav.tsx";
import { AuthLayout } from "./auth-layout.tsx";
import { BottomTabs } from "./bottom-tabs.tsx";
import { SiteFooter } from "./site-footer.tsx";

// Only an account that has not given its name and country yet needs this step (and its country list).
const CompleteProfileStep = lazy(() =>
  import("../../features/auth/components/complete-profile-step.tsx").then((module) => ({
    default: module.CompleteProfileStep,
  })),
);

/**
 * The signed-in shell. The route loader turns visitors away on arrival; this
 * also follows the session while the user is here (sign-out, a 401, another tab).
 * An account without a name or country (`/auth/me` says so) gets the sign-in's last step instead of the page, on
 * any signed-in address: a reload on that step, or leaving it, does not let anyone in without them. Once given,
 * the page asked for shows.
 */
export function HomeLayout() {
  const t = useT();
  const { isAuthenticated, endReason, user } = useSession();
  const location = useLocation();
  const name = user?.name;
  const email = user?.email;
  const chatUser = useMemo(() => (email ? { name: name ?? null, email } : null), [name, email]);
  // The live chat: a header button on phones (every page's header), a floating button from 768 px.
  const headerChat = useMemo(() => <ChatButton variant="header" user={chatUser} />, [chatUser]);
  if (!isAuthenticated) {
    const wayBack = encodeURIComponent(`${location.pathname}${location.search}`);
    return <Navigate to={endReason === "signed-out" ? "/login" : `/login?redirect=${wayBack}`} replace />;
  }
  if (user && !isProfileComplete(user)) {
    return (
      <AuthLayout title={t("auth.profile.title")}>
        <Suspense fallback={<Spinner className="mx-auto size-8" />}>
          {/* Saving the step refreshes `/auth/me`, and this layout then shows the page. */}
          <CompleteProfileStep onDone={() => {}} />
        </Suspense>
      </AuthLayout>
    );
  }
  return (
    <PageHeaderChatContext value={headerChat}>
      <div className="flex min-h-dvh flex-col">
        <SkipLink />
        <AppNav />
        <main id={MAIN_CONTENT_ID} className="flex-1 pb-20 md:pb-0" tabIndex={-1}>
          <Outlet />
        </main>
        <SiteFooter className="mb-[calc(3.5rem+env(safe-area-inset-bottom))] md:mb-0" />
        <BottomTabs />
        <ChatButton variant="floating" user={chatUser} />
      </div>
    </PageHeaderChatContext>
  );
}
