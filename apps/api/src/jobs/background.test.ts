import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { connectDatabase } from "../db/client.ts";
import { esims } from "../modules/esims/esims.schema.ts";
import { createBuyingApp, createPaidOrder } from "../modules/orders/buying.test-kit.ts";
import { orders } from "../modules/orders/orders.schema.ts";
import type { EsimProvider } from "../providers/esim/esim-port.ts";
import { simulatorOrders } from "../providers/providers.schema.ts";
import { startDatabaseProxy } from "../test/database-proxy.ts";
import { createPackage } from "../test/factories.ts";
import { waitFor } from "../test/server-process.ts";
import { startBackgroundWork } from "./background.ts";
import { poolOf, silentLog } from "./worker.ts";

// The work of a `worker` process while its database restarts or fails over: its connections drop mid-job, new ones
// are refused, then accepted again. The eSIM simulator keeps its own connection, as a real upstream stays up meanwhile.

const testApp = await createBuyingApp();
const { db, deps } = testApp;
const plan = await createPackage(testApp);

const deliveredOf = async (orderId: string) => {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  return order?.status === "delivered";
};

describe("background work through a database restart", () => {
  it("retries the provisioning the restart cut off after its upstream order, without ordering twice, and takes later jobs", async () => {
    const proxy = await startDatabaseProxy(poolOf(db).options.connectionString!);
    const database = connectDatabase(proxy.url, { max: 5 });
    let cutAt: number | undefined;
    // The database goes the moment the upstream has taken the first order, before the job can record it.
    const esim: EsimProvider = {
      ...deps.esim,
      async orderProfiles(input) {
        const placed = await deps.esim.orderProfiles(input);
        if (cutAt === undefined) {
          cutAt = Date.now();
          await proxy.cut();
        }
        return placed;
      },
    };
    const background = await startBackgroundWork({ ...deps, db: database.db, esim }, { log: silentLog });
    try {
      const cutOff = await createPaidOrder(testApp, plan.id);
      await waitFor(() => cutAt !== undefined, "the provisioning reached the upstream");
      await waitFor(() => Date.now() - cutAt! > 3_000, "three seconds without the database");
      await proxy.restore();
      const later = await createPaidOrder(testApp, plan.id);

      for (const order of [cutOff, later]) {
        await waitFor(() => deliveredOf(order.orderId), `order ${order.orderId} delivered`, 15_000);
        const upstream = await db
          .select()
          .from(simulatorOrders)
          .where(eq(simulatorOrders.transactionId, order.orderId));
        expect(upstream).toHaveLength(1);
        expect(await db.select().from(esims).where(eq(esims.orderId, order.orderId))).toHaveLength(1);
      }
    } finally {
      await background.stop();
      await database.close();
      await proxy.close();
    }
  });
});
