import { describe, expect, it } from "vitest";
import { rateCounters } from "../lib/lib.schema.ts";
import { countHit } from "../lib/rate-counter.ts";
import { sha256Hex } from "../lib/secrets.ts";
import { sessions, signInCodes } from "../modules/auth/auth.schema.ts";
import { createSession, createUser } from "../test/factories.ts";
import { createTestApp } from "../test/test-app.ts";
import { cleanUpExpiredRows } from "./clean-up.ts";

const testApp = await createTestApp();
const { db, clock } = testApp;

describe("cleanUpExpiredRows", () => {
  it("deletes expired sessions, day-old codes and finished counters, and keeps live ones", async () => {
    const user = await createUser(testApp);
    await createSession(testApp, user);
    await db.insert(signInCodes).values({
      email: "old@example.com",
      codeHash: "x",
      expiresAt: clock.now(),
      createdAt: clock.now(),
    });
    await countHit(db, { key: "old-window", windowMs: 60_000, now: clock.now() });
    clock.advance(31 * 24 * 60 * 60 * 1000);
    const live = await createSession(testApp, user);
    await countHit(db, { key: "live-window", windowMs: 60_000, now: clock.now() });

    await cleanUpExpiredRows(db, clock.now());

    const remaining = await db.select().from(sessions);
    expect(remaining.map((session) => session.tokenHash)).toEqual([sha256Hex(live.token)]);
    expect(await db.select().from(signInCodes)).toEqual([]);
    expect((await db.select().from(rateCounters)).map((row) => row.key)).toEqual(["live-window"]);
  });
});

describe("recorded pushes", () => {
  it("are kept a week", async () => {
    const push = {
      platform: "android" as const,
      title: "t",
      body: "b",
      data: { type: "esim_usage" as const, esimId: "0c9f4b8e-3f0a-4a52-9d61-3d0e6f1b7a10" },
    };
    await testApp.deps.push.send({ ...push, token: "old" });
    clock.advance(6 * 24 * 60 * 60 * 1000);
    await testApp.deps.push.send({ ...push, token: "recent" });
    clock.advance(2 * 24 * 60 * 60 * 1000);

    await cleanUpExpiredRows(db, clock.now());

    expect((await testApp.pushes()).map((row) => row.token)).toEqual(["recent"]);
  });
});
