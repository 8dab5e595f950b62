import { formatMoney } from "@esim/shared/money";
import { useT } from "../../i18n.ts";
import { EmailButton } from "../email-button.tsx";
import { EmailGreeting } from "../email-greeting.tsx";
import { EmailParagraph } from "../email-paragraph.tsx";
import type { EmailTemplate } from "../render-email.tsx";
import { useIsolate } from "../use-isolate.ts";

export interface ReferralRewardEmailProps {
  name: string | null;
  amountDzdMinor: number;
  /** The account's page, where the credit and the invite card are. */
  accountUrl: string;
}

function ReferralRewardEmailBody(props: ReferralRewardEmailProps) {
  const t = useT();
  const wrap = useIsolate();
  return (
    <>
      <EmailGreeting name={props.name} />
      <EmailParagraph>
        {t("mail.referralReward.earned", { amount: wrap(formatMoney(props.amountDzdMinor, "DZD")) })}
      </EmailParagraph>
      <EmailParagraph>{t("mail.referralReward.spend")}</EmailParagraph>
      <EmailButton href={props.accountUrl}>{t("mail.referralReward.button")}</EmailButton>
    </>
  );
}

/** The inviter told their friend's first order was delivered: the credit earned (decision 079). */
export const referralRewardEmail: EmailTemplate<ReferralRewardEmailProps> = {
  subject: (t, props) => t("mail.referralReward.subject", { amount: formatMoney(props.amountDzdMinor, "DZD") }),
  Body: ReferralRewardEmailBody,
};
