import { toDisplayText } from "@esim/shared/display-text";
import type { RefundMethod } from "@esim/shared/ledger/vocabulary";
import { formatMoney } from "@esim/shared/money";
import { useT } from "../../i18n.ts";
import { EmailButton } from "../email-button.tsx";
import { EmailGreeting } from "../email-greeting.tsx";
import { EmailParagraph } from "../email-paragraph.tsx";
import type { EmailTemplate } from "../render-email.tsx";
import { useIsolate } from "../use-isolate.ts";

export interface RefundSentEmailProps {
  name: string | null;
  orderNumber: string;
  amountDzdMinor: number;
  method: RefundMethod;
  /** The transfer's reference, as the operator typed it. */
  reference: string | null;
  stillOwedDzdMinor: number;
  orderUrl: string;
}

function RefundSentEmailBody(props: RefundSentEmailProps) {
  const t = useT();
  const wrap = useIsolate();
  const amount = wrap(formatMoney(props.amountDzdMinor, "DZD"));
  const isStoreCredit = props.method === "store_credit";
  return (
    <>
      <EmailGreeting name={props.name} />
      <EmailParagraph>
        {isStoreCredit
          ? t("mail.refundSent.storeCredit", { amount })
          : t("mail.refundSent.sent", { amount, method: t(`refund.method.${props.method}`) })}
      </EmailParagraph>
      {props.reference && !isStoreCredit ? (
        <EmailParagraph>
          {t("mail.refundSent.reference", { reference: wrap(toDisplayText(props.reference)) })}
        </EmailParagraph>
      ) : null}
      <EmailParagraph>
        {props.stillOwedDzdMinor > 0
          ? t("mail.refundSent.stillOwed", { amount: wrap(formatMoney(props.stillOwedDzdMinor, "DZD")) })
          : t("mail.refundSent.settled")}
      </EmailParagraph>
      <EmailButton href={props.orderUrl}>{t("mail.seeOrder")}</EmailButton>
    </>
  );
}

/** One refund sent (decision 062): how much, how, the transfer's reference, and what is still owed. */
export const refundSentEmail: EmailTemplate<RefundSentEmailProps> = {
  subject: (t, props) => t("mail.refundSent.subject", { number: props.orderNumber }),
  Body: RefundSentEmailBody,
};
