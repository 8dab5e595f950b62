import { I18nProvider } from "@lingui/react";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { DirectionFromLanguage } from "../../components/ui/direction-from-language.tsx";
import { i18n } from "../../lib/i18n.ts";

/** Queries, texts and the text direction; none of the traveller's session effects. */
export function ConsoleProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>
        <DirectionFromLanguage>{children}</DirectionFromLanguage>
      </I18nProvider>
    </QueryClientProvider>
  );
}
