import { toDisplayText } from "@esim/shared/display-text";
import { formatDateTime } from "@esim/shared/format";
import { formatMoney } from "@esim/shared/money";
import { useConsoleT } from "../../console-i18n.ts";
import { EmailButton } from "../email-button.tsx";
import { EmailFacts } from "../email-facts.tsx";
import { EmailParagraph } from "../email-paragraph.tsx";
import { iccidText } from "../iccid-text.ts";
import { Ltr } from "../ltr.tsx";
import type { EmailTemplate } from "../render-email.tsx";

export interface CancellationRequestEmailProps {
  requestId: string;
  orderNumber: string;
  iccid: string | null;
  /** Null once the account is deleted. */
  customerEmail: string | null;
  destination: string;
  requestedAt: Date;
  refundDzdMinor: number;
  reason: string | null;
  /** The console's queue of cancellations, where it is decided. */
  consoleUrl: string;
}

function CancellationRequestEmailBody(props: CancellationRequestEmailProps) {
  const t = useConsoleT();
  return (
    <>
      <EmailParagraph>{t("console.mail.cancellation.intro")}</EmailParagraph>
      <EmailFacts
        rows={[
          [t("console.mail.order"), props.orderNumber],
          [
            t("console.mail.cancellation.iccid"),
            props.iccid ? <Ltr key="iccid">{props.iccid}</Ltr> : t("iccid.toComeAfterLabel"),
          ],
          [
            t("console.mail.customer"),
            props.customerEmail ? <Ltr key="email">{props.customerEmail}</Ltr> : t("console.mail.accountDeleted"),
          ],
          [t("console.mail.cancellation.destination"), props.destination],
          [t("console.mail.cancellation.requestedAt"), formatDateTime(props.requestedAt)],
          [t("console.mail.cancellation.owed"), formatMoney(props.refundDzdMinor, "DZD")],
          [t("console.mail.cancellation.reason"), props.reason ? toDisplayText(props.reason) : t("console.mail.none")],
        ]}
      />
      <EmailButton href={props.consoleUrl}>{t("console.mail.cancellation.open")}</EmailButton>
      <EmailParagraph>{t("console.mail.commands")}</EmailParagraph>
      <EmailParagraph>
        <Ltr>{`npm run console -- cancellation:approve ${props.requestId}`}</Ltr>
      </EmailParagraph>
      <EmailParagraph>
        <Ltr>{`npm run console -- cancellation:refuse ${props.requestId} "<${t("console.mail.cancellation.refuseReason")}>"`}</Ltr>
      </EmailParagraph>
    </>
  );
}

/** A traveller asks to cancel an eSIM: the facts the operator decides on, and where to decide. */
export const cancellationRequestEmail: EmailTemplate<CancellationRequestEmailProps> = {
  subject: (t, props) =>
    t("console.mail.cancellation.subject", { number: props.orderNumber, iccid: iccidText(t, props.iccid) }),
  Body: CancellationRequestEmailBody,
};
