import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { connectDatabase } from "../db/client.ts";
import {
  createBuyingApp,
  orderBody,
  placeTestOrder,
  postPaymentWebhook,
  pressButton,
  readOrder,
  readPaymentRow,
  signedCheckoutWebhook,
} from "../modules/orders/buying.test-kit.ts";
import { watchOutagesForPayments } from "../modules/payments/index.ts";
import { simulatorOrders } from "../providers/providers.schema.ts";
import { startDatabaseProxy } from "../test/database-proxy.ts";
import { createPackage, createSignedInUser } from "../test/factories.ts";
import { waitFor } from "../test/server-process.ts";
import { startBackgroundWork } from "./background.ts";
import { poolOf, silentLog } from "./worker.ts";

// A payer pays while the database is away: the gateway's webhook is refused (503) and the payer never comes back to
// the callback page. The app and its worker run on a relay the test cuts, as a database restart or failover; the
// gateway (sandbox) and the eSIM simulator stay up. The clock stands still: the reconciliation sweep (15 minutes
// without a look) never takes this payment, so only the recheck after the outage can deliver it.

const testApp = await createBuyingApp();
const { db, deps } = testApp;
const plan = await createPackage(testApp);

describe("payments whose webhook was refused during a database outage", () => {
  // `all`: one process sees the outage and runs the recheck. `web` apart: only the web process saw the outage (its
  // webhook refused); the worker, on a connection that never dropped, runs the recheck the web process queued.
  it.each([
    { roles: "one process (all)", isWorkerBehindRelay: true },
    { roles: "web and worker apart, only the web process seeing the outage", isWorkerBehindRelay: false },
  ])(
    "are asked for and delivered within a minute of the database's return, nobody acting: $roles",
    async ({ isWorkerBehindRelay }) => {
      const proxy = await startDatabaseProxy(poolOf(db).options.connectionString!);
      const database = connectDatabase(proxy.url, { max: 5 });
      const onProxy = { ...deps, db: database.db };
      const app = await buildApp(onProxy, { logger: false });
      await app.ready();
      // What server.ts starts in every process, on the database behind the relay.
      const watch = watchOutagesForPayments(onProxy, { log: silentLog });
      const background = await startBackgroundWork(isWorkerBehindRelay ? onProxy : deps, { log: silentLog });
      try {
        const buyer = await createSignedInUser(testApp);
        const placed = await placeTestOrder(testApp, buyer.headers, orderBody(buyer.user, plan.id));
        // The gateway's own deliveries fail like every other during the outage.
        testApp.setWebhooksLost(true);
        await proxy.cut();
        await pressButton(testApp, placed.checkoutUrl, "pay");
        const webhook = await signedCheckoutWebhook(testApp, { paymentId: placed.paymentId, type: "checkout.paid" });
        const refused = await postPaymentWebhook({ ...testApp, app }, webhook);
        expect(refused.statusCode).toBe(503);
        await new Promise((resolve) => setTimeout(resolve, 2_000));

        await proxy.restore();
        const restoredAt = Date.now();
        await waitFor(
          async () => (await readOrder(testApp, placed.orderId)).status === "delivered",
          "the order delivered after the database's return",
          60_000,
        );
        expect(Date.now() - restoredAt).toBeLessThan(60_000);
        expect((await readPaymentRow(testApp, placed.paymentId)).status).toBe("successful");
        // The late webhook, if the gateway sends it again, changes nothing: one upstream order.
        expect(await postPaymentWebhook(testApp, webhook)).toMatchObject({ statusCode: 200 });
        const upstream = await db
          .select()
          .from(simulatorOrders)
          .where(eq(simulatorOrders.transactionId, placed.orderId));
        expect(upstream).toHaveLength(1);
      } finally {
        watch.stop();
        await background.stop();
        await app.close();
        await database.close();
        await proxy.close();
        testApp.setWebhooksLost(false);
      }
    },
    90_000,
  );
});
