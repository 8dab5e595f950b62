import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cleanUpExpiredRows } from "../../jobs/clean-up.ts";
import { runDueJobs } from "../../jobs/worker.ts";
import { createPackage } from "../../test/factories.ts";
import { createBuyingApp, createPaidOrder, makeJobsDue } from "../orders/buying.test-kit.ts";
import { mailOutbox } from "./mail-outbox.schema.ts";

// An email's content lives only as long as it is needed (decision 059): until it is sent, or a week after it was
// given up (the operator can see what failed meanwhile).

let isMailServerDown = false;
const testApp = await createBuyingApp({
  mailer: {
    async send() {
      if (isMailServerDown) throw new Error("connect ECONNREFUSED 127.0.0.1:587");
    },
  },
});
const { db, deps } = testApp;
const plan = await createPackage(testApp);
const DAY_MS = 24 * 60 * 60 * 1000;

describe("send-email", () => {
  it("keeps a given-up email's content for a week after it was queued, then drops it and keeps the row", async () => {
    const paid = await createPaidOrder(testApp, plan.id);
    isMailServerDown = true;
    try {
      await runDueJobs(deps);
      await runDueJobs(deps);
      await db.execute(sql`update graphile_worker._private_jobs set attempts = max_attempts - 1
        where key like 'email:%'`);
      await makeJobsDue(testApp);
      await runDueJobs(deps);
    } finally {
      isMailServerDown = false;
    }
    const read = async () =>
      (
        await db
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.key, `install:${paid.orderId}`))
      )[0]!;
    const givenUp = await read();
    expect(givenUp.status).toBe("failed");
    expect(givenUp.text).toContain("/details/");

    testApp.clock.set(new Date(givenUp.createdAt.getTime() + 6 * DAY_MS));
    await cleanUpExpiredRows(db, testApp.clock.now());
    expect((await read()).text).toContain("/details/");

    testApp.clock.set(new Date(givenUp.createdAt.getTime() + 8 * DAY_MS));
    await cleanUpExpiredRows(db, testApp.clock.now());
    expect(await read()).toMatchObject({ status: "failed", text: null, html: null, attachments: [], key: givenUp.key });
  });
});
