import { useT } from "../../lib/i18n.ts";
import { canShareNatively, shareNatively, smsHref, whatsappHref } from "../../lib/share.ts";
import { Button, buttonClasses } from "./button.tsx";
import { CopyField } from "./copy-field.tsx";

/**
 * A link for the traveller to give to someone (a pay-for-me link, an invite): the address to copy, the phone's share
 * sheet where there is one, WhatsApp and SMS with `text` (which carries the address) typed in.
 */
export function ShareLink({ label, url, text, title }: { label: string; url: string; text: string; title: string }) {
  const t = useT();
  return (
    <div className="space-y-3">
      <CopyField label={label} value={url} />
      <div className="flex flex-wrap gap-2 *:grow">
        {canShareNatively() ? (
          <Button onClick={() => void shareNatively({ title, text, url })}>{t("share.sheet")}</Button>
        ) : null}
        <a href={whatsappHref(text)} target="_blank" rel="noreferrer" className={buttonClasses("secondary")}>
          {t("share.whatsapp")}
        </a>
        <a href={smsHref(text)} className={buttonClasses("secondary")}>
          {t("share.sms")}
        </a>
      </div>
    </div>
  );
}
