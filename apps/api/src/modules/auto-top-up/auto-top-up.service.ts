import {
  AUTO_TOP_UP_DEFAULT_MONTHLY_CAP,
  AUTO_TOP_UP_DEFAULT_THRESHOLD_PERCENT,
  type AutoTopUpSettings,
  type AutoTopUpTriggerKind,
} from "@esim/shared/auto-top-up/contracts";
import type { createOrder } from "@esim/shared/checkout/contracts";
import { BILLING_COUNTRY_CODES } from "@esim/shared/countries";
import type { EndpointParsedBody } from "@esim/shared/http";
import { checkPhone } from "@esim/shared/phone";
import { AVAILABLE_ESIM_STATUSES } from "@esim/shared/statuses";
import type { DbOrTx } from "../../db/client.ts";
import { algiersMonthOf } from "../../lib/algiers-days.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { addJob } from "../../lib/job-queue.ts";
import type { AuthenticatedUser } from "../../plugins/auth.ts";
import {
  type EsimAlertSubject,
  EXPIRY_ALERT_WITHIN_MS,
  findEsimAlertSubject,
  findUserEsimView,
  listTopUps,
} from "../esims/index.ts";
import { queueAutoTopUpNotice } from "./auto-top-up.mails.ts";
import {
  type AutoTopUpSettingsRow,
  type AutoTopUpTriggerRow,
  countAutoTopUpsOfMonth,
  findAutoTopUpSettings,
  findAutoTopUpTrigger,
  insertAutoTopUpTrigger,
  listEnabledAutoTopUps,
  lockAutoTopUpSettings,
  settleAutoTopUpTrigger,
  upsertAutoTopUpSettings,
} from "./auto-top-up.repo.ts";

// Credit that works abroad (decision 078). A top-up paid from store credit in one tap, and auto top-up: when an eSIM's
// data left falls to the traveller's threshold, or its validity ends within a day, the chosen top-up is bought from
// credit once per trigger. A trigger's key (eSIM, bundle, kind) is claimed under the settings' row lock with the cap
// counted, and the order's job queued in that transaction; the job places the order through the place-order flow's
// credit door (decision 082, handed in as `placeFromCredit`: modules never import flows),
// idempotent on the trigger's id as clientReference, so a killed worker's retry neither loses it nor buys it twice.

/** Whose order it is: the customer's account. */
export type PlacingUser = Pick<AuthenticatedUser, "id" | "email" | "phone" | "language">;

/** The place-order flow's credit door: a top-up paid from store credit only, never a gateway (STORE_CREDIT_SHORT). */
export type PlaceFromCredit = (input: {
  user: PlacingUser;
  order: EndpointParsedBody<typeof createOrder>;
  clientAddress: string;
  actor?: string;
}) => Promise<{ order: { view: { order: { id: string; number: string; chargeDzdMinor: number } } } }>;

/** Who places an auto top-up's order (the order's history and audit name it). */
export const AUTO_TOP_UP_ACTOR = "system:auto-top-up";
/** Places the order of a trigger claimed, payload `{ triggerId }`. */
export const AUTO_TOP_UP_ORDER_TASK = "auto-top-up-order";
/** Most eSIMs one sweep looks at; the next sweep takes the rest. */
const SWEEP_BATCH = 500;

const DEFAULT_SETTINGS: AutoTopUpSettings = {
  isEnabled: false,
  packageId: null,
  thresholdPercent: AUTO_TOP_UP_DEFAULT_THRESHOLD_PERCENT,
  isOnValidityEnding: true,
  monthlyCap: AUTO_TOP_UP_DEFAULT_MONTHLY_CAP,
};

function settingsOf(row: AutoTopUpSettingsRow | undefined): AutoTopUpSettings {
  if (!row) return DEFAULT_SETTINGS;
  const { isEnabled, packageId, thresholdPercent, isOnValidityEnding, monthlyCap } = row;
  return { isEnabled, packageId, thresholdPercent, isOnValidityEnding, monthlyCap };
}

/**
 * The billing an order from credit carries, from the profile (name, billing country, a phone valid there);
 * BILLING_PROFILE_INCOMPLETE when it lacks any, so the screen sends the traveller to the checkout that asks for them.
 */
function billingFromProfile(user: PlacingUser & { name: string | null; country: string | null }) {
  const country = BILLING_COUNTRY_CODES.find((code) => code === user.country);
  const phone = user.phone && country ? checkPhone(user.phone, country) : null;
  if (!user.email || !user.name || !country || !phone?.ok) {
    throw new AppError("BILLING_PROFILE_INCOMPLETE", {
      message: "The profile lacks a name, a billing country or a phone.",
    });
  }
  return { email: user.email, name: user.name, country, phone: phone.e164 };
}

async function ownEsimOrNotFound(deps: AppDeps, options: { userId: string; esimId: string }) {
  const view = await findUserEsimView(deps.db, options.userId, options.esimId);
  if (!view) throw new AppError("NOT_FOUND", { message: "No such eSIM." });
  return view;
}

