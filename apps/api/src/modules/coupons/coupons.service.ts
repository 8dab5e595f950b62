import { toMinor } from "@esim/shared/money";
import type { DbOrTx } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { sha256Hex } from "../../lib/secrets.ts";
import { findKnownPackageIds } from "../catalog/index.ts";
import { type AuditActor, COMMAND_LINE_ACTOR, recordAudit } from "../operators/index.ts";
import {
  blockCoupon,
  type CouponRow,
  countCustomerUses,
  countKeptCustomerUses,
  countLiveUses,
  deleteRedemption,
  findCouponByCode,
  findHoldingOrderOfCustomer,
  findRedemption,
  insertCoupon,
  insertRedemption,
  listCouponsWithSales,
  lockCouponByCode,
  lockCouponById,
  setCouponBlocked,
  setRedemptionHeldUntil,
  updateCouponLimits,
} from "./coupons.repo.ts";

/** The coupon's terms as the audit log keeps them (before and after a change). */
export function auditedCoupon(coupon: CouponRow) {
  return {
    code: coupon.code,
    kind: coupon.kind,
    percentOff: coupon.percentOff,
    amountOffDzdMinor: coupon.amountOffDzdMinor,
    startsAt: coupon.startsAt?.toISOString() ?? null,
    endsAt: coupon.endsAt?.toISOString() ?? null,
    maxUses: coupon.maxUses,
    maxUsesPerUser: coupon.maxUsesPerUser,
    minOrderDzdMinor: coupon.minOrderDzdMinor,
    allowedPackageIds: coupon.allowedPackageIds,
    allowsBelowCost: coupon.allowsBelowCost,
    isBlocked: coupon.isBlocked,
  };
}

// A coupon's use is reserved when its order is placed (under the coupon's row lock, so limits hold under load) and held
// until its checkout ends (the gateway's 30 minutes): then it no longer counts, whatever the order's state, and another
// customer may take it. A paid order keeps its use for good, past the limit if need be (decision 057).

export interface NewCoupon {
  code: string;
  discount: { kind: "percent"; percentOff: number } | { kind: "amount"; amountOffDzd: number };
  startsAt: Date | null;
  endsAt: Date | null;
  maxUses: number | null;
  maxUsesPerUser: number;
  minOrderDzd: number | null;
  packageIds: string[] | null;
  /** The campaign may sell below the upstream cost (decision 087); otherwise its discount stops at the cost. */
  allowsBelowCost?: boolean;
}

/** The field of NewCoupon a problem is about (the console marks it). */
export type CouponField =
  | "code"
  | "percentOff"
  | "amountOffDzd"
  | "endsAt"
  | "maxUses"
  | "maxUsesPerUser"
  | "minOrderDzd";

/** Why a coupon cannot be created, for the operator. */
export type CouponCreationProblem =
  | { problem: "code_taken" }
  | { problem: "unknown_packages"; packageIds: string[] }
  | { problem: "invalid"; field: CouponField; reason: string };

/**
 * Creates a coupon after checking every rule it carries (code upper-case and unique, percent 1–100 or a positive
 * amount in whole dinars, start before end, positive limits, allowed plans that exist); answers the problem otherwise.
 * Audited (coupon.created) in the creating transaction; the command line is the default actor.
 */
