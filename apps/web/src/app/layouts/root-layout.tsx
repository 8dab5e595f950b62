import { Outlet, ScrollRestoration } from "react-router";
import { OfflineBanner } from "../../components/ui/offline-banner.tsx";

/**
 * Back restores the scroll position; any other navigation starts at the top (ScrollRestoration). Every page
 * says when the device is offline.
 */
export function RootLayout() {
  return (
    <>
      <OfflineBanner />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
