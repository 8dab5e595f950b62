import type { Language } from "@esim/shared/locale";
import { WEB_PATHS } from "@esim/shared/web-paths";
import { cancellationDecisionEmail, cancellationRequestEmail, renderEmail } from "@esim/ui/emails";
import type { MailMessage } from "../../providers/mail/mail-port.ts";
import type { findCancellationEmailData } from "./cancellation.repo.ts";

type EmailData = NonNullable<Awaited<ReturnType<typeof findCancellationEmailData>>>;

/** Operators have no language of their own yet: their emails are in French, the shop's language (decision 071). */
const OPERATOR_LANGUAGE: Language = "fr";

/** The operator's email: what was asked, by whom, for which eSIM, and where to decide it (the console, the commands). */
export async function buildOperatorEmail(data: EmailData, to: string, publicUrl: string): Promise<MailMessage> {
  const { request } = data;
  const rendered = await renderEmail(
    cancellationRequestEmail,
    {
      requestId: request.id,
      orderNumber: data.orderNumber,
      iccid: data.iccid,
      customerEmail: data.user?.email ?? null,
      destination: data.destination.nameFr,
      requestedAt: request.requestedAt,
      refundDzdMinor: request.refundDzdMinor,
      reason: request.reason,
      consoleUrl: `${publicUrl}${WEB_PATHS.consoleCancellations()}`,
    },
    OPERATOR_LANGUAGE,
  );
  return { to, ...rendered };
}

/**
 * The traveller's answer, in their language: approved with the refund, or refused with the operator's reason; the
 * operator's words on an approval (`note`) are quoted as typed.
 */
export async function buildDecisionEmail(
  data: EmailData,
  options: { to: string; publicUrl: string; note?: string | null },
): Promise<MailMessage> {
  const language: Language = data.user?.language ?? "fr";
  const { request } = data;
  const rendered = await renderEmail(
    cancellationDecisionEmail,
    {
      name: data.user?.name ?? null,
      orderNumber: data.orderNumber,
      destination: { fr: data.destination.nameFr, en: data.destination.nameEn, ar: data.destination.nameAr }[language],
      decision:
        request.status === "approved"
          ? {
              kind: "approved",
              refundDzdMinor: request.refundDzdMinor,
              note: options.note ?? null,
              // Approved: the refund is owed, chosen on the order's page.
              orderUrl: `${options.publicUrl}${WEB_PATHS.orderStatus(request.orderId)}`,
            }
          : { kind: "refused", reason: request.refusalReason ?? "" },
      esimUrl: `${options.publicUrl}${WEB_PATHS.esimDetails(data.esimId)}`,
    },
    language,
  );
  return { to: options.to, ...rendered };
}