export async function createCoupon(
  deps: AppDeps,
  coupon: NewCoupon,
  actor: AuditActor = COMMAND_LINE_ACTOR,
): Promise<{ coupon: CouponRow } | CouponCreationProblem> {
  const code = coupon.code.trim().toUpperCase();
  if (!/^[A-Z0-9_-]{2,40}$/.test(code)) {
    return { problem: "invalid", field: "code", reason: "the code is 2 to 40 letters, digits, - or _" };
  }
  const { discount } = coupon;
  if (
    discount.kind === "percent" &&
    !(Number.isInteger(discount.percentOff) && discount.percentOff >= 1 && discount.percentOff <= 100)
  ) {
    return { problem: "invalid", field: "percentOff", reason: "--percent is a whole number from 1 to 100" };
  }
  if (discount.kind === "amount" && !(Number.isInteger(discount.amountOffDzd) && discount.amountOffDzd > 0)) {
    return { problem: "invalid", field: "amountOffDzd", reason: "--amount is a positive whole number of dinars" };
  }
  if (coupon.startsAt && coupon.endsAt && coupon.endsAt.getTime() <= coupon.startsAt.getTime()) {
    return { problem: "invalid", field: "endsAt", reason: "--ends must be after --starts" };
  }
  if (coupon.maxUses !== null && !(Number.isInteger(coupon.maxUses) && coupon.maxUses > 0)) {
    return { problem: "invalid", field: "maxUses", reason: "--max-uses is a positive whole number" };
  }
  if (!(Number.isInteger(coupon.maxUsesPerUser) && coupon.maxUsesPerUser > 0)) {
    return { problem: "invalid", field: "maxUsesPerUser", reason: "--per-user is a positive whole number" };
  }
  if (coupon.minOrderDzd !== null && !(Number.isInteger(coupon.minOrderDzd) && coupon.minOrderDzd >= 0)) {
    return { problem: "invalid", field: "minOrderDzd", reason: "--min-order is a whole number of dinars" };
  }
  if (coupon.packageIds) {
    const known = await findKnownPackageIds(deps.db, coupon.packageIds);
    const unknown = coupon.packageIds.filter((id) => !known.has(id));
    if (unknown.length > 0) return { problem: "unknown_packages", packageIds: unknown };
  }
  if (await findCouponByCode(deps.db, code)) return { problem: "code_taken" };
  const now = deps.now();
  const created = await deps.db
    .transaction(async (tx) => {
      const row = await insertCoupon(tx, {
        code,
        kind: discount.kind,
        percentOff: discount.kind === "percent" ? discount.percentOff : null,
        amountOffDzdMinor: discount.kind === "amount" ? toMinor(discount.amountOffDzd) : null,
        startsAt: coupon.startsAt,
        endsAt: coupon.endsAt,
        maxUses: coupon.maxUses,
        maxUsesPerUser: coupon.maxUsesPerUser,
        minOrderDzdMinor: coupon.minOrderDzd === null ? null : toMinor(coupon.minOrderDzd),
        allowedPackageIds: coupon.packageIds && coupon.packageIds.length > 0 ? coupon.packageIds : null,
        allowsBelowCost: coupon.allowsBelowCost ?? false,
        createdAt: now,
      });
      await recordAudit(tx, {
        operatorId: actor.operatorId,
        action: "coupon.created",
        entityType: "coupon",
        entityId: row.id,
        before: null,
        after: auditedCoupon(row),
        ip: actor.ip,
        now,
      });
      return row;
    })
    .catch((error: unknown) => {
      // Two operators creating the same code at once (or a double click): the unique index decides.
      if (isUniqueViolation(error)) return undefined;
      throw error;
    });
  return created ? { coupon: created } : { problem: "code_taken" };
}

/**
 * Blocks a coupon by code (idempotent: audited only when it was not blocked yet); undefined when no coupon has it.
 * Orders already placed keep it.
 */
export async function blockCouponByCode(
  deps: AppDeps,
  code: string,
  actor: AuditActor = COMMAND_LINE_ACTOR,
): Promise<(CouponRow & { usesCount: number }) | undefined> {
  return deps.db.transaction(async (tx) => {
    const now = deps.now();
    const before = await lockCouponByCode(tx, code.trim().toUpperCase());
    if (!before) return undefined;
    const usesCount = await countLiveUses(tx, before.id, now);
    if (before.isBlocked) return { ...before, usesCount };
    const after = (await blockCoupon(tx, before.code))!;
    await auditBlock(tx, now, before, after, actor);
    return { ...after, usesCount };
  });
}

/** blockCouponByCode for the console, by id; NOT_FOUND for an unknown id. */
export async function blockCouponById(deps: AppDeps, couponId: string, actor: AuditActor): Promise<CouponWithSales> {
  await deps.db.transaction(async (tx) => {
    const before = await lockCouponById(tx, couponId);
    if (!before) throw new AppError("NOT_FOUND", { message: "No such coupon." });
    if (before.isBlocked) return before;
    const after = (await setCouponBlocked(tx, couponId))!;
    await auditBlock(tx, deps.now(), before, after, actor);
    return after;
  });
  return readCouponForConsole(deps, couponId);
}

async function auditBlock(tx: DbOrTx, now: Date, before: CouponRow, after: CouponRow, actor: AuditActor) {
  const usesCount = await countLiveUses(tx, after.id, now);
  await recordAudit(tx, {
    operatorId: actor.operatorId,
    action: "coupon.blocked",
    entityType: "coupon",
    entityId: after.id,
    before: { code: before.code, isBlocked: before.isBlocked, usesCount },
    after: { code: after.code, isBlocked: after.isBlocked, usesCount },
    ip: actor.ip,
    now,
  });
}

/** A coupon's dates and limits, as the console sets them (null: no date, unlimited). */
export interface CouponLimits {
  startsAt: Date | null;
  endsAt: Date | null;
  maxUses: number | null;
  maxUsesPerUser: number;
}

/**
 * Changes a coupon's dates and limits under its row lock (so a checkout taking a use waits): the end after the start,
 * the total limit not below the uses taken. The code and the discount never change (decision 039). Audited when
 * something changed; sending the same values again changes and records nothing.
 */
