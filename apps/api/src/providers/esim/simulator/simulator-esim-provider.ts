import { createHash } from "node:crypto";
import { and, asc, eq, lte, ne, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { simulatorOrders, simulatorProfiles } from "../../providers.schema.ts";
import { type EsimProvider, UpstreamError, type UpstreamPackage, type UpstreamProfile } from "../esim-port.ts";
import { mapEsimStatus } from "../esim-status.ts";
import { findSimulatorPackage, getSimulatorCatalogue } from "./catalogue.ts";
import { NO_FAULTS, parseSimulatorFaults, type SimulatorFaults } from "./faults.ts";
import { hashDigits, hashUnit, luhnCheckDigit } from "./hash.ts";
import { computeProfileState, type ProfileState, type ProfileTimelineInput } from "./profile-timeline.ts";

export const SIMULATOR_SMDP_ADDRESS = "rsp.simulator.esim.localhost";

const MIB = 1024 * 1024;
const DAY_MS = 86_400_000;
/** eSIM Access profiles must be installed within 180 days of the order. */
const ACTIVATE_WITHIN_DAYS = 180;
/** eSIM Access's transactionId limit. */
const MAX_TRANSACTION_ID_LENGTH = 50;
const MAX_PROFILES_PER_ORDER = 50;
/** Unlimited plans have no total to spread usage over: a typical traveller's day instead. */
const UNLIMITED_BYTES_PER_DAY = 1.5 * 1024 * MIB;
/** Stored `total_bytes` of an unlimited profile, as eSIM Access reports an unlimited volume. */
const UNLIMITED_TOTAL_BYTES = -1;
/** $1 000, when no starting balance is given. */
const DEFAULT_STARTING_BALANCE_USD_E4 = 10_000_000;

export interface SimulatorEsimProviderOptions {
  db: Database;
  now: () => Date;
  /** Seconds between an order and its profiles appearing (SIMULATOR_ALLOCATION_SECONDS). */
  allocationSeconds: number;
  /** SIMULATOR_FAULTS text or parsed faults; none by default. */
  faults?: string | SimulatorFaults;
  /** How long a simulated timeout hangs before failing; short so tests and retries stay quick. */
  timeoutMs?: number;
  /** Randomness for faults only; never called while no fault is switched on. */
  random?: () => number;
  /** Seconds from allocation to the (simulated) traveller installing the profile. */
  installAfterSeconds?: number;
  /** Seconds from installation to the first data used. */
  firstUseAfterSeconds?: number;
  /** Multiplies each profile's data use per second (SIMULATOR_USAGE_SPEED); validity still counts in real days. */
  usageSpeed?: number;
  /** Our prepaid account before any order (SIMULATOR_BALANCE_USD), USD × 10 000. */
  startingBalanceUsdE4?: number;
}

/** One allocated profile as the upstream sees it now, in eSIM Access's raw vocabulary (for the webhooks). */
export interface SimulatorProfileState {
  esimTranNo: string;
  iccid: string;
  orderNo: string;
  /** The caller's transactionId of the order. */
  transactionId: string;
  esimStatus: SimulatedState["esimStatus"];
  smdpStatus: SimulatedState["smdpStatus"];
  usedBytes: number;
  /** Null when unlimited. */
  totalBytes: number | null;
  installedAt: Date | null;
  expiresAt: Date | null;
}

/**
 * A documented pair of raw statuses the timeline never reaches by itself (the traveller's phone decides them): installed
 * and switched off before leaving (GOT_RESOURCE + DISABLED), mid-download or mid-install, suspended, revoked.
 */
export interface SimulatorStateOverride {
  esimStatus: "GOT_RESOURCE" | "IN_USE" | "SUSPENDED" | "REVOKE";
  smdpStatus: "RELEASED" | "DOWNLOAD" | "INSTALLATION" | "ENABLED" | "DISABLED";
}

/** A profile's state as the simulator reports it: its timeline's, or the documented pair it was set to. */
type SimulatedState = Omit<ProfileState, "esimStatus" | "smdpStatus"> & {
  esimStatus: ProfileState["esimStatus"] | SimulatorStateOverride["esimStatus"];
  smdpStatus: ProfileState["smdpStatus"] | SimulatorStateOverride["smdpStatus"];
};

export interface SimulatorEsimProvider extends EsimProvider {
  readonly name: "simulator";
  /** Switches faults on or off at run time (tests, the operator's chaos drills); replaces the previous ones. */
  setFaults(faults: string | Partial<SimulatorFaults>): void;
  /** Every allocated, non-cancelled profile's state now (same timeline as queryProfile), by esimTranNo. */
  listProfileStates(): Promise<SimulatorProfileState[]>;
  /** Sets our prepaid account to this (USD × 10 000) now; later orders and top-ups still draw on it. */
  setBalance(balanceUsdE4: number): Promise<void>;
  /**
   * Holds the profile of this ICCID in a documented pair of statuses (null: back to its timeline), in this process, as
   * faults are: a journey shows a traveller each state the upstream documents.
   */
  setProfileState(iccid: string, state: SimulatorStateOverride | null): void;
  /**
   * Moves one package's upstream price (USD × 10 000; null: the catalogue's again), in this process: listed at it, and
   * an order or top-up sent at another price refused as eSIM Access does (200005).
   */
  setPackagePrice(code: string, costUsdE4: number | null): void;
}

/** eSIM Access's refusal of a price that is not the package's current one ("Package price error. Check price."). */
const PRICE_REFUSED = "200005";

/** Whether the eSIM provider is this simulator, which can also send the upstream's webhooks. */
export function isSimulatorEsimProvider(provider: EsimProvider): provider is SimulatorEsimProvider {
  return provider.name === "simulator" && "listProfileStates" in provider;
}

type ProfileRow = typeof simulatorProfiles.$inferSelect;

function simulatorError(message: string, upstreamCode: string, isRetryable = false): UpstreamError {
  return new UpstreamError(message, { isRetryable, upstreamCode });
}

/** Identifiers derive from the transaction id, so even a lost answer and a retry name the same order. */
function orderNumberFor(transactionId: string): string {
  return `SIM${hashDigits(`order:${transactionId}`, 15)}`;
}

function profileIdentity(orderNo: string, index: number) {
  const esimTranNo = hashDigits(`esim:${orderNo}:${index}`, 16);
  const iccidBody = `8988${hashDigits(`iccid:${orderNo}:${index}`, 15)}`;
  const matchingHex = createHash("sha256").update(`matching:${orderNo}:${index}`).digest("hex").toUpperCase();
  return {
    esimTranNo,
    iccid: `${iccidBody}${luhnCheckDigit(iccidBody)}`,
    matchingId: `${matchingHex.slice(0, 4)}-${matchingHex.slice(4, 10)}-${matchingHex.slice(10, 17)}`,
  };
}

/**
 * The local eSIM upstream (decision 011): eSIM Access's behaviour over a deterministic catalogue, with its state
 * in PostgreSQL so a restart mid-flow keeps every order placed.
 */
export function createSimulatorEsimProvider(options: SimulatorEsimProviderOptions): SimulatorEsimProvider {
  const { db, now } = options;
  const timeoutMs = options.timeoutMs ?? 1000;
  const random = options.random ?? Math.random;
  const installAfterSeconds = options.installAfterSeconds ?? 600;
  const firstUseAfterSeconds = options.firstUseAfterSeconds ?? 600;
  const usageSpeed = options.usageSpeed ?? 1;
  // The balance is derived from the orders in PostgreSQL, so every instance agrees; setBalance moves only the start.
  let startingBalanceUsdE4 = options.startingBalanceUsdE4 ?? DEFAULT_STARTING_BALANCE_USD_E4;
  const stateOverrides = new Map<string, SimulatorStateOverride>();
  // Upstream prices moved since the catalogue was built (by package code, USD × 10 000), as `setPackagePrice` says.
  const priceOverrides = new Map<string, number>();

  /** A package as the upstream sells it now: the catalogue's, at a price moved by `setPackagePrice`. */
  function packageOf(code: string): UpstreamPackage | undefined {
    const pkg = findSimulatorPackage(code);
    const price = priceOverrides.get(code);
    return pkg && price !== undefined ? { ...pkg, costUsdE4: price } : pkg;
  }
  let faults: SimulatorFaults =
    typeof options.faults === "string" ? parseSimulatorFaults(options.faults) : (options.faults ?? NO_FAULTS);

  /** An error refuses the call before any effect; a timeout lets the effect happen and loses the answer. */
  async function withFaults<T>(operation: () => Promise<T>): Promise<T> {
    const chance = faults.errorProbability + faults.timeoutProbability;
    const roll = chance > 0 ? random() : 1;
    if (roll < faults.errorProbability) {
      throw simulatorError("Simulated upstream error", "SIMULATED_ERROR", true);
    }
    const result = await operation();
    if (roll < chance) {
      await new Promise((resolve) => setTimeout(resolve, timeoutMs));
      throw simulatorError("Simulated upstream timeout", "SIMULATED_TIMEOUT", true);
    }
    return result;
  }

  function timelineOf(row: ProfileRow, readyAt: Date): ProfileTimelineInput {
    const basePackage = findSimulatorPackage(row.packageCode);
    const baseValidityDays = basePackage?.validityDays ?? 30;
    const baseBytes = row.totalBytes === UNLIMITED_TOTAL_BYTES ? null : baseBytesOf(basePackage, row);
    // Each profile uses data at its own pace (0.5×–2× of "evenly over the validity"): some run out, some expire.
    const pace = 0.5 + 1.5 * hashUnit(`pace:${row.esimTranNo}`);
    const bytesPerDay = baseBytes === null ? UNLIMITED_BYTES_PER_DAY : baseBytes / baseValidityDays;
    return {
      readyAt,
      isCanceled: row.esimStatus === "CANCEL",
      baseBytes,
      baseValidityDays,
      validityStart: basePackage?.validityStart ?? "installation",
      bytesPerSecond: (bytesPerDay * pace * usageSpeed) / 86_400,
      topUps: row.topUps.map((topUp) => {
        const topUpPackage = findSimulatorPackage(topUp.packageCode);
        return {
          at: new Date(topUp.at),
          addedBytes: topUpPackage?.dataMb ? topUpPackage.dataMb * MIB : null,
          addedValidityDays: topUpPackage?.validityDays ?? 0,
        };
      }),
      installAfterSeconds,
      firstUseAfterSeconds,
    };
  }

  function stateOf(row: ProfileRow, readyAt: Date, at: Date): SimulatedState {
    const state = computeProfileState(timelineOf(row, readyAt), at);
    const override = stateOverrides.get(row.iccid);
    if (!override || state.esimStatus === "CANCEL") return state;
    // Installed and off, or on the way to installed: the days of a first-connection plan have not started.
    const isNotConnected = override.smdpStatus !== "ENABLED" && override.esimStatus === "GOT_RESOURCE";
    return { ...state, ...override, ...(isNotConnected ? { usedBytes: 0, expiresAt: null } : {}) };
  }

  function baseBytesOf(basePackage: UpstreamPackage | undefined, row: ProfileRow): number {
    return basePackage?.dataMb ? basePackage.dataMb * MIB : row.totalBytes;
  }

  function toUpstreamProfile(row: ProfileRow, readyAt: Date, at: Date): UpstreamProfile {
    const state = stateOf(row, readyAt, at);
    return {
      reference: row.esimTranNo,
      upstreamOrderNo: row.orderNo,
      iccid: row.iccid,
      smdpAddress: row.smdpAddress,
      matchingId: row.matchingId,
      activationCode: `LPA:1$${row.smdpAddress}$${row.matchingId}`,
      qrCodeUrl: null,
      apn: "internet",
      status: mapEsimStatus(state),
      totalBytes: state.totalBytes,
      usedBytes: state.usedBytes,
      usageUpdatedAt: state.installedAt ? at : null,
      // As eSIM Access's expiredTime: the install deadline until the validity starts, then the end of validity.
      expiresAt: state.expiresAt,
      activateBefore: state.expiresAt ? null : new Date(readyAt.getTime() + ACTIVATE_WITHIN_DAYS * DAY_MS),
    };
  }

  /**
   * What the account has paid upstream, as eSIM Access charges it: every order and top-up at its price, less the
   * price of each cancelled profile (refunded to the balance).
   */
  async function spentUsdE4(): Promise<number> {
    const [totals] = (
      await db.execute<{ ordered: string; refunded: string }>(sql`
        select
          (select coalesce(sum(${simulatorOrders.amountUsdE4}), 0) from ${simulatorOrders}) as ordered,
          (select coalesce(sum(o.amount_usd_e4 / o.count), 0)
             from ${simulatorProfiles} p join ${simulatorOrders} o on o.order_no = p.order_no
            where p.esim_status = 'CANCEL') as refunded`)
    ).rows;
    const topUps = (
      await db.execute<{ package_code: string; count: number }>(sql`
        select top_up->>'packageCode' as package_code, count(*)::int as count
          from ${simulatorProfiles}, jsonb_array_elements(${simulatorProfiles.topUps}) as top_up
         group by 1`)
    ).rows;
    const toppedUp = topUps.reduce(
      (sum, row) => sum + (findSimulatorPackage(row.package_code)?.costUsdE4 ?? 0) * row.count,
      0,
    );
    return Number(totals?.ordered ?? 0) - Number(totals?.refunded ?? 0) + toppedUp;
  }

  async function findProfile(reference: string) {
    const [found] = await db
      .select({ profile: simulatorProfiles, readyAt: simulatorOrders.readyAt })
      .from(simulatorProfiles)
      .innerJoin(simulatorOrders, eq(simulatorOrders.orderNo, simulatorProfiles.orderNo))
      .where(eq(simulatorProfiles.esimTranNo, reference));
    return found;
  }

  /** Locks the profile row for a write, answering only profiles already allocated. */
  async function lockAllocatedProfile(tx: Parameters<Parameters<Database["transaction"]>[0]>[0], reference: string) {
    const [found] = await tx
      .select({ profile: simulatorProfiles, readyAt: simulatorOrders.readyAt })
      .from(simulatorProfiles)
      .innerJoin(simulatorOrders, eq(simulatorOrders.orderNo, simulatorProfiles.orderNo))
      .where(eq(simulatorProfiles.esimTranNo, reference))
      .for("update", { of: simulatorProfiles });
    if (!found || found.readyAt.getTime() > now().getTime()) {
      throw simulatorError(`No eSIM ${reference}`, "ESIM_NOT_FOUND");
    }
    return found;
  }

  return {
    name: "simulator",

    setProfileState(iccid, state) {
      if (state) stateOverrides.set(iccid, state);
      else stateOverrides.delete(iccid);
    },

    setFaults(next) {
      faults = typeof next === "string" ? parseSimulatorFaults(next) : { ...NO_FAULTS, ...next };
    },

    listPackages: () => withFaults(async () => getSimulatorCatalogue().map((pkg) => packageOf(pkg.code) ?? pkg)),

    setPackagePrice(code, costUsdE4) {
      if (costUsdE4 === null) priceOverrides.delete(code);
      else priceOverrides.set(code, costUsdE4);
    },

    orderProfiles: (input) =>
      withFaults(async () => {
        const { transactionId, packageCode, count, unitPriceUsdE4 } = input;
        if (transactionId.length === 0 || transactionId.length > MAX_TRANSACTION_ID_LENGTH) {
          throw simulatorError("transactionId must be 1 to 50 characters", "INVALID_TRANSACTION_ID");
        }
        if (!Number.isInteger(count) || count < 1 || count > MAX_PROFILES_PER_ORDER) {
          throw simulatorError("count must be 1 to 50", "INVALID_COUNT");
        }
        const basePackage = packageOf(packageCode);
        if (!basePackage || basePackage.isTopUp) {
          throw simulatorError(`No base package ${packageCode}`, "PACKAGE_NOT_FOUND");
        }
        // eSIM Access refuses an order whose price is not the current one with 200005: a stale catalogue must not buy.
        if (unitPriceUsdE4 !== basePackage.costUsdE4) {
          throw simulatorError(
            `Package price error. Check price. (${unitPriceUsdE4} sent, ${basePackage.costUsdE4} now for ${packageCode})`,
            PRICE_REFUSED,
          );
        }
        const orderedAt = now();
        const orderNo = orderNumberFor(transactionId);
        const readyAt = new Date(orderedAt.getTime() + (options.allocationSeconds + faults.slowSeconds) * 1000);

        await db.transaction(async (tx) => {
          // The unique transaction id makes a concurrent duplicate wait for this insert, then do nothing.
          const inserted = await tx
            .insert(simulatorOrders)
            .values({
              orderNo,
              transactionId,
              packageCode,
              count,
              amountUsdE4: unitPriceUsdE4 * count,
              readyAt,
              createdAt: orderedAt,
            })
            .onConflictDoNothing()
            .returning({ orderNo: simulatorOrders.orderNo });
          if (inserted.length === 0) return;
          await tx.insert(simulatorProfiles).values(
            Array.from({ length: count }, (_, index) => ({
              ...profileIdentity(orderNo, index),
              orderNo,
              smdpAddress: SIMULATOR_SMDP_ADDRESS,
              packageCode,
              esimStatus: "GOT_RESOURCE",
              smdpStatus: "RELEASED",
              totalBytes: basePackage.dataMb === null ? UNLIMITED_TOTAL_BYTES : basePackage.dataMb * MIB,
              createdAt: orderedAt,
              updatedAt: orderedAt,
            })),
          );
        });

        const [existing] = await db
          .select()
          .from(simulatorOrders)
          .where(eq(simulatorOrders.transactionId, transactionId));
        if (!existing) throw simulatorError("Order vanished", "INTERNAL", true);
        if (existing.packageCode !== packageCode || existing.count !== count) {
          throw simulatorError(`transactionId ${transactionId} was used for another order`, "DUPLICATE_TRANSACTION");
        }
        return { upstreamOrderNo: existing.orderNo };
      }),

    queryOrder: (upstreamOrderNo) =>
      withFaults(async () => {
        const [order] = await db.select().from(simulatorOrders).where(eq(simulatorOrders.orderNo, upstreamOrderNo));
        if (!order) throw simulatorError(`No order ${upstreamOrderNo}`, "ORDER_NOT_FOUND");
        const at = now();
        if (at.getTime() < order.readyAt.getTime()) return { state: "allocating" as const };
        const rows = await db
          .select()
          .from(simulatorProfiles)
          .where(eq(simulatorProfiles.orderNo, upstreamOrderNo))
          .orderBy(asc(simulatorProfiles.esimTranNo));
        return { state: "ready" as const, profiles: rows.map((row) => toUpstreamProfile(row, order.readyAt, at)) };
      }),

    getBalance: () => withFaults(async () => ({ balanceUsdE4: startingBalanceUsdE4 - (await spentUsdE4()) })),

    async setBalance(balanceUsdE4) {
      startingBalanceUsdE4 = balanceUsdE4 + (await spentUsdE4());
    },

    // Not an upstream API call, so no faults: eSIM Access's webhooks do not fail with its API.
    async listProfileStates() {
      const at = now();
      const rows = await db
        .select({
          profile: simulatorProfiles,
          readyAt: simulatorOrders.readyAt,
          transactionId: simulatorOrders.transactionId,
        })
        .from(simulatorProfiles)
        .innerJoin(simulatorOrders, eq(simulatorOrders.orderNo, simulatorProfiles.orderNo))
        .where(and(lte(simulatorOrders.readyAt, at), ne(simulatorProfiles.esimStatus, "CANCEL")))
        .orderBy(asc(simulatorProfiles.esimTranNo));
      return rows.map(({ profile, readyAt, transactionId }) => {
        const state = stateOf(profile, readyAt, at);
        return {
          esimTranNo: profile.esimTranNo,
          iccid: profile.iccid,
          orderNo: profile.orderNo,
          transactionId,
          esimStatus: state.esimStatus,
          smdpStatus: state.smdpStatus,
          usedBytes: state.usedBytes,
          totalBytes: state.totalBytes,
          installedAt: state.installedAt,
          expiresAt: state.expiresAt,
        };
      });
    },

    isTopUpApplied: (input) =>
      withFaults(async () => {
        // The simulator keeps each top-up's transactionId, so it answers exactly rather than by count.
        const found = await findProfile(input.reference);
        return found?.profile.topUps.some((topUp) => topUp.transactionId === input.transactionId) ?? false;
      }),

    // The simulator's rule: a plan's top-up is the package `<code>-TOPUP` (catalogue-data.ts).
    listTopUpPackageCodes: async (input) => [`${input.baseCode}-TOPUP`],

    queryProfile: (reference) =>
      withFaults(async () => {
        const found = await findProfile(reference);
        const at = now();
        if (!found || at.getTime() < found.readyAt.getTime()) return null;
        return toUpstreamProfile(found.profile, found.readyAt, at);
      }),

    topUp: (input) =>
      withFaults(async () => {
        await db.transaction(async (tx) => {
          const { profile, readyAt } = await lockAllocatedProfile(tx, input.reference);
          const previous = profile.topUps.find((topUp) => topUp.transactionId === input.transactionId);
          if (previous) {
            if (previous.packageCode === input.packageCode) return;
            throw simulatorError(
              `transactionId ${input.transactionId} was used for another top-up`,
              "DUPLICATE_TRANSACTION",
            );
          }
          const [elsewhere] = await tx
            .select({ esimTranNo: simulatorProfiles.esimTranNo })
            .from(simulatorProfiles)
            .where(
              and(
                ne(simulatorProfiles.esimTranNo, profile.esimTranNo),
                sql`${simulatorProfiles.topUps} @> ${JSON.stringify([{ transactionId: input.transactionId }])}::jsonb`,
              ),
            );
          if (elsewhere) {
            throw simulatorError(
              `transactionId ${input.transactionId} was used for another top-up`,
              "DUPLICATE_TRANSACTION",
            );
          }

          const basePackage = findSimulatorPackage(profile.packageCode);
          const topUpPackage = findSimulatorPackage(input.packageCode);
          if (
            !basePackage?.supportsTopUp ||
            !topUpPackage?.isTopUp ||
            topUpPackage.destination.code !== basePackage.destination.code
          ) {
            throw simulatorError(`${input.packageCode} cannot top up ${profile.esimTranNo}`, "TOPUP_NOT_COMPATIBLE");
          }
          const priced = packageOf(input.packageCode) ?? topUpPackage;
          if (input.priceUsdE4 !== priced.costUsdE4) {
            throw simulatorError(
              `Package price error. Check price. (${input.priceUsdE4} sent, ${priced.costUsdE4} now)`,
              PRICE_REFUSED,
            );
          }
          const at = now();
          const state = stateOf(profile, readyAt, at);
          if (state.esimStatus === "CANCEL") throw simulatorError("The eSIM was cancelled", "ESIM_CANCELED");
          // As eSIM Access: a top-up only while the profile is new, in use or used up.
          if (state.esimStatus === "REVOKE") throw simulatorError("The eSIM was revoked", "ESIM_REVOKED");
          if (state.esimStatus === "SUSPENDED") throw simulatorError("The eSIM is suspended", "ESIM_SUSPENDED");
          if (state.expiresAt && at.getTime() >= state.expiresAt.getTime()) {
            throw simulatorError("The eSIM has expired", "ESIM_EXPIRED");
          }
          await tx
            .update(simulatorProfiles)
            .set({
              topUps: [
                ...profile.topUps,
                { transactionId: input.transactionId, packageCode: input.packageCode, at: at.toISOString() },
              ],
              totalBytes:
                profile.totalBytes === UNLIMITED_TOTAL_BYTES
                  ? UNLIMITED_TOTAL_BYTES
                  : profile.totalBytes + (topUpPackage.dataMb ?? 0) * MIB,
              // A snapshot for whoever reads the table; the timeline recomputes usage from the top-up history.
              usedBytes: state.usedBytes,
              expiresAt: state.expiresAt,
              updatedAt: at,
            })
            .where(eq(simulatorProfiles.esimTranNo, profile.esimTranNo));
        });
      }),

    cancel: (reference) =>
      withFaults(async () => {
        await db.transaction(async (tx) => {
          const { profile, readyAt } = await lockAllocatedProfile(tx, reference);
          // A retry after a lost answer must succeed, not fail because the first attempt worked.
          if (profile.esimStatus === "CANCEL") return;
          const at = now();
          const status = mapEsimStatus(computeProfileState(timelineOf(profile, readyAt), at));
          if (status !== "New") {
            throw simulatorError(
              `Only an unused eSIM can be cancelled; ${reference} is ${status}`,
              "ESIM_NOT_CANCELABLE",
            );
          }
          await tx
            .update(simulatorProfiles)
            .set({ esimStatus: "CANCEL", updatedAt: at })
            .where(eq(simulatorProfiles.esimTranNo, reference));
        });
      }),
  };
}
