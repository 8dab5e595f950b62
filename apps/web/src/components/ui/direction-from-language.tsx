import { textDirection } from "@esim/shared/locale";
import { DirectionProvider } from "@radix-ui/react-direction";
import type { ReactNode } from "react";
import { useLanguage } from "../../lib/i18n.ts";

/** Radix components (dialogs) read the text direction from here; `<html dir>` is set by lib/i18n. */
export function DirectionFromLanguage({ children }: { children: ReactNode }) {
  const language = useLanguage();
  return <DirectionProvider dir={textDirection(language)}>{children}</DirectionProvider>;
}
