import { localPlanName } from "@esim/shared/catalog/plan-name";
import type { Language } from "@esim/shared/locale";
import { WEB_PATHS } from "@esim/shared/web-paths";
import {
  type AutoTopUpEmailOutcome,
  autoTopUpEmail,
  autoTopUpPushBody,
  autoTopUpTitle,
  renderEmail,
} from "@esim/ui/emails";
import { serverTranslator } from "@esim/ui/server-i18n";
import type { DbOrTx } from "../../db/client.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { findPackageWithDestination } from "../catalog/index.ts";
import { queuePushToUser } from "../devices/index.ts";
import type { EsimAlertSubject } from "../esims/index.ts";
import { getStoreCreditBalance } from "../ledger/index.ts";
import { queueEmail } from "../mail-outbox/index.ts";
import type { AutoTopUpTriggerRow } from "./auto-top-up.repo.ts";

/**
 * Tells the traveller what became of a trigger (bought, or why not, with the pay-for-me and load-credit links), by
 * email and push in their language, queued in the caller's transaction once per trigger (the outbox's key).
 */
export async function queueAutoTopUpNotice(
  tx: DbOrTx,
  deps: AppDeps,
  options: {
    trigger: Pick<AutoTopUpTriggerRow, "id" | "kind" | "packageId" | "esimId"> & {
      outcome: AutoTopUpEmailOutcome | "ordering";
    };
    subject: EsimAlertSubject;
    /** What the order charged (bought); null otherwise. */
    orderChargeDzdMinor: number | null;
  },
): Promise<void> {
  const { trigger, subject } = options;
  const user = subject.user;
  if (!user?.email || trigger.outcome === "ordering") return;
  const language: Language = user.language;
  const plan = await findPackageWithDestination(tx, trigger.packageId);
  const { nameFr, nameEn, nameAr } = subject.destination;
  const destination = { fr: nameFr, en: nameEn, ar: nameAr }[language];
  const publicUrl = deps.config.PUBLIC_URL;
  const facts = {
    outcome: trigger.outcome,
    trigger: trigger.kind,
    destination,
    // Our name in the reader's language: the upstream's package name is English and meant for resellers.
    planName: plan ? localPlanName({ ...plan.package, destinationName: destination }, language) : "",
    amountDzdMinor: options.orderChargeDzdMinor ?? 0,
    balanceDzdMinor: await getStoreCreditBalance(tx, user.id),
    detailsUrl: `${publicUrl}${WEB_PATHS.esimDetails(trigger.esimId)}`,
    payForMeUrl: `${publicUrl}${WEB_PATHS.payForMe(trigger.esimId)}`,
    loadCreditUrl: `${publicUrl}${WEB_PATHS.loadCredit()}`,
  };
  const key = `auto-top-up:${trigger.id}`;
  const rendered = await renderEmail(autoTopUpEmail, { ...facts, name: user.name }, language);
  await queueEmail(tx, { key, message: { to: user.email, ...rendered }, publicUrl });
  const t = serverTranslator(language);
  await queuePushToUser(tx, {
    key,
    userId: user.id,
    notification: {
      title: autoTopUpTitle(t, facts),
      body: autoTopUpPushBody(t, facts),
      data: { type: "auto_top_up", esimId: trigger.esimId },
    },
  });
}
