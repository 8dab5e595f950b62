import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../test/database.ts";
import { AppError } from "./app-error.ts";
import { rateCounters } from "./lib.schema.ts";
import { countHit, deleteStaleRateCounters, enforceRateLimit } from "./rate-counter.ts";

const database = await createTestDatabase();
const { db } = database;
afterAll(() => database.close());
const MINUTE = 60 * 1000;

describe("countHit", () => {
  it("counts hits of one key within a fixed window and starts again in the next", async () => {
    const start = new Date("2026-06-01T10:00:00Z");
    const at = (ms: number) => new Date(start.getTime() + ms);

    const first = await countHit(db, { key: "window", windowMs: 10 * MINUTE, now: at(0) });
    const second = await countHit(db, { key: "window", windowMs: 10 * MINUTE, now: at(4 * MINUTE) });
    const nextWindow = await countHit(db, { key: "window", windowMs: 10 * MINUTE, now: at(10 * MINUTE) });

    expect(first).toEqual({ count: 1, retryAfterSeconds: 600 });
    expect(second).toEqual({ count: 2, retryAfterSeconds: 360 });
    expect(nextWindow).toEqual({ count: 1, retryAfterSeconds: 600 });
  });

  it("counts every one of many parallel hits exactly once", async () => {
    const now = new Date("2026-06-01T11:00:00Z");
    const counts = await Promise.all(
      Array.from({ length: 25 }, () => countHit(db, { key: "parallel", windowMs: MINUTE, now })),
    );
    expect(counts.map((hit) => hit.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  });

  it("keeps keys apart", async () => {
    const now = new Date("2026-06-01T12:00:00Z");
    await countHit(db, { key: "a", windowMs: MINUTE, now });
    expect((await countHit(db, { key: "b", windowMs: MINUTE, now })).count).toBe(1);
  });
});

describe("enforceRateLimit", () => {
  it("lets max hits through, then throws RATE_LIMITED with the seconds left in the window", async () => {
    const now = new Date("2026-06-01T13:00:30Z");
    const limit = { key: "enforced", max: 2, windowMs: MINUTE };
    await enforceRateLimit(db, limit, now);
    await enforceRateLimit(db, limit, now);

    const refused = await enforceRateLimit(db, limit, now).catch((error: unknown) => error);

    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: "RATE_LIMITED", statusCode: 429, retryAfterSeconds: 30 });
  });
});

describe("deleteStaleRateCounters", () => {
  it("deletes counters of windows over a day old and keeps recent ones", async () => {
    const now = new Date("2026-07-01T00:00:00Z");
    await countHit(db, { key: "old", windowMs: MINUTE, now: new Date("2026-06-29T00:00:00Z") });
    await countHit(db, { key: "recent", windowMs: MINUTE, now: new Date("2026-06-30T12:00:00Z") });

    await deleteStaleRateCounters(db, now);

    const keys = (await db.select().from(rateCounters)).map((row) => row.key);
    expect(keys).toContain("recent");
    expect(keys).not.toContain("old");
  });
});
