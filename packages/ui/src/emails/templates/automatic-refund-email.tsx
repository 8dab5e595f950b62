import { formatMoney } from "@esim/shared/money";
import type { AutomaticRefundReason } from "@esim/shared/orders/refunds";
import { type MessageId, useT } from "../../i18n.ts";
import { EmailButton } from "../email-button.tsx";
import { EmailGreeting } from "../email-greeting.tsx";
import { EmailParagraph } from "../email-paragraph.tsx";
import type { EmailTemplate } from "../render-email.tsx";
import { useIsolate } from "../use-isolate.ts";

export interface AutomaticRefundEmailProps {
  name: string | null;
  orderNumber: string;
  reason: AutomaticRefundReason;
  owedDzdMinor: number;
  /** The money owed was held, never sold (a second payment): it goes back the way it came, nothing to choose. */
  isHeldMoney: boolean;
  /** The order's page, where the refund's way is chosen. */
  orderUrl: string;
}

/** What happened, in the traveller's words, for each cause of a refund owed without an operator. */
const REASON_MESSAGES: Record<AutomaticRefundReason, MessageId> = {
  upstream_price_loss: "mail.automaticRefund.reason.upstream_price_loss",
  package_withdrawn: "mail.automaticRefund.reason.package_withdrawn",
  esim_ended_before_top_up: "mail.automaticRefund.reason.esim_ended_before_top_up",
  pay_link_second_payment: "mail.automaticRefund.reason.pay_link_second_payment",
  pay_link_undeliverable: "mail.automaticRefund.reason.pay_link_undeliverable",
};

function AutomaticRefundEmailBody(props: AutomaticRefundEmailProps) {
  const t = useT();
  const wrap = useIsolate();
  const amount = wrap(formatMoney(props.owedDzdMinor, "DZD"));
  return (
    <>
      <EmailGreeting name={props.name} />
      <EmailParagraph>{t(REASON_MESSAGES[props.reason])}</EmailParagraph>
      <EmailParagraph>
        {props.isHeldMoney
          ? t("mail.automaticRefund.heldBack", { amount })
          : `${t("mail.automaticRefund.nothingBought")} ${t("mail.refund.chooseHow", { amount })}`}
      </EmailParagraph>
      {props.isHeldMoney ? null : (
        <EmailButton href={props.orderUrl}>{t("mail.cancellation.chooseRefund")}</EmailButton>
      )}
      <EmailParagraph>{t("mail.automaticRefund.sorry")}</EmailParagraph>
    </>
  );
}

/** A refund owed without an operator: why, how much, and how the money comes back (decisions 062 and 083). */
export const automaticRefundEmail: EmailTemplate<AutomaticRefundEmailProps> = {
  subject: (t, props) => t("mail.automaticRefund.subject", { number: props.orderNumber }),
  Body: AutomaticRefundEmailBody,
};
