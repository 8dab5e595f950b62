import { formatDateTime } from "@esim/shared/format";
import { formatMoney } from "@esim/shared/money";
import { useT } from "../../i18n.ts";
import { EmailFacts } from "../email-facts.tsx";
import { EmailGreeting } from "../email-greeting.tsx";
import { EmailParagraph } from "../email-paragraph.tsx";
import type { EmailTemplate } from "../render-email.tsx";
import { useIsolate } from "../use-isolate.ts";

export interface PayLinkReceiptEmailProps {
  /** The traveller's first name only: a payer never sees their email, phone or eSIM's secrets (decision 077). */
  travellerFirstName: string;
  planName: string;
  amountDzdMinor: number;
  orderNumber: string;
  paidAt: string;
}

function PayLinkReceiptEmailBody(props: PayLinkReceiptEmailProps) {
  const t = useT();
  const wrap = useIsolate();
  return (
    <>
      <EmailGreeting name={null} />
      <EmailParagraph>
        {t("mail.payLinkReceipt.text", { name: wrap(props.travellerFirstName), plan: wrap(props.planName) })}
      </EmailParagraph>
      <EmailFacts
        rows={[
          [t("mail.payLinkReceipt.reference"), props.orderNumber],
          [t("mail.payLinkReceipt.amount"), formatMoney(props.amountDzdMinor, "DZD")],
          [t("mail.payLinkReceipt.date"), formatDateTime(props.paidAt)],
        ]}
      />
      <EmailParagraph>{t("mail.payLinkReceipt.invoice")}</EmailParagraph>
    </>
  );
}

/** The payer's receipt for a pay-for-me link (decision 077): what they paid, for whom (first name), never more. */
export const payLinkReceiptEmail: EmailTemplate<PayLinkReceiptEmailProps> = {
  subject: (t, props) => t("mail.payLinkReceipt.subject", { name: props.travellerFirstName }),
  Body: PayLinkReceiptEmailBody,
};
