import { toDisplayText } from "@esim/shared/display-text";
import { formatDate } from "@esim/shared/format";
import { formatMoney } from "@esim/shared/money";
import { useT } from "../../i18n.ts";
import { EmailButton } from "../email-button.tsx";
import { EmailGreeting } from "../email-greeting.tsx";
import { EmailParagraph } from "../email-paragraph.tsx";
import type { EmailTemplate } from "../render-email.tsx";
import { useIsolate } from "../use-isolate.ts";

/** Each step of a claim the traveller is told of (decision 080). */
export type ClaimEmailStep =
  | { kind: "received"; settleBy: Date; isRefundable: boolean }
  | { kind: "answered"; message: string }
  | { kind: "refunded"; method: "store_credit" | "transfer"; amountDzdMinor: number; orderUrl: string }
  | { kind: "refused"; reason: string };

export interface ClaimEmailProps {
  name: string | null;
  orderNumber: string;
  destination: string;
  step: ClaimEmailStep;
  /** The eSIM's page, where the claim is followed. */
  claimUrl: string;
}

function ClaimEmailBody(props: ClaimEmailProps) {
  const t = useT();
  const wrap = useIsolate();
  const { step } = props;
  return (
    <>
      <EmailGreeting name={props.name} />
      {step.kind === "received" ? (
        <EmailParagraph>
          {[
            t("mail.claim.received", { destination: props.destination }),
            t("mail.claim.settleBy", { date: wrap(formatDate(step.settleBy)) }),
            step.isRefundable ? "" : t("mail.claim.outsideWindow"),
          ]
            .filter(Boolean)
            .join(" ")}
        </EmailParagraph>
      ) : step.kind === "answered" ? (
        <>
          <EmailParagraph>{t("mail.claim.answered", { destination: props.destination })}</EmailParagraph>
          <EmailParagraph>{toDisplayText(step.message, { isMultiline: true })}</EmailParagraph>
        </>
      ) : step.kind === "refunded" ? (
        <>
          <EmailParagraph>
            {t(step.method === "store_credit" ? "mail.claim.refundedCredit" : "mail.claim.refundedTransfer", {
              amount: wrap(formatMoney(step.amountDzdMinor, "DZD")),
            })}
          </EmailParagraph>
          {step.method === "transfer" ? (
            <EmailButton href={step.orderUrl}>{t("mail.cancellation.chooseRefund")}</EmailButton>
          ) : null}
        </>
      ) : (
        <>
          <EmailParagraph>{t("mail.claim.refused", { destination: props.destination })}</EmailParagraph>
          <EmailParagraph>
            {t("mail.reason", { reason: toDisplayText(step.reason, { isMultiline: true }) })}
          </EmailParagraph>
        </>
      )}
      <EmailButton href={props.claimUrl}>{t("mail.claim.follow")}</EmailButton>
    </>
  );
}

const SUBJECTS = {
  received: "mail.claim.receivedSubject",
  answered: "mail.claim.answeredSubject",
  refunded: "mail.claim.refundedSubject",
  refused: "mail.claim.refusedSubject",
} as const;

/** Every step of a claim (received, answered, refunded, refused), in the traveller's language. */
export const claimEmail: EmailTemplate<ClaimEmailProps> = {
  subject: (t, props) => t(SUBJECTS[props.step.kind], { number: props.orderNumber }),
  Body: ClaimEmailBody,
};
