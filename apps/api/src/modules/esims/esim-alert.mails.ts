import { formatDate } from "@esim/shared/format";
import type { Language } from "@esim/shared/locale";
import { WEB_PATHS } from "@esim/shared/web-paths";
import { esimAlertEmail, esimAlertPushBody, esimAlertTitle, renderEmail } from "@esim/ui/emails";
import { serverTranslator } from "@esim/ui/server-i18n";
import type { MailMessage } from "../../providers/mail/mail-port.ts";
import type { EsimAlertKind, EsimAlertSubject } from "./esim-alerts.repo.ts";

function languageOf(subject: EsimAlertSubject): Language {
  return subject.user?.language ?? "fr";
}

/** The facts an alert states, in the owner's language; dates in Algiers time. */
function alertFacts(kind: EsimAlertKind, subject: EsimAlertSubject, now: Date) {
  const { esim } = subject;
  const { nameFr, nameEn, nameAr } = subject.destination;
  return {
    kind,
    destination: { fr: nameFr, en: nameEn, ar: nameAr }[languageOf(subject)],
    dataLeftBytes: (esim.dataTotalBytes ?? 0) - esim.dataUsedBytes,
    expiresAt: esim.expiresAt,
    isExpiringToday: isExpiringToday(subject, now),
    canTopUp: subject.supportsTopUp,
  };
}

/**
 * The alert email in the owner's language (packages/ui's esimAlertEmail), with a button to the eSIM's page
 * (`/details/<id>`) where it is topped up.
 */
export async function buildEsimAlertEmail(
  kind: EsimAlertKind,
  subject: EsimAlertSubject,
  options: { to: string; publicUrl: string; now: Date },
): Promise<MailMessage> {
  const rendered = await renderEmail(
    esimAlertEmail,
    {
      ...alertFacts(kind, subject, options.now),
      name: subject.user?.name ?? null,
      detailsUrl: `${options.publicUrl}${WEB_PATHS.esimDetails(subject.esim.id)}`,
    },
    languageOf(subject),
  );
  return { to: options.to, ...rendered };
}

/** Whether the eSIM ends today by the Algiers calendar ("today" rather than "tomorrow"). */
function isExpiringToday(subject: EsimAlertSubject, now: Date): boolean {
  return subject.esim.expiresAt !== null && formatDate(subject.esim.expiresAt) === formatDate(now);
}

/**
 * The alert as a push notification, in the owner's language: the email's subject as title, what is left and what to
 * do as body, and the eSIM for the app to open its /details page when tapped.
 */
export function buildEsimAlertPush(kind: EsimAlertKind, subject: EsimAlertSubject, options: { now: Date }) {
  const t = serverTranslator(languageOf(subject));
  const facts = alertFacts(kind, subject, options.now);
  const data = { type: kind === "usage" ? ("esim_usage" as const) : ("esim_expiry" as const), esimId: subject.esim.id };
  return { title: esimAlertTitle(t, facts), body: esimAlertPushBody(t, facts), data };
}
