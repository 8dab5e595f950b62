import { toDisplayText } from "@esim/shared/display-text";
import { formatMoney } from "@esim/shared/money";
import { useT } from "../../i18n.ts";
import { EmailButton } from "../email-button.tsx";
import { EmailGreeting } from "../email-greeting.tsx";
import { EmailParagraph } from "../email-paragraph.tsx";
import type { EmailTemplate } from "../render-email.tsx";
import { useIsolate } from "../use-isolate.ts";

export interface CancellationDecisionEmailProps {
  name: string | null;
  orderNumber: string;
  destination: string;
  decision:
    | { kind: "approved"; refundDzdMinor: number; note: string | null; orderUrl: string }
    | { kind: "refused"; reason: string };
  esimUrl: string;
}

function CancellationDecisionEmailBody(props: CancellationDecisionEmailProps) {
  const t = useT();
  const wrap = useIsolate();
  const { decision } = props;
  return (
    <>
      <EmailGreeting name={props.name} />
      {decision.kind === "approved" ? (
        <>
          <EmailParagraph>
            {[
              t("mail.cancellation.cancelled", { destination: props.destination }),
              t("mail.refund.chooseHow", { amount: wrap(formatMoney(decision.refundDzdMinor, "DZD")) }),
              t("mail.cancellation.eachSent"),
            ].join(" ")}
          </EmailParagraph>
          {decision.note ? (
            <EmailParagraph>
              {t("mail.cancellation.note", { note: toDisplayText(decision.note, { isMultiline: true }) })}
            </EmailParagraph>
          ) : null}
          <EmailButton href={decision.orderUrl}>{t("mail.cancellation.chooseRefund")}</EmailButton>
        </>
      ) : (
        <>
          <EmailParagraph>{t("mail.cancellation.refused", { destination: props.destination })}</EmailParagraph>
          <EmailParagraph>
            {t("mail.reason", { reason: toDisplayText(decision.reason, { isMultiline: true }) })}
          </EmailParagraph>
        </>
      )}
      <EmailButton href={props.esimUrl}>{t("mail.seeEsim")}</EmailButton>
    </>
  );
}

/** The traveller's answer to a cancellation request: cancelled with the refund to choose, or refused with why. */
export const cancellationDecisionEmail: EmailTemplate<CancellationDecisionEmailProps> = {
  subject: (t, props) =>
    t(props.decision.kind === "approved" ? "mail.cancellation.approvedSubject" : "mail.cancellation.refusedSubject", {
      number: props.orderNumber,
    }),
  Body: CancellationDecisionEmailBody,
};
