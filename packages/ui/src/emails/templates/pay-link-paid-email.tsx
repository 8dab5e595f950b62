import { formatMoney } from "@esim/shared/money";
import { useT } from "../../i18n.ts";
import { EmailButton } from "../email-button.tsx";
import { EmailFacts } from "../email-facts.tsx";
import { EmailGreeting } from "../email-greeting.tsx";
import { EmailParagraph } from "../email-paragraph.tsx";
import type { EmailTemplate } from "../render-email.tsx";
import { useIsolate } from "../use-isolate.ts";

export interface PayLinkPaidEmailProps {
  name: string | null;
  /** "Turquie · 5 Go · 30 jours", in the traveller's language. */
  planName: string;
  isTopUp: boolean;
  amountDzdMinor: number;
  orderNumber: string;
  orderUrl: string;
}

function PayLinkPaidEmailBody(props: PayLinkPaidEmailProps) {
  const t = useT();
  const wrap = useIsolate();
  return (
    <>
      <EmailGreeting name={props.name} />
      <EmailParagraph>
        {t(props.isTopUp ? "mail.payLinkPaid.topUp" : "mail.payLinkPaid.newEsim", { plan: wrap(props.planName) })}
      </EmailParagraph>
      <EmailFacts
        rows={[
          [t("mail.payLinkPaid.order"), props.orderNumber],
          [t("mail.payLinkPaid.amount"), formatMoney(props.amountDzdMinor, "DZD")],
        ]}
      />
      <EmailButton href={props.orderUrl}>{t("mail.seeOrder")}</EmailButton>
    </>
  );
}

/** The traveller told that a relative paid their pay-for-me link (decision 077), in the traveller's language. */
export const payLinkPaidEmail: EmailTemplate<PayLinkPaidEmailProps> = {
  subject: (t, props) => t("mail.payLinkPaid.subject", { number: props.orderNumber }),
  Body: PayLinkPaidEmailBody,
};
