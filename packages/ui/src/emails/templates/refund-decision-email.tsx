import { toDisplayText } from "@esim/shared/display-text";
import { formatMoney } from "@esim/shared/money";
import { useT } from "../../i18n.ts";
import { EmailGreeting } from "../email-greeting.tsx";
import { EmailParagraph } from "../email-paragraph.tsx";
import type { EmailTemplate } from "../render-email.tsx";
import { useIsolate } from "../use-isolate.ts";

/**
 * approved: a refund for an order that could not be delivered; refused: we keep delivering it; held_refused: a held
 * payment (not the order's amount, currency or checkout) goes back the way it came.
 */
export type RefundDecisionKind = "approved" | "refused" | "held_refused";

export interface RefundDecisionEmailProps {
  name: string | null;
  orderNumber: string;
  decision: RefundDecisionKind;
  /** The operator's words, quoted as typed. */
  reason: string;
  owedDzdMinor: number;
}

function RefundDecisionEmailBody(props: RefundDecisionEmailProps) {
  const t = useT();
  const wrap = useIsolate();
  const amount = wrap(formatMoney(props.owedDzdMinor, "DZD"));
  const body =
    props.decision === "refused"
      ? t("mail.refundDecision.refused")
      : props.decision === "held_refused"
        ? t("mail.refundDecision.heldRefused", { amount })
        : `${t("mail.refundDecision.undelivered")} ${t("mail.refund.chooseHow", { amount })}`;
  return (
    <>
      <EmailGreeting name={props.name} />
      <EmailParagraph>{body}</EmailParagraph>
      <EmailParagraph>
        {t("mail.reason", { reason: toDisplayText(props.reason, { isMultiline: true }) })}
      </EmailParagraph>
    </>
  );
}

const SUBJECTS = {
  approved: "mail.refundDecision.approvedSubject",
  refused: "mail.refundDecision.refusedSubject",
  held_refused: "mail.refundDecision.heldRefusedSubject",
} as const;

/** The decision on a refund or on a held payment, with the operator's reason. */
export const refundDecisionEmail: EmailTemplate<RefundDecisionEmailProps> = {
  subject: (t, props) => t(SUBJECTS[props.decision], { number: props.orderNumber }),
  Body: RefundDecisionEmailBody,
};