export async function updateCouponLimitsById(
  deps: AppDeps,
  couponId: string,
  limits: CouponLimits,
  actor: AuditActor,
): Promise<CouponWithSales> {
  if (limits.startsAt && limits.endsAt && limits.endsAt.getTime() <= limits.startsAt.getTime()) {
    throw new AppError("VALIDATION_FAILED", {
      message: "The end must be after the start.",
      fields: { endsAt: "INVALID" },
    });
  }
  await deps.db.transaction(async (tx) => {
    const before = await lockCouponById(tx, couponId);
    if (!before) throw new AppError("NOT_FOUND", { message: "No such coupon." });
    const usesCount = await countLiveUses(tx, couponId, deps.now());
    if (limits.maxUses !== null && limits.maxUses < usesCount) {
      throw new AppError("COUPON_MAX_USES_BELOW_USES", {
        message: `The coupon has ${usesCount} uses already.`,
      });
    }
    const unchanged =
      (before.startsAt?.getTime() ?? null) === (limits.startsAt?.getTime() ?? null) &&
      (before.endsAt?.getTime() ?? null) === (limits.endsAt?.getTime() ?? null) &&
      before.maxUses === limits.maxUses &&
      before.maxUsesPerUser === limits.maxUsesPerUser;
    if (unchanged) return before;
    const after = await updateCouponLimits(tx, couponId, limits);
    const view = (row: CouponRow) => {
      const { startsAt, endsAt, maxUses, maxUsesPerUser } = auditedCoupon(row);
      return { code: row.code, startsAt, endsAt, maxUses, maxUsesPerUser };
    };
    await recordAudit(tx, {
      operatorId: actor.operatorId,
      action: "coupon.updated",
      entityType: "coupon",
      entityId: couponId,
      before: view(before),
      after: view(after),
      ip: actor.ip,
      now: deps.now(),
    });
    return after;
  });
  return readCouponForConsole(deps, couponId);
}

export type CouponWithSales = Awaited<ReturnType<typeof listCouponsWithSales>>[number];

/** Every coupon, newest first, with its paid orders and their revenue (DZD). */
export async function listCouponsForConsole(deps: Pick<AppDeps, "db" | "now">): Promise<CouponWithSales[]> {
  return listCouponsWithSales(deps.db, { now: deps.now() });
}

/** One coupon with its sales figures; NOT_FOUND for an unknown id. */
export async function readCouponForConsole(
  deps: Pick<AppDeps, "db" | "now">,
  couponId: string,
): Promise<CouponWithSales> {
  const [row] = await listCouponsWithSales(deps.db, { now: deps.now(), couponId });
  if (!row) throw new AppError("NOT_FOUND", { message: "No such coupon." });
  return row;
}

function isUniqueViolation(error: unknown): boolean {
  const { code, cause } = error as { code?: unknown; cause?: { code?: unknown } };
  return code === "23505" || cause?.code === "23505";
}

/**
 * How a customer is known to once-per-customer limits: sha256 of the email as the sign-in form normalises it (trimmed,
 * lower-case). It outlives the account, so deleting it and registering the same email again resets nothing; the email
 * itself is never kept here (decision 057).
 */
export function hashCustomerEmail(email: string): string {
  return sha256Hex(email.trim().toLowerCase());
}

/** Who uses a coupon: the account and its email. */
export interface CouponCustomer {
  userId: string;
  /** Null only for an account deleted since (its orders keep no email to count). */
  email: string | null;
}

const emailHashOf = (customer: CouponCustomer) => (customer.email ? hashCustomerEmail(customer.email) : null);

/** The uses of the coupon that count now against its total limit and against this customer's (account or email). */
export async function countCouponUses(
  db: DbOrTx,
  options: { couponId: string; customer: CouponCustomer; now: Date },
): Promise<{ total: number; byCustomer: number }> {
  const { couponId, customer, now } = options;
  return {
    total: await countLiveUses(db, couponId, now),
    byCustomer: await countCustomerUses(db, {
      couponId,
      userId: customer.userId,
      emailHash: emailHashOf(customer),
      now,
    }),
  };
}

/**
 * When the customer's uses that count now include one held by their own order awaiting payment, and without the held
 * ones they would still have a use left: that order (its id and number). The customer then reads that the code is
 * held, not used, and can pay or cancel that order.
 */
export async function findHoldingUnpaidOrder(
  db: DbOrTx,
  options: { coupon: Pick<CouponRow, "id" | "maxUsesPerUser">; customer: CouponCustomer; now: Date },
): Promise<{ orderId: string; orderNumber: string } | null> {
  const { coupon, customer, now } = options;
  const holding = await findHoldingOrderOfCustomer(db, {
    couponId: coupon.id,
    userId: customer.userId,
    emailHash: emailHashOf(customer),
    now,
  });
  if (!holding) return null;
  const kept = await countKeptCustomerUses(db, {
    couponId: coupon.id,
    userId: customer.userId,
    emailHash: emailHashOf(customer),
  });
  return kept < coupon.maxUsesPerUser ? holding : null;
}

