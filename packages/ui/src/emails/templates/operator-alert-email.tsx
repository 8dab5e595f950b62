import { formatMoney } from "@esim/shared/money";
import type { OrderAttentionKind, OrderStatus } from "@esim/shared/statuses";
import { useConsoleT } from "../../console-i18n.ts";
import { EmailButton } from "../email-button.tsx";
import { EmailFacts } from "../email-facts.tsx";
import { EmailParagraph } from "../email-paragraph.tsx";
import { Ltr } from "../ltr.tsx";
import type { EmailTemplate } from "../render-email.tsx";

export interface OperatorAlertEmailProps {
  orderNumber: string;
  status: OrderStatus;
  attention: OrderAttentionKind;
  customerEmail: string;
  chargeDzdMinor: number;
  /** The order's page in the console (PUBLIC_URL/admin/orders/<number>). */
  consoleUrl: string;
}

function OperatorAlertEmailBody(props: OperatorAlertEmailProps) {
  const t = useConsoleT();
  const attention = t(`console.orders.attention.${props.attention}`);
  return (
    <>
      <EmailParagraph>{t("console.mail.alert.intro", { number: props.orderNumber, attention })}</EmailParagraph>
      <EmailFacts
        rows={[
          [t("console.mail.order"), props.orderNumber],
          [t("console.mail.status"), t(`console.orders.status.${props.status}`)],
          [t("console.mail.customer"), <Ltr key="email">{props.customerEmail}</Ltr>],
          [t("console.mail.amount"), formatMoney(props.chargeDzdMinor, "DZD")],
        ]}
      />
      <EmailButton href={props.consoleUrl}>{t("console.mail.openInConsole")}</EmailButton>
      <EmailParagraph>{t("console.mail.commands")}</EmailParagraph>
      <EmailParagraph>
        <Ltr>{`npm run console -- order:show ${props.orderNumber}`}</Ltr>
      </EmailParagraph>
    </>
  );
}

/** An order needs the operator (flagged): what, which order, and its page in the console. */
export const operatorAlertEmail: EmailTemplate<OperatorAlertEmailProps> = {
  subject: (t, props) =>
    t("console.mail.alert.subject", {
      number: props.orderNumber,
      attention: t(`console.orders.attention.${props.attention}`),
    }),
  Body: OperatorAlertEmailBody,
};
