import { useSyncExternalStore } from "react";
import { useT } from "../../lib/i18n.ts";

function subscribeToConnection(onChange: () => void): () => void {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

const isOnline = () => navigator.onLine;

// On phones, app screens have a fixed header (page-header.tsx, 3.5rem under the platform's top spacing,
// --header-top-spacing in index.css) that would hide a notice at the top of the page: there the notice sticks
// just below it instead. Elsewhere it keeps clear of the status bar itself.
const UNDER_FIXED_HEADER =
  "max-md:[body:has(header.fixed)_&]:sticky max-md:[body:has(header.fixed)_&]:pt-2 max-md:[body:has(header.fixed)_&]:top-[calc(3.5rem+var(--header-top-spacing))]";

/**
 * Above every page while the device is offline: what the screens show comes from the last connection (the
 * service worker's copies). The live region stays in the page so the notice is read out when it appears.
 */
export function OfflineBanner() {
  const t = useT();
  const isConnected = useSyncExternalStore(subscribeToConnection, isOnline, () => true);
  return (
    <div
      role="status"
      className={
        isConnected
          ? undefined
          : `z-20 bg-amber-100 px-4 pt-[max(0.5rem,var(--header-top-spacing))] pb-2 text-center text-sm font-medium text-amber-950 shadow-sm ${UNDER_FIXED_HEADER}`
      }
    >
      {isConnected ? null : t("offline.banner")}
    </div>
  );
}
