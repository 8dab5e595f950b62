import { formatNumber } from "@esim/shared/format";
import type { Currency } from "@esim/shared/locale";
import { formatMoney } from "@esim/shared/money";
import { Img } from "@react-email/components";
import { useT } from "../../i18n.ts";
import { EmailButton } from "../email-button.tsx";
import { EmailFacts } from "../email-facts.tsx";
import { EmailGreeting } from "../email-greeting.tsx";
import { EmailHeading } from "../email-heading.tsx";
import { EmailParagraph } from "../email-paragraph.tsx";
import { iccidText } from "../iccid-text.ts";
import { Ltr } from "../ltr.tsx";
import type { EmailTemplate } from "../render-email.tsx";
import { useIsolate } from "../use-isolate.ts";

/** One eSIM to install: its QR code (an inline attachment named by `qrCid`) and its codes for a manual install. */
export interface InstallEmailEsim {
  iccid: string | null;
  qrCid: string;
  smdpAddress: string;
  matchingId: string;
  activationCode: string;
  /** Apple's one-tap install link (iOS 17.4+). */
  iphoneUrl: string;
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
      <EmailParagraph>{t("mail.install.scan")}</EmailParagraph>
      <Img
        src={`cid:${esim.qrCid}`}
        width="240"
        height="240"
        alt={t("mail.install.qrAlt")}
        style={{ display: "block" }}
      />
      <EmailParagraph>{t("mail.install.iphone")}</EmailParagraph>
      <EmailButton href={esim.iphoneUrl}>{t("mail.install.iphoneLink")}</EmailButton>
      <EmailParagraph>{t("mail.install.manual")}</EmailParagraph>
      <EmailFacts
        rows={[
          [t("mail.install.smdp"), <Ltr key="smdp">{esim.smdpAddress}</Ltr>],
          [t("mail.install.activationCode"), <Ltr key="code">{esim.matchingId}</Ltr>],
          [t("mail.install.lpa"), <Ltr key="lpa">{esim.activationCode}</Ltr>],
        ]}
      />
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
          {delivery.esims.map((esim, index) => (
            <InstallBlock key={esim.qrCid} esim={esim} index={index + 1} count={delivery.esims.length} />
          ))}
          {props.advice ? <EmailParagraph>{`${props.advice.sentence} ${props.advice.lasts}`}</EmailParagraph> : null}
          <EmailParagraph isStrong>{t("mail.install.singleUse")}</EmailParagraph>
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
 * The install email of a delivered order (per eSIM its QR code, the iPhone one-tap link and the codes of a manual
 * install, then the order's summary), or a top-up's "data added" email.
 */
export const installEmail: EmailTemplate<InstallEmailProps> = {
  subject: (t, props) =>
    t(props.delivery.kind === "top_up" ? "mail.topUp.subject" : "mail.install.subject", { number: props.orderNumber }),
  Body: InstallEmailBody,
};
