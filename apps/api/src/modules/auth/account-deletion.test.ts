import { API_BASE_PATH } from "@esim/shared/http";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cleanUpExpiredRows } from "../../jobs/clean-up.ts";
import { runDueJobs } from "../../jobs/worker.ts";
import { createPackage } from "../../test/factories.ts";
import { cancellationRequests, esims } from "../esims/esims.schema.ts";
import { buyEsim } from "../esims/esims.test-kit.ts";
import { mailOutbox } from "../mail-outbox/mail-outbox.schema.ts";
import { createBuyingApp } from "../orders/buying.test-kit.ts";

// Deleting an account takes everything personal with it (decision 059): what was emailed to it and the install
// secrets of its eSIMs too, not only the profile; the orders and invoices stay for accounting.

const testApp = await createBuyingApp();
const { app, db, deps } = testApp;
const plan = await createPackage(testApp);

describe("DELETE /profile", () => {
  it("leaves no email, text or activation code of the account in the outbox or on its eSIMs", async () => {
    const bought = await buyEsim(testApp, plan.id);
    await runDueJobs(deps);
    const email = bought.user.email!;
    await db.insert(cancellationRequests).values({
      esimId: bought.esim.id,
      orderId: bought.orderId,
      userId: bought.user.id,
      reason: "Je pars finalement avec Amina à Tunis",
      refundDzdMinor: 0,
      requestedAt: testApp.clock.now(),
    });
    // Still queued (as if the mail server were down): deleted too, whatever its state.
    await db.execute(sql`update mail_outbox set status = 'queued', text = 'Bonjour Amina', html = '<p>Bonjour</p>'
      where key = ${`install:${bought.orderId}`}`);
    const outboxBefore = JSON.stringify(await db.select().from(mailOutbox));
    expect(outboxBefore).toContain(email);

    const deleted = await app.inject({
      method: "DELETE",
      url: `${API_BASE_PATH}/profile`,
      headers: bought.headers,
      payload: { confirmation: "DELETE" },
    });
    expect(deleted.statusCode).toBe(204);
    await cleanUpExpiredRows(db, testApp.clock.now());

    const outbox = JSON.stringify(await db.select().from(mailOutbox));
    expect(outbox).not.toContain(email);
    expect(outbox).not.toContain(bought.esim.activationCode);
    const [esim] = await db.select().from(esims).where(eq(esims.id, bought.esim.id));
    expect(esim).toMatchObject({ orderId: bought.orderId, activationCode: "", matchingId: "", qrCodeUrl: null });
    const [cancellation] = await db
      .select()
      .from(cancellationRequests)
      .where(eq(cancellationRequests.esimId, bought.esim.id));
    expect(cancellation?.reason).toBeNull();
  });
});
