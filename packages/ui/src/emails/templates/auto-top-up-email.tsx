import { formatMoney } from "@esim/shared/money";
import { type Translate, useT } from "../../i18n.ts";
import { EmailButton } from "../email-button.tsx";
import { EmailGreeting } from "../email-greeting.tsx";
import { EmailParagraph } from "../email-paragraph.tsx";
import type { EmailTemplate } from "../render-email.tsx";
import { useIsolate } from "../use-isolate.ts";

/** What became of an auto top-up trigger: bought, or why not (decision 078). */
export type AutoTopUpEmailOutcome = "ordered" | "credit_short" | "cap_reached" | "plan_unavailable";

export interface AutoTopUpEmailProps {
  outcome: AutoTopUpEmailOutcome;
  /** What fired it: the data left under the threshold, or the validity ending within a day. */
  trigger: "usage" | "validity";
  name: string | null;
  destination: string;
  planName: string;
  /** The top-up's price (bought: what the credit paid). */
  amountDzdMinor: number;
  balanceDzdMinor: number;
  detailsUrl: string;
  /** The eSIM's page opening "Ask someone to pay" (the pay-for-me link). */
  payForMeUrl: string;
  loadCreditUrl: string;
}

type AutoTopUpFacts = Pick<AutoTopUpEmailProps, "outcome" | "destination">;

/** The email's subject and the push's title. */
export function autoTopUpTitle(t: Translate, facts: AutoTopUpFacts): string {
  return t("mail.autoTopUp.subject", { outcome: facts.outcome, destination: facts.destination });
}

/** The push's body: what happened, in one sentence. */
export function autoTopUpPushBody(t: Translate, facts: Omit<AutoTopUpEmailProps, "name">): string {
  return t("mail.autoTopUp.result", {
    outcome: facts.outcome,
    plan: facts.planName,
    amount: formatMoney(facts.amountDzdMinor, "DZD"),
    balance: formatMoney(facts.balanceDzdMinor, "DZD"),
  });
}

function AutoTopUpEmailBody(props: AutoTopUpEmailProps) {
  const t = useT();
  const wrap = useIsolate();
  const isBought = props.outcome === "ordered";
  return (
    <>
      <EmailGreeting name={props.name} />
      <EmailParagraph>
        {t("mail.autoTopUp.why", { trigger: props.trigger, destination: props.destination })}
      </EmailParagraph>
      <EmailParagraph>
        {t("mail.autoTopUp.result", {
          outcome: props.outcome,
          plan: wrap(props.planName),
          amount: wrap(formatMoney(props.amountDzdMinor, "DZD")),
          balance: wrap(formatMoney(props.balanceDzdMinor, "DZD")),
        })}
      </EmailParagraph>
      {isBought ? (
        <EmailButton href={props.detailsUrl}>{t("mail.seeEsim")}</EmailButton>
      ) : (
        <>
          <EmailParagraph>{t("mail.autoTopUp.instead")}</EmailParagraph>
          <EmailButton href={props.payForMeUrl}>{t("autoTopUp.askSomeoneToPay")}</EmailButton>
          <EmailButton href={props.loadCreditUrl}>{t("autoTopUp.loadCredit")}</EmailButton>
        </>
      )}
    </>
  );
}

/** An auto top-up bought from credit, or not bought (credit short, monthly cap reached, plan no longer sold). */
export const autoTopUpEmail: EmailTemplate<AutoTopUpEmailProps> = {
  subject: autoTopUpTitle,
  Body: AutoTopUpEmailBody,
};
