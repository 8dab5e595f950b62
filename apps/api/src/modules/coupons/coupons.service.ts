import { toMinor } from "@esim/shared/money";
import { inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { packages } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { type AuditActor, COMMAND_LINE_ACTOR, recordAudit } from "../operators/index.ts";
import {
  blockCoupon,
  type CouponRow,
  countUserRedemptions,
  deleteRedemption,
  findCouponByCode,
  hasRedemption,
  insertCoupon,
  insertRedemption,
  listCouponsWithSales,
  lockCouponByCode,
  lockCouponById,
  setCouponBlocked,
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
    isBlocked: coupon.isBlocked,
  };
}

// A coupon's use is reserved when its order is placed (under the coupon's row lock, so limits hold under load), kept
// while the checkout is open and once paid, and given back only when the order is rejected after its checkout ended.

export interface NewCoupon {
  code: string;
  discount: { kind: "percent"; percentOff: number } | { kind: "amount"; amountOffDzd: number };
  startsAt: Date | null;
  endsAt: Date | null;
  maxUses: number | null;
  maxUsesPerUser: number;
  minOrderDzd: number | null;
  packageIds: string[] | null;
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
    const found = await deps.db
      .select({ id: packages.id })
      .from(packages)
      .where(inArray(packages.id, coupon.packageIds));
    const known = new Set(found.map((row) => row.id));
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
): Promise<CouponRow | undefined> {
  return deps.db.transaction(async (tx) => {
    const before = await lockCouponByCode(tx, code.trim().toUpperCase());
    if (!before) return undefined;
    if (before.isBlocked) return before;
    const after = (await blockCoupon(tx, before.code))!;
    await auditBlock(tx, deps.now(), before, after, actor);
    return after;
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
  await recordAudit(tx, {
    operatorId: actor.operatorId,
    action: "coupon.blocked",
    entityType: "coupon",
    entityId: after.id,
    before: { code: before.code, isBlocked: before.isBlocked, usesCount: before.usesCount },
    after: { code: after.code, isBlocked: after.isBlocked, usesCount: after.usesCount },
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
    if (limits.maxUses !== null && limits.maxUses < before.usesCount) {
      throw new AppError("COUPON_MAX_USES_BELOW_USES", {
        message: `The coupon has ${before.usesCount} uses already.`,
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
export async function listCouponsForConsole(deps: Pick<AppDeps, "db">): Promise<CouponWithSales[]> {
  return listCouponsWithSales(deps.db);
}

/** One coupon with its sales figures; NOT_FOUND for an unknown id. */
export async function readCouponForConsole(deps: Pick<AppDeps, "db">, couponId: string): Promise<CouponWithSales> {
  const [row] = await listCouponsWithSales(deps.db, couponId);
  if (!row) throw new AppError("NOT_FOUND", { message: "No such coupon." });
  return row;
}

function isUniqueViolation(error: unknown): boolean {
  const { code, cause } = error as { code?: unknown; cause?: { code?: unknown } };
  return code === "23505" || cause?.code === "23505";
}

/** Reserves one use of the coupon for the order (inside the order's transaction, the coupon row locked by pricing). */
export async function reserveCouponUse(
  tx: DbOrTx,
  use: { couponId: string; orderId: string; userId: string | null; now: Date },
): Promise<void> {
  await insertRedemption(tx, use);
}

/** Gives the order's reserved use back (its checkout ended unpaid); idempotent. */
export async function releaseCouponUse(tx: DbOrTx, orderId: string): Promise<void> {
  await deleteRedemption(tx, orderId);
}

/**
 * Takes a use again for an order paid after its reservation was given back (a late payment): only if the coupon's
 * total and per-user limits still allow it, under the coupon's row lock. Answers whether the order holds a use now.
 */
export async function retakeCouponUse(
  tx: DbOrTx,
  use: { couponId: string; orderId: string; userId: string | null; now: Date },
): Promise<boolean> {
  const coupon = await lockCouponById(tx, use.couponId);
  if (!coupon) return false;
  if (await hasRedemption(tx, use.orderId)) return true;
  if (coupon.maxUses !== null && coupon.usesCount >= coupon.maxUses) return false;
  if (use.userId && (await countUserRedemptions(tx, coupon.id, use.userId)) >= coupon.maxUsesPerUser) return false;
  await insertRedemption(tx, use);
  return true;
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
