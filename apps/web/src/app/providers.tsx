import { textDirection } from "@esim/shared/locale";
import { I18nProvider } from "@lingui/react";
import { DirectionProvider } from "@radix-ui/react-direction";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useSessionSync } from "../features/auth/hooks/use-session-sync.ts";
import { useDeviceRegistration } from "../features/devices/hooks/use-device-registration.ts";
import { i18n, useLanguage } from "../lib/i18n.ts";

/** Radix components (dialogs) read the text direction from here; `<html dir>` is set by lib/i18n. */
function DirectionFromLanguage({ children }: { children: ReactNode }) {
  const language = useLanguage();
  return <DirectionProvider dir={textDirection(language)}>{children}</DirectionProvider>;
}

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
