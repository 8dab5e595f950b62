import { AVAILABLE_ESIM_STATUSES } from "@esim/shared/statuses";
import type { DbOrTx } from "../../db/client.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { queuePushToUser } from "../devices/index.ts";
import { queueEmail } from "../mail-outbox/index.ts";
import { buildEsimAlertEmail, buildEsimAlertPush } from "./esim-alert.mails.ts";
import {
  claimEsimAlert,
  type EsimAlertKind,
  type EsimAlertSubject,
  findDueExpiryAlerts,
  findEsimAlertSubject,
} from "./esim-alerts.repo.ts";

// Alerts (decision 016): an email when 80 % of the data is used and one a day before expiry, once each per bundle (the
// first plan and every top-up), in the owner's language, and a push to their phones. Rules are checked when the
// upstream's word is stored and by a sweep; a due alert is claimed on its bundle and its email and push queued in that
// same transaction, so it is decided once and sent after commit (the outbox).

/** The usage alert fires at 80 % of the data: used × 5 ≥ total × 4 keeps the comparison in integers. */
const USAGE_ALERT_NUMERATOR = 4;
const USAGE_ALERT_DENOMINATOR = 5;
/** The expiry alert fires once the eSIM expires within this. */
export const EXPIRY_ALERT_WITHIN_MS = 24 * 60 * 60 * 1000;
/** Most expiry alerts one sweep queues, soonest first; the next sweep takes the rest. */
const SWEEP_BATCH = 500;

/** Whether someone can be written to: the eSIM is still linked to a live account with an email. */
function hasRecipient(subject: EsimAlertSubject): boolean {
  return subject.user !== null && subject.user.deletedAt === null && subject.user.email !== null;
}

/**
 * Whether the 80 % usage alert is due: the latest bundle has had none, the data are limited and 80 % used, the eSIM
 * has an owner and is neither cancelled, deleted nor past its expiry.
 */
export function isUsageAlertDue(subject: EsimAlertSubject, now: Date): boolean {
  const { esim, latestBundle } = subject;
  if (!latestBundle || latestBundle.usageAlertSentAt !== null || !hasRecipient(subject)) return false;
  if (esim.status === "Canceled" || esim.status === "Deleted") return false;
  if (esim.expiresAt !== null && esim.expiresAt <= now) return false;
  const total = esim.dataTotalBytes;
  if (total === null || total <= 0) return false;
  return esim.dataUsedBytes * USAGE_ALERT_DENOMINATOR >= total * USAGE_ALERT_NUMERATOR;
}

/**
 * Whether the expiry alert is due: the eSIM is available (New, Onboard, In Use), expires within a day and not yet,
 * has an owner, and its latest bundle has had none.
 */
export function isExpiryAlertDue(subject: EsimAlertSubject, now: Date): boolean {
  const { esim, latestBundle } = subject;
  if (!latestBundle || latestBundle.expiryAlertSentAt !== null || !hasRecipient(subject)) return false;
  if (!(AVAILABLE_ESIM_STATUSES as readonly string[]).includes(esim.status) || esim.expiresAt === null) return false;
  const msLeft = esim.expiresAt.getTime() - now.getTime();
  return msLeft > 0 && msLeft <= EXPIRY_ALERT_WITHIN_MS;
}

/** Whether an alert of this kind is due for the subject now. */
export function isEsimAlertDue(kind: EsimAlertKind, subject: EsimAlertSubject, now: Date): boolean {
  return kind === "usage" ? isUsageAlertDue(subject, now) : isExpiryAlertDue(subject, now);
}

/**
 * Decides the alerts due for the eSIM in the caller's transaction (the one storing the upstream's word): each due alert
 * is claimed on the latest bundle, its email queued in the outbox and its push queued, once per bundle and kind however
 * often this runs. Answers the kinds decided now.
 */
export async function queueDueEsimAlerts(
  tx: DbOrTx,
  options: { esimId: string; now: Date; publicUrl: string },
): Promise<EsimAlertKind[]> {
  const { now } = options;
  const subject = await findEsimAlertSubject(tx, options.esimId);
  const bundle = subject?.latestBundle;
  const to = subject?.user?.email;
  if (!subject || !bundle || !to) return [];
  const decided: EsimAlertKind[] = [];
  for (const kind of ["usage", "expiry"] as const) {
    if (!isEsimAlertDue(kind, subject, now) || !(await claimEsimAlert(tx, bundle.id, kind, now))) continue;
    const key = `esim-alert:${kind}:${bundle.id}`;
    await queueEmail(tx, {
      key,
      message: await buildEsimAlertEmail(kind, subject, { to, publicUrl: options.publicUrl, now }),
      publicUrl: options.publicUrl,
    });
    if (subject.user) {
      await queuePushToUser(tx, {
        key,
        userId: subject.user.id,
        notification: buildEsimAlertPush(kind, subject, { now }),
      });
    }
    decided.push(kind);
  }
  return decided;
}

/**
 * Decides the expiry alerts due across all eSIMs by the clock alone (the upstream may never send VALIDITY_USAGE), one
 * transaction per eSIM; idempotent: a bundle already alerted gets nothing. Answers how many it decided.
 */
export async function sendDueEsimAlerts(deps: AppDeps): Promise<number> {
  const now = deps.now();
  const due = await findDueExpiryAlerts(deps.db, {
    statuses: AVAILABLE_ESIM_STATUSES,
    after: now,
    until: new Date(now.getTime() + EXPIRY_ALERT_WITHIN_MS),
    limit: SWEEP_BATCH,
  });
  let decided = 0;
  for (const alert of due) {
    const kinds = await deps.db.transaction((tx) =>
      queueDueEsimAlerts(tx, { esimId: alert.esimId, now, publicUrl: deps.config.PUBLIC_URL }),
    );
    decided += kinds.length;
  }
  return decided;
}
