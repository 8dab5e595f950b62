import { formatDateTime } from "@esim/shared/format";
import { formatDataAmount } from "../../data-amount.ts";
import { type Translate, useT } from "../../i18n.ts";
import { EmailButton } from "../email-button.tsx";
import { EmailGreeting } from "../email-greeting.tsx";
import { EmailParagraph } from "../email-paragraph.tsx";
import type { EmailTemplate } from "../render-email.tsx";
import { useIsolate } from "../use-isolate.ts";

export interface EsimAlertEmailProps {
  kind: "usage" | "expiry";
  name: string | null;
  destination: string;
  dataLeftBytes: number;
  expiresAt: Date | null;
  /** The eSIM ends today by the Algiers calendar ("today" rather than "tomorrow"). */
  isExpiringToday: boolean;
  canTopUp: boolean;
  detailsUrl: string;
}

type AlertFacts = Omit<EsimAlertEmailProps, "name" | "detailsUrl">;

/** The alert's title: the email's subject and the push's title. */
export function esimAlertTitle(t: Translate, alert: AlertFacts): string {
  return alert.kind === "usage"
    ? t("mail.alert.usageSubject", { destination: alert.destination })
    : t("mail.alert.expirySubject", {
        destination: alert.destination,
        when: alert.isExpiringToday ? "today" : "tomorrow",
      });
}

/** What to do now: the email's last sentence and the push's body. */
export function esimAlertAction(t: Translate, alert: AlertFacts): string {
  const canTopUp = alert.canTopUp ? "yes" : "no";
  return t(alert.kind === "usage" ? "mail.alert.usageAction" : "mail.alert.expiryAction", { canTopUp });
}

/** The push's body: what is left (usage) and what to do. */
export function esimAlertPushBody(t: Translate, alert: AlertFacts): string {
  const action = esimAlertAction(t, alert);
  if (alert.kind !== "usage") return action;
  return `${t("mail.alert.dataLeft", { amount: formatDataAmount(t, alert.dataLeftBytes) })} ${action}`;
}

function EsimAlertEmailBody(props: EsimAlertEmailProps) {
  const t = useT();
  const wrap = useIsolate();
  const date = props.expiresAt ? wrap(formatDateTime(props.expiresAt)) : null;
  const amount = formatDataAmount(t, props.dataLeftBytes);
  const when = props.isExpiringToday ? "today" : "tomorrow";
  return (
    <>
      <EmailGreeting name={props.name} />
      {props.kind === "usage" ? (
        <>
          <EmailParagraph>{t("mail.alert.usageIntro", { destination: props.destination })}</EmailParagraph>
          <EmailParagraph>
            {date ? t("mail.alert.dataLeftUntil", { amount, date }) : t("mail.alert.dataLeft", { amount })}
          </EmailParagraph>
        </>
      ) : (
        <EmailParagraph>
          {t("mail.alert.expiryIntro", { destination: props.destination, date: date ?? "", when })}
        </EmailParagraph>
      )}
      <EmailParagraph>{esimAlertAction(t, props)}</EmailParagraph>
      <EmailButton href={props.detailsUrl}>
        {props.kind === "usage" && props.canTopUp ? t("mail.alert.topUpButton") : t("mail.seeEsim")}
      </EmailButton>
    </>
  );
}

/** An eSIM's alert (80 % of its data used, or its end today or tomorrow), with a button to its page. */
export const esimAlertEmail: EmailTemplate<EsimAlertEmailProps> = {
  subject: esimAlertTitle,
  Body: EsimAlertEmailBody,
};
