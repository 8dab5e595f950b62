import { buttonClasses } from "../../../components/ui/button.tsx";
import { useT } from "../../../lib/i18n.ts";
import { whatsappHref } from "../../../lib/share.ts";
import { useSupportConfig } from "../api/get-support-config.ts";
import { WhatsAppIcon } from "./whatsapp-icon.tsx";

interface WhatsAppButtonProps {
  /** Named in the prefilled message, so support finds the order at once. */
  orderNumber?: string | undefined;
  className?: string;
}

/**
 * Opens a WhatsApp chat with support, the message typed in the traveller's language with the order number; nothing
 * when no number is configured. A plain link: in the native apps Capacitor hands another site's link to the system,
 * which opens WhatsApp itself (the in-app browser would only show wa.me's page).
 */
export function WhatsAppButton({ orderNumber, className = "" }: WhatsAppButtonProps) {
  const t = useT();
  const config = useSupportConfig();
  const number = config.data?.whatsapp?.number;
  if (!number) return null;
  const message = orderNumber ? t("support.whatsappMessageOrder", { orderNumber }) : t("support.whatsappMessage");
  return (
    <a
      href={whatsappHref(message, number)}
      target="_blank"
      rel="noopener noreferrer"
      className={buttonClasses("secondary", className)}
    >
      <WhatsAppIcon className="size-5 text-emerald-700" />
      {t("support.whatsappAction")}
    </a>
  );
}
