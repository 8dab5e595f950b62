import { LanguagePicker } from "@esim/ui/layout";
import { useLocation } from "react-router";
import { useChangeLanguage } from "../hooks/use-change-language.ts";

/**
 * The one language picker (the public pages' too: packages/ui), on the navigation bar and the sign-in pages: a
 * click switches in place and saves the choice; each link is also this page with `?lang=`, which the root loader
 * applies where the click is not handled.
 */
export function LanguageSwitcher() {
  const location = useLocation();
  const switchLanguage = useChangeLanguage();
  return (
    <LanguagePicker
      hrefOf={(language) => `${location.pathname}?${new URLSearchParams({ lang: language })}`}
      onChoose={(language, event) => {
        event.preventDefault();
        void switchLanguage(language);
      }}
    />
  );
}
