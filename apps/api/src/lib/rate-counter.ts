import { lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { AppError } from "./app-error.ts";
import { rateCounters } from "./lib.schema.ts";

/** At most `max` hits per fixed window of `windowMs` for one key (an address, an email…). */
export interface RateLimit {
  key: string;
  max: number;
  windowMs: number;
}

// The longest window any limit uses is an hour; a day keeps every live window with room to spare.
const KEEP_COUNTERS_MS = 24 * 60 * 60 * 1000;

/**
 * Counts one hit (or `hits`) in the current fixed window and returns the count including it. The
 * counter lives in PostgreSQL, so every API instance shares it; the upsert makes parallel
 * hits count exactly once each.
 */
export async function countHit(db: DbOrTx, options: { key: string; windowMs: number; now: Date; hits?: number }) {
  const nowMs = options.now.getTime();
  const hits = options.hits ?? 1;
  const windowStart = new Date(Math.floor(nowMs / options.windowMs) * options.windowMs);
  const [row] = await db
    .insert(rateCounters)
    .values({ key: options.key, windowStart, count: hits, createdAt: options.now })
    .onConflictDoUpdate({
      target: [rateCounters.key, rateCounters.windowStart],
      set: { count: sql`${rateCounters.count} + ${hits}` },
    })
    .returning({ count: rateCounters.count });
  const secondsLeft = Math.ceil((windowStart.getTime() + options.windowMs - nowMs) / 1000);
  return { count: row!.count, retryAfterSeconds: Math.max(1, secondsLeft) };
}

/** Counts one hit; throws RATE_LIMITED with the seconds left in the window once the count passes `max`. */
export async function enforceRateLimit(db: DbOrTx, limit: RateLimit, now: Date): Promise<void> {
  const { count, retryAfterSeconds } = await countHit(db, { key: limit.key, windowMs: limit.windowMs, now });
  if (count > limit.max) {
    throw new AppError("RATE_LIMITED", { message: "Too many attempts; wait and try again.", retryAfterSeconds });
  }
}

/** Deletes counters of windows long over, so the table stays small. */
export async function deleteStaleRateCounters(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(rateCounters).where(lt(rateCounters.windowStart, new Date(now.getTime() - KEEP_COUNTERS_MS)));
}
