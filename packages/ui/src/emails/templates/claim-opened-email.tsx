import type { ClaimReason } from "@esim/shared/claims/contracts";
import { formatDateTime } from "@esim/shared/format";
import { useConsoleT } from "../../console-i18n.ts";
import { CLAIM_REASON_NAME } from "../../status-labels.ts";
import { EmailButton } from "../email-button.tsx";
import { EmailFacts } from "../email-facts.tsx";
import { EmailParagraph } from "../email-paragraph.tsx";
import { Ltr } from "../ltr.tsx";
import type { EmailTemplate } from "../render-email.tsx";

export interface ClaimOpenedEmailProps {
  orderNumber: string;
  /** Null once the account is deleted. */
  customerEmail: string | null;
  reason: ClaimReason;
  /** The shop answers a claim within 7 days: the deadline the operator works to. */
  settleBy: Date;
  /** The claim's page in the console, where it is decided. */
  consoleUrl: string;
}

function ClaimOpenedEmailBody(props: ClaimOpenedEmailProps) {
  const t = useConsoleT();
  return (
    <>
      <EmailParagraph>{t("console.mail.claim.intro")}</EmailParagraph>
      <EmailFacts
        rows={[
          [t("console.mail.order"), props.orderNumber],
          [
            t("console.mail.customer"),
            props.customerEmail ? <Ltr key="email">{props.customerEmail}</Ltr> : t("console.mail.accountDeleted"),
          ],
          [t("console.mail.claim.reason"), t(CLAIM_REASON_NAME[props.reason])],
          [t("console.mail.claim.settleBy"), formatDateTime(props.settleBy)],
        ]}
      />
      <EmailButton href={props.consoleUrl}>{t("console.mail.claim.open")}</EmailButton>
    </>
  );
}

/** A traveller files a claim: the operators are told at once, with its 7-day deadline and where to decide. */
export const claimOpenedEmail: EmailTemplate<ClaimOpenedEmailProps> = {
  subject: (t, props) => t("console.mail.claim.subject", { number: props.orderNumber }),
  Body: ClaimOpenedEmailBody,
};
