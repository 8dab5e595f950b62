import { toDisplayText } from "@esim/shared/display-text";
import { useT } from "../i18n.ts";
import { EmailParagraph } from "./email-paragraph.tsx";

/** "Hello Amina," or "Hello," when the account has no name; a stored name shown safely (decision 060). */
export function EmailGreeting({ name }: { name: string | null }) {
  const t = useT();
  return (
    <EmailParagraph>{name ? t("mail.greetingName", { name: toDisplayText(name) }) : t("mail.greeting")}</EmailParagraph>
  );
}
