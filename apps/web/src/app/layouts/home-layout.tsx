import { MAIN_CONTENT_ID, SkipLink } from "@esim/ui/layout";
import { useMemo } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { PageHeaderChatContext } from "../../components/ui/page-header.tsx";
import { useSession } from "../../features/auth/hooks/use-session.ts";
import { ChatButton } from "../../features/support/chat/chat-button.tsx";
import { AppNav } from "./app-nav.tsx";
import { BottomTabs } from "./bottom-tabs.tsx";
import { SiteFooter } from "./site-footer.tsx";

/**
 * The signed-in shell. The route loader turns visitors away on arrival; this
 * also follows the session while the user is here (sign-out, a 401, another tab).
 */
export function HomeLayout() {
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
