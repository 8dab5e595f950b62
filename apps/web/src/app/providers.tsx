import { I18nProvider } from "@lingui/react";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { DirectionFromLanguage } from "../components/ui/direction-from-language.tsx";
import { useSessionSync } from "../features/auth/hooks/use-session-sync.ts";
import { useDeviceRegistration } from "../features/devices/hooks/use-device-registration.ts";
import { i18n } from "../lib/i18n.ts";

/** App-wide effects of the session: user data follows the token; this device is registered when signed in. */
function SessionEffects() {
  useSessionSync();
  useDeviceRegistration();
  return null;
}

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>
        <DirectionFromLanguage>
          <SessionEffects />
          {children}
        </DirectionFromLanguage>
      </I18nProvider>
    </QueryClientProvider>
  );
}
