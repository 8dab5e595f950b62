import { type AnchorProps, LinkProvider } from "@esim/ui/link";
import { Link, Outlet, ScrollRestoration } from "react-router";
import { OfflineBanner } from "../../components/ui/offline-banner.tsx";

/** The shared components' links (packages/ui `AppLink`) navigate in the app without a reload. */
function RouterAnchor({ href, ...props }: AnchorProps) {
  return <Link to={href} {...props} />;
}

/**
 * Back restores the scroll position; any other navigation starts at the top (ScrollRestoration). Every page
 * says when the device is offline.
 */
export function RootLayout() {
  return (
    <LinkProvider component={RouterAnchor}>
      <OfflineBanner />
      <Outlet />
      <ScrollRestoration />
    </LinkProvider>
  );
}
