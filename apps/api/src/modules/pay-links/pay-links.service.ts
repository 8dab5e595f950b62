import { randomUUID } from "node:crypto";
import { isBelowMinimumCharge } from "@esim/shared/checkout/contracts";
import { BILLING_COUNTRY_CODES } from "@esim/shared/countries";
import type { EndpointParsedBody } from "@esim/shared/http";
import type { Language } from "@esim/shared/locale";
import { formatMoney } from "@esim/shared/money";
import type { createPayLink, PayLinkStatus } from "@esim/shared/pay-links/contracts";
import {
  PAY_LINKS_PER_ACCOUNT_PER_DAY,
  payLinkPath,
  WAITING_PAY_LINKS_PER_ACCOUNT,
} from "@esim/shared/pay-links/contracts";
import { checkPhone } from "@esim/shared/phone";
import { lte, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { enforceRateLimit } from "../../lib/rate-counter.ts";
import { generateToken, sha256Hex } from "../../lib/secrets.ts";
import type { AuthenticatedUser } from "../../plugins/auth.ts";
import { priceCart } from "../checkout/index.ts";
import { findTopUpCodes } from "../esims/index.ts";
import { findLatestOrderBilling, findPlacedOrder } from "../orders/index.ts";
import { recheckPendingPayment, type SettlePayment } from "../payments/index.ts";
import { applyPayLinkEvent } from "./pay-link-lifecycle.ts";
import { queuePayLinkPaidMessages } from "./pay-links.mails.ts";
import {
  countPayLinksMadeSince,
  countWaitingPayLinks,
  endPayLinkNow,
  findOrderReference,
  findPayLinkByReference,
  findPayLinkByTokenHash,
  findPayLinkForPage,
  findPayLinkWithPlan,
  findTravellerBillingProfile,
  findUserPayLink,
  insertPayLink,
  listUserPayLinks,
  lockPayLink,
  type PayLinkRow,
  setPayLinkAttempt,
} from "./pay-links.repo.ts";
import { payLinks } from "./pay-links.schema.ts";

// Pay-for-me links (decision 077). This module owns the link, its page and its end when its order is paid (a subscriber
// of the order's "paid" event calls recordPayLinkPaid); the payer's order is placed by the one place-order flow
// (decision 082), which uses the link-side steps below.

type CreatePayLinkBody = EndpointParsedBody<typeof createPayLink>;

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
/** Pay attempts per link per hour: each may open a gateway checkout (decision 077). */
export const PAY_ATTEMPTS_PER_LINK_PER_HOUR = 10;
/** The prefix of a pay-link order's client reference, for people reading the orders (`pay-link:<linkId>:<attempt>`). */
const ORDER_REFERENCE_PREFIX = "pay-link:";

/** The link's state as of `now`: a waiting link past its end reads expired before the lazy transition is written. */
export function payLinkStatusAt(link: Pick<PayLinkRow, "status" | "expiresAt">, now: Date): PayLinkStatus {
  return link.status === "waiting" && link.expiresAt.getTime() <= now.getTime() ? "expired" : link.status;
}

/** What the payer pays: the fixed price plus their share of the gateway's fee, as quoted when the link was made. */
export function payLinkAmountDzdMinor(link: Pick<PayLinkRow, "totalDzdMinor" | "customerFeeDzdMinor">): number {
  return link.totalDzdMinor + link.customerFeeDzdMinor;
}

/** The public address of a link's page in a language. */
export function payLinkUrl(deps: Pick<AppDeps, "config">, language: Language, token: string): string {
  return `${deps.config.PUBLIC_URL}${payLinkPath(language, token)}`;
}

/**
 * Makes a link for a top-up of the caller's eSIM or a new eSIM, priced now on the server (no coupon, no store credit:
 * the payer pays all) and fixed. Idempotent on clientReference: the same reference answers the same link (without a
 * token: it was shown once). Someone else's eSIM: NOT_FOUND; more than WAITING_PAY_LINKS_PER_ACCOUNT waiting or
 * PAY_LINKS_PER_ACCOUNT_PER_DAY made in 24 h: PAY_LINKS_LIMIT_REACHED. The token is answered here only, kept hashed.
 */
export async function createPayLinkFor(
  deps: AppDeps,
  options: { user: AuthenticatedUser; body: CreatePayLinkBody },
): Promise<{ link: PayLinkRow; token: string | null }> {
  const { user, body } = options;
  const esimId = body.esimId ?? null;
  // Which top-ups fit may take an upstream call: asked before the transaction, never while it holds locks.
  const topUpCodes = esimId ? await findTopUpCodes(deps, { userId: user.id, esimId }) : null;
  return deps.db.transaction(async (tx) => {
    const made = await findPayLinkByReference(tx, user.id, body.clientReference);
    if (made) {
      if (made.packageId !== body.packageId || made.targetEsimId !== esimId) {
        throw new AppError("IDEMPOTENCY_CONFLICT", { message: "This reference was already used for another link." });
      }
      return { link: made, token: null };
    }
    const now = deps.now();
    // Serialises the account's link making, so concurrent requests count each other.
    await tx.execute(sqlLockUser(user.id));
    const waiting = await countWaitingPayLinks(tx, user.id, now);
    const today = await countPayLinksMadeSince(tx, user.id, new Date(now.getTime() - DAY_MS));
    if (waiting >= WAITING_PAY_LINKS_PER_ACCOUNT || today >= PAY_LINKS_PER_ACCOUNT_PER_DAY) {
      throw new AppError("PAY_LINKS_LIMIT_REACHED", {
        message: `${waiting} links wait and ${today} were made today: revoke one or wait.`,
      });
    }
    const priced = await priceCart(tx, {
      customer: { userId: user.id, email: user.email },
      cart: { packageId: body.packageId, quantity: 1, currency: "DZD", topUpOf: esimId ?? undefined },
      topUpCodes,
      now,
      lockCoupon: false,
      minimumChargeDzd: deps.payments.minimumChargeDzd,
      fees: deps.payments.fees,
      // The relative pays all: the traveller's credit is theirs to spend in the app.
      storeCreditBalanceDzdMinor: 0,
      // An invite's discount is a friend's first own order (decision 079), never a price a relative pays.
      referral: null,
    });
    const { quote } = priced;
    if (isBelowMinimumCharge(quote)) {
      throw new AppError("PAYMENT_AMOUNT_TOO_LOW", {
        message: `The amount to pay is under the gateway's minimum of ${formatMoney(quote.minimumChargeDzdMinor, "DZD")}.`,
      });
    }
    // The link's order is billed to the traveller (decision 082): refused now, not on the payer's page.
    await payLinkBilling(tx, { userId: user.id });
    const token = generateToken();
    const link = await insertPayLink(tx, {
      userId: user.id,
      clientReference: body.clientReference,
      tokenHash: sha256Hex(token),
      kind: esimId ? "top_up" : "new",
      targetEsimId: esimId,
      packageId: priced.package.id,
      unitPriceDzdMinor: quote.unitPriceMinor,
      discountDzdMinor: quote.discountMinor,
      serviceFeeDzdMinor: quote.serviceFeeMinor,
      totalDzdMinor: quote.chargeDzdMinor,
      customerFeeDzdMinor: quote.gatewayFee?.amountDzdMinor ?? 0,
      feePaidBy: deps.payments.fees.paidBy,
      status: "waiting",
      expiresAt: new Date(now.getTime() + deps.config.PAY_LINK_LIFETIME_HOURS * HOUR_MS),
      createdAt: now,
      updatedAt: now,
    });
    if (!link) throw new AppError("IDEMPOTENCY_CONFLICT", { message: "This reference is being used; try again." });
    return { link, token };
  });
}

function sqlLockUser(userId: string) {
  return sql`select pg_advisory_xact_lock(hashtext(${`pay-links:${userId}`}))`;
}

/** The caller's links with their plans, newest first, each as of now. */
export async function listPayLinksOf(deps: AppDeps, userId: string) {
  return listUserPayLinks(deps.db, userId);
}

/** One link of the caller's with its plan; someone else's: NOT_FOUND. */
export async function findPayLinkOf(deps: AppDeps, options: { userId: string; linkId: string }) {
  const link = await findUserPayLink(deps.db, options.userId, options.linkId);
  if (!link) throw new AppError("NOT_FOUND", { message: "No such link." });
  return (await findPayLinkWithPlan(deps.db, link.id))!;
}

/** Revokes the caller's waiting link; someone else's: NOT_FOUND; not waiting (or past its end): PAY_LINK_NOT_WAITING. */
export async function revokePayLinkOf(deps: AppDeps, options: { userId: string; linkId: string }) {
  const link = await findUserPayLink(deps.db, options.userId, options.linkId);
  if (!link) throw new AppError("NOT_FOUND", { message: "No such link." });
  const now = deps.now();
  const revoked = await deps.db.transaction((tx) =>
    applyPayLinkEvent(tx, { linkId: link.id, event: "revoked", now, extra: gtExpiry(now) }),
  );
  if (!revoked) throw new AppError("PAY_LINK_NOT_WAITING", { message: "This link is no longer waiting." });
  return (await findPayLinkWithPlan(deps.db, link.id))!;
}

/** Only while the link's end has not passed. */
function gtExpiry(now: Date) {
  return sql`${payLinks.expiresAt} > ${now}`;
}

/**
 * The link a token names, as its page shows it, counted against the client address's lookups
 * (PAY_LINK_LOOKUPS_PER_ADDRESS_PER_MINUTE: RATE_LIMITED beyond); an unknown token: undefined. A waiting link past its
 * end is written expired. While its latest payment is pending, the gateway is asked (at most every 5 s) and a final
 * answer applied as the webhook would: the payer's return is never taken as proof.
 */
export async function readPayLinkPage(
  deps: AppDeps,
  options: {
    token: string;
    clientAddress: string;
    log: { warn(details: object, message: string): void };
    settlePayment: SettlePayment;
  },
) {
  const now = deps.now();
  await enforceRateLimit(
    deps.db,
    {
      key: `pay-links:lookup:${options.clientAddress}`,
      max: deps.config.PAY_LINK_LOOKUPS_PER_ADDRESS_PER_MINUTE,
      windowMs: MINUTE_MS,
    },
    now,
  );
  const link = await findPayLinkByTokenHash(deps.db, sha256Hex(options.token));
  if (!link) return undefined;
  if (payLinkStatusAt(link, now) === "expired" && link.status === "waiting") {
    await applyPayLinkEvent(deps.db, { linkId: link.id, event: "expired", now, extra: lte(payLinks.expiresAt, now) });
  }
  // Where the latest attempt's payment stands (the gateway asked again while pending): a payer back from the gateway
  // is offered no second payment while it is pending or taken and the link not yet marked paid by its subscriber.
  let isPaymentUnderway = false;
  const reference =
    link.orderId && link.status !== "paid" ? await findOrderReference(deps.db, link.orderId) : undefined;
  if (reference) {
    const placed = await findPlacedOrderOutside(deps, link.userId, reference.clientReference);
    const hasChanged = placed
      ? await recheckPendingPayment(deps, {
          payment: placed.payment,
          log: options.log,
          settlePayment: options.settlePayment,
        })
      : false;
    const latest = hasChanged ? await findPlacedOrderOutside(deps, link.userId, reference.clientReference) : placed;
    isPaymentUnderway = latest?.payment.status === "pending" || latest?.payment.status === "successful";
  }
  const row = await findPayLinkForPage(deps.db, link.id);
  return row ? { ...row, isPaymentUnderway } : undefined;
}

async function findPlacedOrderOutside(deps: AppDeps, userId: string, clientReference: string) {
  return deps.db.transaction((tx) => findPlacedOrder(tx, { userId, clientReference }));
}

/** Refuses paying a link that is not waiting, with the code its page explains. */
function refuseUnlessWaiting(link: PayLinkRow, now: Date): void {
  const status = payLinkStatusAt(link, now);
  if (status === "paid") throw new AppError("PAY_LINK_PAID", { message: "This link is paid already." });
  if (status === "revoked") throw new AppError("PAY_LINK_REVOKED", { message: "This link was revoked." });
  if (status === "expired") throw new AppError("PAY_LINK_EXPIRED", { message: "This link has expired." });
}

/**
 * The link a payer's token names, its pay attempt counted (outside any transaction: a refused attempt counts too).
 * Unknown token: NOT_FOUND; more than PAY_ATTEMPTS_PER_LINK_PER_HOUR attempts: RATE_LIMITED.
 */
export async function admitPayLinkAttempt(deps: AppDeps, options: { token: string }): Promise<PayLinkRow> {
  const found = await findPayLinkByTokenHash(deps.db, sha256Hex(options.token));
  if (!found) throw new AppError("NOT_FOUND", { message: "No such link." });
  await enforceRateLimit(
    deps.db,
    { key: `pay-links:pay:${found.id}`, max: PAY_ATTEMPTS_PER_LINK_PER_HOUR, windowMs: HOUR_MS },
    deps.now(),
  );
  return found;
}

/**
 * Locks the link for its payer's attempt, in the caller's transaction: `{ paid: true }` when it is paid already,
 * else the link, refused when revoked or past its end (PAY_LINK_REVOKED, PAY_LINK_EXPIRED).
 */
export async function lockPayLinkToPay(
  tx: DbOrTx,
  options: { linkId: string; now: Date },
): Promise<{ paid: true } | { link: PayLinkRow }> {
  const link = (await lockPayLink(tx, options.linkId))!;
  if (link.status === "paid") return { paid: true };
  refuseUnlessWaiting(link, options.now);
  return { link };
}

/** The order (with its payment) of the link's latest pay attempt; null before the first. */
export async function findPayLinkLatestOrder(db: DbOrTx, link: Pick<PayLinkRow, "orderId" | "userId">) {
  if (!link.orderId) return null;
  const reference = await findOrderReference(db, link.orderId);
  if (!reference) return null;
  return (await findPlacedOrder(db, { userId: link.userId, clientReference: reference.clientReference })) ?? null;
}

/**
 * A fresh client reference for an order placed through the link, one per attempt (the link's lock, not the reference,
 * makes attempts idempotent; the order names its link by its pay_link_id column).
 */
export function payLinkOrderReference(linkId: string): string {
  return `${ORDER_REFERENCE_PREFIX}${linkId}:${randomUUID()}`;
}

/**
 * The billing of an order placed through the link (decision 082): the invoice is the traveller's (decision 077), so it
 * carries the billing the traveller gave and had checked at their latest own checkout; a traveller who never placed
 * one is billed from their profile (name, email, billing country and phone, checked as at a checkout). A profile
 * lacking any of these: BILLING_PROFILE_INCOMPLETE, nothing charged.
 */
export async function payLinkBilling(db: DbOrTx, link: { userId: string }) {
  const latest = await findLatestOrderBilling(db, link.userId);
  if (latest) return latest;
  const traveller = await findTravellerBillingProfile(db, link.userId);
  const country = BILLING_COUNTRY_CODES.find((code) => code === traveller?.country);
  const phone = traveller?.phone && country ? checkPhone(traveller.phone, country) : null;
  if (!traveller?.email || !traveller.name || !country || !phone?.ok) {
    throw new AppError("BILLING_PROFILE_INCOMPLETE", {
      message: "The traveller's profile lacks a name, a billing country or a phone.",
    });
  }
  return { email: traveller.email, name: traveller.name, country, phone: phone.e164 };
}

/** Records the order of the payer's attempt on the link and the payer's receipt address and language. */
export async function recordPayLinkAttempt(
  tx: DbOrTx,
  options: { linkId: string; orderId: string; payerEmail: string | null; payerLanguage: Language; now: Date },
): Promise<void> {
  await setPayLinkAttempt(tx, options);
}

/**
 * Called when an order is paid (the order's "paid" subscriber): when the order was placed through a link, the link
 * becomes paid (whatever its state: money wins) and, in the same transaction, the traveller's push and email and the
 * payer's receipt are queued, each once. Idempotent: a second call finds the link paid and queues nothing new.
 */
export async function recordPayLinkPaid(deps: AppDeps, options: { orderId: string }): Promise<boolean> {
  const order = await findOrderReference(deps.db, options.orderId);
  if (!order?.payLinkId) return false;
  const linkId = order.payLinkId;
  return deps.db.transaction(async (tx) => {
    const now = deps.now();
    const paid = await applyPayLinkEvent(tx, { linkId, event: "paid", now, orderId: options.orderId });
    if (!paid) return false;
    const page = (await findPayLinkForPage(tx, linkId))!;
    await queuePayLinkPaidMessages(tx, deps, {
      page,
      orderId: options.orderId,
      orderNumber: order.number,
      payerLanguage: page.link.payerLanguage ?? page.traveller.language,
    });
    return true;
  });
}

/**
 * Ends a waiting link now, as if its time had run out (an operator's `paylink:expire`, e.g. a link reported as abuse;
 * journeys use it instead of waiting 72 h): its end is moved to now and it reads expired. Answers whether a waiting
 * link was ended; an unknown token or a link not waiting answers false. Idempotent.
 */
export async function expirePayLinkNow(deps: AppDeps, options: { token: string }): Promise<boolean> {
  const link = await findPayLinkByTokenHash(deps.db, sha256Hex(options.token));
  if (!link) return false;
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    if (!(await endPayLinkNow(tx, { linkId: link.id, now }))) return false;
    return (await applyPayLinkEvent(tx, { linkId: link.id, event: "expired", now })) !== undefined;
  });
}
