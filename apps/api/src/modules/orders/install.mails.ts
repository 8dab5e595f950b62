import { localPlanName, planTitle } from "@esim/shared/catalog/plan-name";
import { validityAdvice } from "@esim/shared/catalog/validity-start";
import type { Language } from "@esim/shared/locale";
import { WEB_PATHS } from "@esim/shared/web-paths";
import { type InstallEmailEsim, installEmail, renderEmail } from "@esim/ui/emails";
import type { DbOrTx } from "../../db/client.ts";
import type { QueuedMailMessage } from "../../providers/mail/mail-port.ts";
import { queueEmail } from "../mail-outbox/index.ts";
import { findInstallEmailData } from "./provisioning.repo.ts";

type InstallEmailData = NonNullable<Awaited<ReturnType<typeof findInstallEmailData>>>;

/**
 * The install email in the buyer's language (packages/ui's installEmail): per eSIM a link to its install page, where
 * the PIN shows the QR code and the codes (the email holds none: decision 096); then the order summary. A top-up says what was added and where to follow the data.
 */
export async function buildInstallEmail(
  data: InstallEmailData & { to: string; publicUrl: string },
): Promise<QueuedMailMessage> {
  const language: Language = data.user?.language ?? "fr";
  const destination = { fr: data.destination.nameFr, en: data.destination.nameEn, ar: data.destination.nameAr }[
    language
  ];
  const { order } = data;
  const isTopUp = order.kind === "top_up";
  const esims: InstallEmailEsim[] = isTopUp
    ? []
    : data.esims.map((esim) => ({
        iccid: esim.iccid,
        installUrl: `${data.publicUrl}${WEB_PATHS.esimDetails(esim.id)}`,
      }));
  // When to install follows the plan (decision 050): on the day of departure, or before leaving and the deadline.
  const advice = validityAdvice({ ...data.package, activateBefore: data.esims[0]?.activateBefore }, language);
  const rendered = await renderEmail(
    installEmail,
    {
      name: data.user?.name ?? null,
      orderNumber: order.number,
      destination,
      planName: localPlanName({ ...data.package, destinationName: destination }, language),
      planTitle: planTitle(data.package, language),
      quantity: order.quantity,
      totalMinor: order.totalMinor,
      currency: order.currency,
      chargeDzdMinor: order.chargeDzdMinor,
      advice: isTopUp ? null : advice,
      delivery: isTopUp
        ? {
            kind: "top_up",
            iccid: data.esims[0]?.iccid ?? null,
            detailsUrl: `${data.publicUrl}${WEB_PATHS.esimDetails(data.esims[0]?.id ?? "")}`,
          }
        : { kind: "install", esims },
    },
    language,
  );
  return { to: data.to, ...rendered };
}

/**
 * Queues the install details of an order just delivered (a top-up's "data added" email) in the delivery's own
 * transaction: decided once with the delivery, sent by the outbox after commit. Nothing when the buyer deleted the
 * account.
 */
export async function queueInstallEmail(
  tx: DbOrTx,
  options: {
    orderId: string;
    publicUrl: string /** Another key sends it again (the operator's resend). */;
    key?: string;
  },
): Promise<boolean> {
  const data = await findInstallEmailData(tx, options.orderId);
  const to = data?.user?.deletedAt ? null : data?.user?.email;
  if (!data || !to) return false;
  return queueEmail(tx, {
    key: options.key ?? `install:${options.orderId}`,
    message: await buildInstallEmail({ ...data, to, publicUrl: options.publicUrl }),
    orderId: options.orderId,
    publicUrl: options.publicUrl,
  });
}
