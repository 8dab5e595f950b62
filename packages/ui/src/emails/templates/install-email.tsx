import { formatNumber } from "@esim/shared/format";
import type { Currency } from "@esim/shared/locale";
import { formatMoney } from "@esim/shared/money";
import { useT } from "../../i18n.ts";
import { EmailButton } from "../email-button.tsx";
import { EmailFacts } from "../email-facts.tsx";
import { EmailGreeting } from "../email-greeting.tsx";
import { EmailHeading } from "../email-heading.tsx";
import { EmailParagraph } from "../email-paragraph.tsx";
import { iccidText } from "../iccid-text.ts";
import type { EmailTemplate } from "../render-email.tsx";
import { useIsolate } from "../use-isolate.ts";

/**
 * One eSIM to install: a link to its install page in the app, where the PIN shows the QR code and the codes. The
 * email carries no install secret: whoever reads a forwarded or shared mailbox could install the eSIM (decision 096).
 */
export interface InstallEmailEsim {
  iccid: string | null;
  /** The eSIM's page in the app (PIN-guarded install). */
  installUrl: string;
}

export interface InstallEmailProps {
  name: string | null;
  orderNumber: string;
  /** The destination's name in the reader's language. */
  destination: string;
  /** The plan as the reader's screens name it ("Turquie · 5 Go · 30 jours"), and its short title for a top-up. */
  planName: string;
  planTitle: string;
  quantity: number;
  totalMinor: number;
  currency: Currency;
  chargeDzdMinor: number;
  /** When to install and how long it lasts (decision 050); none for a top-up. */
  advice: { sentence: string; lasts: string } | null;
  /** A new eSIM's install details, or a top-up applied to the eSIM already installed. */
  delivery:
    | { kind: "install"; esims: InstallEmailEsim[] }
    | { kind: "top_up"; iccid: string | null; detailsUrl: string };
}

function InstallBlock({ esim, index, count }: { esim: InstallEmailEsim; index: number; count: number }) {
  const t = useT();
  const wrap = useIsolate();
  const heading = t("mail.install.esimHeading", { count, countText: formatNumber(count), index: formatNumber(index) });
  return (
    <>
      <EmailHeading>{`${heading} · ${iccidText(t, esim.iccid, wrap)}`}</EmailHeading>
      <EmailButton href={esim.installUrl}>{t("mail.install.open")}</EmailButton>
    </>
  );
}

function InstallEmailBody(props: InstallEmailProps) {
  const t = useT();
  const wrap = useIsolate();
  const { delivery } = props;
  return (
    <>
      <EmailGreeting name={props.name} />
      {delivery.kind === "top_up" ? (
        <>
          <EmailParagraph>
            {t("mail.topUp.intro", { plan: props.planTitle, destination: props.destination })}
          </EmailParagraph>
          <EmailParagraph>{iccidText(t, delivery.iccid, wrap)}</EmailParagraph>
          <EmailParagraph isStrong>{t("mail.topUp.keep")}</EmailParagraph>
          <EmailButton href={delivery.detailsUrl}>{t("mail.topUp.details")}</EmailButton>
        </>
      ) : (
        <>
          <EmailParagraph>{t("mail.install.intro", { destination: props.destination })}</EmailParagraph>
          <EmailParagraph>{t("mail.install.withPin")}</EmailParagraph>
          {delivery.esims.map((esim, index) => (
            <InstallBlock key={esim.installUrl} esim={esim} index={index + 1} count={delivery.esims.length} />
          ))}
          {props.advice ? <EmailParagraph>{`${props.advice.sentence} ${props.advice.lasts}`}</EmailParagraph> : null}
          <EmailParagraph isStrong>{t("mail.install.singleUse")}</EmailParagraph>
          <EmailParagraph>{t("mail.install.noCodeHere")}</EmailParagraph>
        </>
      )}
      <EmailHeading>{t("mail.install.summary")}</EmailHeading>
      <EmailFacts
        rows={[
          [t("mail.install.orderNumber"), props.orderNumber],
          [t("mail.install.plan"), props.planName],
          [t("mail.install.quantity"), formatNumber(props.quantity)],
          [t("mail.install.total"), formatMoney(props.totalMinor, props.currency)],
          [t("mail.install.charged"), formatMoney(props.chargeDzdMinor, "DZD")],
        ]}
      />
    </>
  );
}

/**
 * The install email of a delivered order (per eSIM a link to its PIN-guarded install page, then the order's summary),
 * or a top-up's "data added" email.
 */
export const installEmail: EmailTemplate<InstallEmailProps> = {
  subject: (t, props) =>
    t(props.delivery.kind === "top_up" ? "mail.topUp.subject" : "mail.install.subject", { number: props.orderNumber }),
  Body: InstallEmailBody,
};