/** The caller's auto top-up settings for their eSIM (the defaults when never set), and this month's count. */
export async function getAutoTopUp(deps: AppDeps, options: { userId: string; esimId: string }) {
  await ownEsimOrNotFound(deps, options);
  const settings = settingsOf(await findAutoTopUpSettings(deps.db, options.esimId));
  const boughtThisMonth = await countAutoTopUpsOfMonth(deps.db, options.esimId, algiersMonthOf(deps.now()));
  return { settings, boughtThisMonth };
}

/**
 * Saves the caller's settings for their eSIM: someone else's is NOT_FOUND; the plan must be one of this eSIM's
 * top-ups (field PACKAGE_INVALID), and turning it on needs a plan and a profile the invoice can be made from.
 */
export async function saveAutoTopUp(
  deps: AppDeps,
  options: {
    user: PlacingUser & { name: string | null; country: string | null };
    esimId: string;
    settings: AutoTopUpSettings;
  },
) {
  const { user, settings } = options;
  await ownEsimOrNotFound(deps, { userId: user.id, esimId: options.esimId });
  if (settings.packageId !== null || settings.isEnabled) {
    const topUps = await listTopUps(deps, { userId: user.id, esimId: options.esimId });
    if (!topUps.some((plan) => plan.id === settings.packageId)) {
      throw new AppError("VALIDATION_FAILED", {
        message: "The plan is not one of this eSIM's top-ups.",
        fields: { packageId: "PACKAGE_INVALID" },
      });
    }
  }
  if (settings.isEnabled) billingFromProfile(user);
  await upsertAutoTopUpSettings(deps.db, { esimId: options.esimId, userId: user.id, ...settings, now: deps.now() });
  return getAutoTopUp(deps, { userId: user.id, esimId: options.esimId });
}

/**
 * One tap abroad: the top-up bought with store credit only, billed to the profile, never through the gateway; paid at
 * once, so provisioning starts. Idempotent on clientReference. STORE_CREDIT_SHORT when the credit does not cover it.
 */
export async function topUpFromCredit(
  deps: AppDeps,
  options: {
    user: PlacingUser & { name: string | null; country: string | null };
    esimId: string;
    packageId: string;
    clientReference: string;
    placeFromCredit: PlaceFromCredit;
  },
) {
  const { user } = options;
  const billing = billingFromProfile(user);
  const placed = await options.placeFromCredit({
    user,
    order: {
      clientReference: options.clientReference,
      packageId: options.packageId,
      quantity: 1,
      currency: "DZD",
      topUpOf: options.esimId,
      useStoreCredit: true,
      billing,
      // Recorded on the free payment only: no gateway is asked.
      paymentMethod: deps.payments.methods[0]!,
      termsAccepted: true,
    },
    clientAddress: `customer:${user.id}`,
  });
  return { orderId: placed.order.view.order.id, orderNumber: placed.order.view.order.number };
}

/** The triggers due now by the eSIM's data left and validity, per the settings; none for an eSIM no longer usable. */
export function dueTriggerKinds(
  settings: Pick<AutoTopUpSettings, "isEnabled" | "thresholdPercent" | "isOnValidityEnding">,
  subject: Pick<EsimAlertSubject, "esim">,
  now: Date,
): AutoTopUpTriggerKind[] {
  const { esim } = subject;
  if (!settings.isEnabled || !(AVAILABLE_ESIM_STATUSES as readonly string[]).includes(esim.status)) return [];
  if (esim.expiresAt !== null && esim.expiresAt <= now) return [];
  const kinds: AutoTopUpTriggerKind[] = [];
  const total = esim.dataTotalBytes;
  // Data left ≤ threshold % of the data, in integers: (total − used) × 100 ≤ total × threshold.
  if (total !== null && total > 0 && (total - esim.dataUsedBytes) * 100 <= total * settings.thresholdPercent) {
    kinds.push("usage");
  }
  if (
    settings.isOnValidityEnding &&
    esim.expiresAt !== null &&
    esim.expiresAt.getTime() - now.getTime() <= EXPIRY_ALERT_WITHIN_MS
  ) {
    kinds.push("validity");
  }
  return kinds;
}

/**
 * Claims one trigger in the caller's transaction, under the settings' row lock: a key already taken changes nothing;
 * over the month's cap it is recorded as cap_reached and the traveller told; otherwise recorded as being ordered with
 * the order's job. Answers the trigger claimed now, if any.
 */
