/**
 * Backups as an operator takes them (docs/DEPLOY.md): scripts/backup.sh on the live shop, scripts/restore.sh into a
 * fresh PostgreSQL server, the app started on it. Nothing a traveller had is lost: the account, the session, the
 * orders and the eSIMs.
 */
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { type Instance, sharedEnvironment, startInstance } from "./instances.ts";
import { type PostgresServer, startPostgresServer } from "./postgres-server.ts";
import {
  call,
  findPlanId,
  newTraveller,
  placeOrder,
  postPaidWebhook,
  signIn,
  type Traveller,
  waitForDelivery,
} from "./shop-client.ts";

const run = promisify(execFile);
const SCRIPTS = path.resolve(import.meta.dirname, "../scripts");

const servers: PostgresServer[] = [];
const instances: Instance[] = [];
const pools: pg.Pool[] = [];
const backupDir = mkdtempSync(path.join(tmpdir(), "esim-backup-"));

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.kill("SIGKILL")));
  await Promise.all(pools.map((pool) => pool.end()));
  await Promise.all(servers.map((server) => server.stop()));
  rmSync(backupDir, { recursive: true, force: true });
});

async function startServerWithDatabase() {
  const server = await startPostgresServer();
  servers.push(server);
  server.createDatabase("esim");
  const pool = new pg.Pool({ connectionString: server.urlOf("esim"), max: 2 });
  // The server stopping at the end closes idle connections under the pool: expected, not a failure.
  pool.on("error", () => {});
  pools.push(pool);
  return { server, pool, url: server.urlOf("esim") };
}

/** The scripts as an operator runs them, with the server's own client tools first on the PATH. */
function runScript(name: string, server: PostgresServer, args: string[]) {
  return run(path.join(SCRIPTS, name), args, {
    env: { ...process.env, PATH: `${server.binDir}:${process.env.PATH}`, DATABASE_URL: server.urlOf("esim") },
  });
}

async function readAccount(shop: Instance, token: string, traveller: Traveller) {
  const me = await call<{ data: { email: string } }>(shop, { path: "/auth/me", token, traveller });
  const orders = await call<{ data: { number: string; status: string }[] }>(shop, {
    path: "/orders",
    token,
    traveller,
  });
  const esims = await call<{ data: { available: { iccid: string }[] } }>(shop, { path: "/esims", token, traveller });
  return {
    status: me.status,
    email: me.body.data.email,
    orders: orders.body.data.map((order) => `${order.number} ${order.status}`).sort(),
    iccids: esims.body.data.available.map((esim) => esim.iccid).sort(),
  };
}

describe("backup and restore", () => {
  it("restores a live shop's backup into a fresh server where the same traveller finds the same orders and eSIMs", async () => {
    const first = await startServerWithDatabase();
    const shop = await startInstance({ name: "shop", role: "all", environment: sharedEnvironment(first.url) });
    instances.push(shop);
    const traveller = newTraveller("backup");
    const token = await signIn(traveller, shop);
    const planId = await findPlanId(first.pool, "TR");
    const orderIds: string[] = [];
    for (let index = 0; index < 2; index++) {
      const { orderId } = await placeOrder(shop, {
        token,
        traveller,
        packageId: planId,
        clientReference: randomUUID(),
      });
      expect(await postPaidWebhook(first.pool, shop, orderId)).toBe(true);
      orderIds.push(orderId);
    }
    const statuses = await waitForDelivery(first.pool, orderIds, 60_000);
    expect([...statuses.values()]).toEqual(["delivered", "delivered"]);
    const before = await readAccount(shop, token, traveller);
    expect(before.iccids).toHaveLength(2);

    const file = path.join(backupDir, "esim.dump");
    await runScript("backup.sh", first.server, [file]);
    await shop.kill("SIGTERM");

    const second = await startServerWithDatabase();
    await runScript("restore.sh", second.server, [file]);
    // A second restore onto it (a slip of DATABASE_URL) is refused before it touches anything.
    await expect(runScript("restore.sh", second.server, [file])).rejects.toMatchObject({
      stderr: expect.stringContaining("already has"),
    });
    const restored = await startInstance({ name: "restored", role: "all", environment: sharedEnvironment(second.url) });
    instances.push(restored);

    // The session opened before the backup still works; so does a new sign-in with the same address.
    expect(await readAccount(restored, token, traveller)).toEqual(before);
    // The resend wait (a minute since the last code) passes without the test waiting it.
    await second.pool.query("update sign_in_codes set created_at = created_at - interval '2 minutes'");
    const again = newTraveller("again");
    const newToken = await signIn({ ...traveller, address: again.address }, restored);
    expect(await readAccount(restored, newToken, traveller)).toEqual(before);
  });
});
