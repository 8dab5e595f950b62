import type { Language } from "@esim/shared/locale";
import { I18nProvider } from "@lingui/react";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { activateLanguage, i18n, loadAllTexts } from "../lib/i18n.ts";

/** Renders one component with a real catalog (both parts) (and a memory router for links), as the app would. */
export async function renderWithI18n(
  ui: ReactNode,
  options: {
    language?: Language;
    initialEntries?: string[];
    userEventOptions?: Parameters<typeof userEvent.setup>[0];
  } = {},
) {
  await activateLanguage(options.language ?? "en");
  // A component alone may be from any screen: every text, as the lazy layouts would have loaded.
  await loadAllTexts();
  const user = userEvent.setup(options.userEventOptions);
  const result = render(
    <I18nProvider i18n={i18n}>
      <MemoryRouter initialEntries={options.initialEntries ?? ["/"]}>{ui}</MemoryRouter>
    </I18nProvider>,
  );
  return { user, ...result };
}