async function claimTrigger(
  tx: DbOrTx,
  deps: AppDeps,
  options: { subject: EsimAlertSubject; kind: AutoTopUpTriggerKind; now: Date },
): Promise<AutoTopUpTriggerRow | undefined> {
  const { subject, kind, now } = options;
  const settings = await lockAutoTopUpSettings(tx, subject.esim.id);
  const bundle = subject.latestBundle;
  if (!settings?.isEnabled || !settings.packageId || !bundle || !subject.user) return undefined;
  const month = algiersMonthOf(now);
  const isOverCap = (await countAutoTopUpsOfMonth(tx, subject.esim.id, month)) >= settings.monthlyCap;
  const trigger = await insertAutoTopUpTrigger(tx, {
    triggerKey: `auto-top-up:${subject.esim.id}:${bundle.id}:${kind}`,
    esimId: subject.esim.id,
    userId: subject.user.id,
    bundleId: bundle.id,
    kind,
    packageId: settings.packageId,
    outcome: isOverCap ? "cap_reached" : "ordering",
    month,
    now,
  });
  if (!trigger) return undefined;
  if (isOverCap) {
    await queueAutoTopUpNotice(tx, deps, { trigger, subject, orderChargeDzdMinor: null });
    return trigger;
  }
  await addJob(tx, {
    task: AUTO_TOP_UP_ORDER_TASK,
    payload: { triggerId: trigger.id },
    key: `auto-top-up-order:${trigger.id}`,
    maxAttempts: 10,
  });
  return trigger;
}

/**
 * Decides the eSIM's auto top-up triggers due now (after the upstream's word is stored, and by the sweep): each at
 * most once, however often and however concurrently this runs. Answers the triggers claimed now.
 */
export async function checkAutoTopUp(deps: AppDeps, options: { esimId: string }): Promise<AutoTopUpTriggerRow[]> {
  const settings = await findAutoTopUpSettings(deps.db, options.esimId);
  if (!settings?.isEnabled) return [];
  const subject = await findEsimAlertSubject(deps.db, options.esimId);
  if (!subject?.user || subject.user.deletedAt !== null || subject.esim.userId !== settings.userId) return [];
  const now = deps.now();
  const claimed: AutoTopUpTriggerRow[] = [];
  for (const kind of dueTriggerKinds(settings, subject, now)) {
    const trigger = await deps.db.transaction((tx) => claimTrigger(tx, deps, { subject, kind, now }));
    if (trigger) claimed.push(trigger);
  }
  return claimed;
}

/** The sweep: every eSIM with auto top-up on checked by the clock (validity within a day needs no upstream word). */
export async function sweepAutoTopUps(deps: AppDeps): Promise<number> {
  let claimed = 0;
  for (const { esimId } of await listEnabledAutoTopUps(deps.db, SWEEP_BATCH)) {
    claimed += (await checkAutoTopUp(deps, { esimId })).length;
  }
  return claimed;
}

/** What placeOrder's refusal means for a trigger: the credit short, or the plan no longer sold for this eSIM. */
function refusalOutcome(error: unknown): "credit_short" | "plan_unavailable" | null {
  if (!(error instanceof AppError)) return null;
  if (error.code === "STORE_CREDIT_SHORT") return "credit_short";
  const planGone = ["PACKAGE_NOT_FOUND", "TOP_UP_NOT_ALLOWED", "NOT_FOUND", "VALIDATION_FAILED"];
  return planGone.includes(error.code) ? "plan_unavailable" : null;
}

/**
 * Places a claimed trigger's order from credit (the job's work), then settles the trigger and tells the traveller in
 * one transaction. Idempotent on the trigger: a replay after a crash finds the same order (clientReference) or the
 * trigger settled. An unexpected failure throws, and graphile-worker retries.
 */
export async function placeAutoTopUpOrder(
  deps: AppDeps,
  options: { triggerId: string; placeFromCredit: PlaceFromCredit },
): Promise<void> {
  const trigger = await findAutoTopUpTrigger(deps.db, options.triggerId);
  if (trigger?.outcome !== "ordering") return;
  const subject = await findEsimAlertSubject(deps.db, trigger.esimId);
  const user = subject?.user;
  if (!subject || !user?.email) return;
  let orderId: string | null = null;
  let chargeDzdMinor: number | null = null;
  let outcome: "ordered" | "credit_short" | "plan_unavailable" = "ordered";
  try {
    const placed = await options.placeFromCredit({
      user,
      order: {
        clientReference: trigger.id,
        packageId: trigger.packageId,
        quantity: 1,
        currency: "DZD",
        topUpOf: trigger.esimId,
        useStoreCredit: true,
        billing: billingFromProfile(user),
        paymentMethod: deps.payments.methods[0]!,
        // Accepted when the traveller turned auto top-up on, for each top-up it buys (the screen says so).
        termsAccepted: true,
      },
      clientAddress: AUTO_TOP_UP_ACTOR,
      actor: AUTO_TOP_UP_ACTOR,
    });
    orderId = placed.order.view.order.id;
    chargeDzdMinor = placed.order.view.order.chargeDzdMinor;
  } catch (error) {
    const refused = refusalOutcome(error);
    if (!refused) throw error;
    outcome = refused;
  }
  await deps.db.transaction(async (tx) => {
    const now = deps.now();
    if (!(await settleAutoTopUpTrigger(tx, { id: trigger.id, outcome, orderId, now }))) return;
    await queueAutoTopUpNotice(tx, deps, {
      trigger: { ...trigger, outcome },
      subject,
      orderChargeDzdMinor: chargeDzdMinor,
    });
  });
}
