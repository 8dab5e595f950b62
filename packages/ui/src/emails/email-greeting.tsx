import { toDisplayText } from "@esim/shared/display-text";
import { useT } from "../i18n.ts";
import { EmailParagraph } from "./email-paragraph.tsx";
import { useIsolate } from "./use-isolate.ts";

/** "Hello Amina," or "Hello," when the account has no name; a stored name shown safely (decision 060) and
 * isolated in a right-to-left email. */
export function EmailGreeting({ name }: { name: string | null }) {
  const t = useT();
  const wrap = useIsolate();
  return (
    <EmailParagraph>
      {name ? t("mail.greetingName", { name: wrap(toDisplayText(name)) }) : t("mail.greeting")}
    </EmailParagraph>
  );
}
