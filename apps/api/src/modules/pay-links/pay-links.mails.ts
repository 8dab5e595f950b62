import { localPlanName } from "@esim/shared/catalog/plan-name";
import type { Language } from "@esim/shared/locale";
import { WEB_PATHS } from "@esim/shared/web-paths";
import { payLinkPaidEmail, payLinkReceiptEmail, renderEmail } from "@esim/ui/emails";
import { serverTranslator } from "@esim/ui/server-i18n";
import type { DbOrTx } from "../../db/client.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { queuePushToUser } from "../devices/index.ts";
import { queueEmail } from "../mail-outbox/index.ts";
import type { PayLinkPageRow } from "./pay-links.repo.ts";

// What a paid link tells (decision 077): the traveller at once by push and by email in their language; the payer,
// if they gave an address, a receipt in the language they paid in, naming the traveller by first name only.

/** The first word of the traveller's name, the only thing of them a payer sees; "" when they gave none. */
export function firstNameOf(name: string | null): string {
  return name?.trim().split(/\s+/)[0] ?? "";
}

/** "Turquie · 5 Go · 30 jours" in `language`. */
/** The link's destination in `language`, as the catalogue names it. */
export function payLinkDestinationName(plan: PayLinkPageRow["plan"], language: Language): string {
  return { fr: plan.nameFr, en: plan.nameEn, ar: plan.nameAr }[language];
}

export function payLinkPlanName(plan: PayLinkPageRow["plan"], language: Language): string {
  return localPlanName({ ...plan, destinationName: payLinkDestinationName(plan, language) }, language);
}

/**
 * Queues, in the transaction that marks the link paid, the traveller's push and email and the payer's receipt, each
 * once per link (keyed by it).
 */
export async function queuePayLinkPaidMessages(
  tx: DbOrTx,
  deps: Pick<AppDeps, "config">,
  options: { page: PayLinkPageRow; orderId: string; orderNumber: string; payerLanguage: Language },
): Promise<void> {
  const { page } = options;
  const { link, traveller } = page;
  const publicUrl = deps.config.PUBLIC_URL;
  const language = traveller.language;
  const t = serverTranslator(language);
  const planName = payLinkPlanName(page.plan, language);
  const isTopUp = link.kind === "top_up";
  const amountDzdMinor = link.totalDzdMinor + link.customerFeeDzdMinor;
  const key = `pay-link-paid:${link.id}`;
  await queuePushToUser(tx, {
    key,
    userId: link.userId,
    notification: {
      title: t("payLink.paidPush.title"),
      body: t(isTopUp ? "payLink.paidPush.topUp" : "payLink.paidPush.newEsim", { plan: planName }),
      data: { type: "pay_link_paid", esimId: link.targetEsimId ?? "" },
    },
  });
  if (traveller.email && !traveller.deletedAt) {
    const rendered = await renderEmail(
      payLinkPaidEmail,
      {
        name: traveller.name,
        planName,
        isTopUp,
        amountDzdMinor,
        orderNumber: options.orderNumber,
        orderUrl: `${publicUrl}${WEB_PATHS.orderStatus(options.orderId)}`,
      },
      language,
    );
    await queueEmail(tx, {
      key,
      message: { to: traveller.email, ...rendered },
      orderId: options.orderId,
      publicUrl,
    });
  }
  if (link.payerEmail) {
    const rendered = await renderEmail(
      payLinkReceiptEmail,
      {
        travellerFirstName: firstNameOf(traveller.name),
        planName: payLinkPlanName(page.plan, options.payerLanguage),
        amountDzdMinor,
        orderNumber: options.orderNumber,
        paidAt: (link.paidAt ?? new Date()).toISOString(),
      },
      options.payerLanguage,
    );
    await queueEmail(tx, {
      key: `pay-link-receipt:${link.id}`,
      message: { to: link.payerEmail, ...rendered },
      orderId: options.orderId,
      publicUrl,
    });
  }
}