/**
 * Reserves one use of the coupon for the order until `heldUntil` (its checkout's end), inside the order's transaction
 * with the coupon row locked by pricing; null holds it for good (an order paid at once).
 */
export async function reserveCouponUse(
  tx: DbOrTx,
  use: { couponId: string; orderId: string; customer: CouponCustomer; heldUntil: Date | null; now: Date },
): Promise<void> {
  await insertRedemption(tx, {
    couponId: use.couponId,
    orderId: use.orderId,
    userId: use.customer.userId,
    emailHash: emailHashOf(use.customer),
    heldUntil: use.heldUntil,
    now: use.now,
  });
}

/**
 * Holds the order's use again until `heldUntil` (a fresh checkout for an unpaid order), under the coupon's row lock.
 * A use still held is extended; one whose hold lapsed is taken again only if the coupon's total and per-customer
 * limits allow it now, else COUPON_HOLD_LAPSED: its last use went to someone else while the order waited.
 */
export async function holdCouponUseAgain(
  tx: DbOrTx,
  use: { couponId: string; orderId: string; customer: CouponCustomer; heldUntil: Date; now: Date },
): Promise<void> {
  const coupon = await lockCouponById(tx, use.couponId);
  if (!coupon) return;
  const held = await findRedemption(tx, use.orderId);
  if (held && (held.heldUntil === null || held.heldUntil > use.now)) {
    if (held.heldUntil !== null) await setRedemptionHeldUntil(tx, use.orderId, use.heldUntil);
    return;
  }
  const uses = await countCouponUses(tx, { couponId: coupon.id, customer: use.customer, now: use.now });
  const isTaken =
    coupon.isBlocked ||
    (coupon.maxUses !== null && uses.total >= coupon.maxUses) ||
    uses.byCustomer >= coupon.maxUsesPerUser;
  if (isTaken) {
    throw new AppError("COUPON_HOLD_LAPSED", {
      message: `Coupon ${coupon.code} has no use left for this order now; cancel it and order again.`,
    });
  }
  if (held) await setRedemptionHeldUntil(tx, use.orderId, use.heldUntil);
  else await reserveCouponUse(tx, use);
}

/** Gives the order's reserved use back (its checkout ended unpaid); idempotent. */
export async function releaseCouponUse(tx: DbOrTx, orderId: string): Promise<void> {
  await deleteRedemption(tx, orderId);
}

/**
 * Keeps the use of a paid order for good. The money was taken at the price the coupon gave, so the order is honoured
 * even when its hold had lapsed and the coupon's limits are reached meanwhile: the use is counted past them (decision
 * 057). Idempotent. Answers whether that use went past the coupon's total limit, for the order's history.
 */
export async function keepCouponUse(
  tx: DbOrTx,
  use: { couponId: string; orderId: string; userId: string | null; email: string | null; now: Date },
): Promise<{ isPastLimit: boolean }> {
  const coupon = await lockCouponById(tx, use.couponId);
  if (!coupon) return { isPastLimit: false };
  const held = await findRedemption(tx, use.orderId);
  if (held?.heldUntil === null) return { isPastLimit: false };
  const isLive = held?.heldUntil != null && held.heldUntil > use.now;
  const total = await countLiveUses(tx, coupon.id, use.now);
  const isPastLimit = !isLive && coupon.maxUses !== null && total >= coupon.maxUses;
  if (held) await setRedemptionHeldUntil(tx, use.orderId, null);
  else {
    await insertRedemption(tx, {
      couponId: use.couponId,
      orderId: use.orderId,
      userId: use.userId,
      emailHash: use.email ? hashCustomerEmail(use.email) : null,
      heldUntil: null,
      now: use.now,
    });
  }
  return { isPastLimit };
}

/**
 * createCoupon for the console: its problems as the error envelope (COUPON_CODE_TAKEN, VALIDATION_FAILED on the field),
 * the created coupon with its (empty) sales figures otherwise.
 */
export async function createCouponFromConsole(
  deps: AppDeps,
  coupon: NewCoupon,
  actor: AuditActor,
): Promise<CouponWithSales> {
  const result = await createCoupon(deps, coupon, actor);
  if ("coupon" in result) return readCouponForConsole(deps, result.coupon.id);
  if (result.problem === "code_taken") {
    throw new AppError("COUPON_CODE_TAKEN", { message: "Another coupon has this code." });
  }
  if (result.problem === "unknown_packages") {
    throw new AppError("VALIDATION_FAILED", {
      message: `No plan has the id ${result.packageIds.join(", ")}.`,
      fields: { packageIds: "PACKAGE_INVALID" },
    });
  }
  throw new AppError("VALIDATION_FAILED", { message: result.reason, fields: { [result.field]: "INVALID" } });
}
