import { useT } from "../../lib/i18n.ts";

/**
 * An eSIM's ICCID, left to right in its own <bdi> in every language, or the words saying it is still to come: the
 * upstream may deliver a new eSIM without it (its activation code installs it meanwhile) and gives it later. With
 * `hasPrefix` it reads "ICCID 8943…" / "ICCID à venir"; without, it follows a label "ICCID" ("à venir"). The words
 * keep the page's direction (Arabic reads right to left) and nothing is offered to copy until there is a number.
 */
export function IccidText({
  iccid,
  hasPrefix = false,
  className = "",
}: {
  iccid: string | null;
  hasPrefix?: boolean;
  className?: string;
}) {
  const t = useT();
  if (iccid === null) {
    return <span className={className}>{t(hasPrefix ? "iccid.toCome" : "iccid.toComeAfterLabel")}</span>;
  }
  return (
    <bdi dir="ltr" className={`font-mono ${className}`}>
      {hasPrefix ? `ICCID ${iccid}` : iccid}
    </bdi>
  );
}
