/**
 * How long delivery stalls after a PostgreSQL restart (decision 058). A real PostgreSQL server with a `web`
 * and a `worker` process on one database and a single `all` process on another (scale-out/'s harness: the compiled
 * build when there is one). Each run pays a burst of orders on both shapes, stops PostgreSQL (fast or immediate
 * shutdown) once their provisioning is under way, starts it again after the outage on the same port and data, and
 * reports, from the moment it accepts connections again, the time to the first and to the last delivery of the orders
 * pending at the stop; and that each paid order was ordered upstream exactly once. A first run without a restart gives
 * the time a burst takes anyway (the simulator allocates each order in a second).
 *
 * Usage: `npx tsx bench/database-restart.ts [runs=5] [outage seconds=10] [fast|immediate]`.
 */
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { type Instance, sharedEnvironment, startInstance } from "../scale-out/instances.ts";
import { startPostgresServer } from "../scale-out/postgres-server.ts";
import {
  countUpstreamOrders,
  findPlanId,
  newTraveller,
  placeOrder,
  postPaidWebhook,
  signIn,
  waitForDelivery,
} from "../scale-out/shop-client.ts";

const BURST_ORDERS = 6;
const DELIVERY_TIMEOUT_MS = 60_000;

interface Shape {
  name: string;
  pool: pg.Pool;
  front: Instance;
  instances: Instance[];
  planId: string;
  place(): Promise<string>;
  pay(orderId: string): Promise<void>;
}

async function openShape(
  server: Awaited<ReturnType<typeof startPostgresServer>>,
  name: string,
  roles: ("web" | "worker" | "all")[],
): Promise<Shape> {
  const database = name.replaceAll(/\W/g, "_");
  server.createDatabase(database);
  const environment = sharedEnvironment(server.urlOf(database));
  const pool = new pg.Pool({ connectionString: server.urlOf(database), max: 4 });
  pool.on("error", () => {});
  const instances = await Promise.all(
    roles.map((role) => startInstance({ name: `${name} ${role}`, role, environment })),
  );
  const front = instances.find((instance) => instance.role !== "worker")!;
  const planId = await findPlanId(pool, "TR");
  const traveller = newTraveller(database);
  const token = await signIn(traveller, front);
  return {
    name,
    pool,
    front,
    instances,
    planId,
    async place() {
      return (await placeOrder(front, { token, traveller, packageId: planId, clientReference: randomUUID() })).orderId;
    },
    async pay(orderId) {
      if (!(await postPaidWebhook(pool, front, orderId))) throw new Error(`${name}: the paid webhook was refused`);
    },
  };
}

/** Places a burst of orders, then pays them all at once: their provisioning runs side by side. */
async function payBurst(shape: Shape): Promise<string[]> {
  const orderIds: string[] = [];
  for (let index = 0; index < BURST_ORDERS; index++) orderIds.push(await shape.place());
  await Promise.all(orderIds.map((orderId) => shape.pay(orderId)));
  return orderIds;
}

/** Each order's delivery time (ms since epoch), by the app's clock (this machine's). */
async function deliveredAtOf(shape: Shape, orderIds: string[]): Promise<number[]> {
  const { rows } = await shape.pool.query<{ ms: string }>(
    "select extract(epoch from delivered_at) * 1000 as ms from orders where id = any($1::uuid[])",
    [orderIds],
  );
  return rows.map((row) => Number(row.ms));
}

async function expectDeliveredOnce(shape: Shape, orderIds: string[]) {
  const statuses = await waitForDelivery(shape.pool, orderIds, DELIVERY_TIMEOUT_MS);
  const undelivered = orderIds.filter((id) => statuses.get(id) !== "delivered");
  if (undelivered.length > 0) {
    // What held them: their jobs (locked by whom, since when, tried how often) and the orders' own record.
    const { rows: jobs } = await shape.pool.query(
      `select j.key, j.attempts, j.run_at, j.locked_at, j.locked_by, j.last_error, o.status, o.provisioning_attempts,
              (select array_agg(worker_ids) from worker_heartbeats) as live
         from orders o left join graphile_worker.jobs j on j.key = o.id::text where o.id = any($1::uuid[])`,
      [undelivered],
    );
    throw new Error(`${shape.name}: ${undelivered.length} orders not delivered in time: ${JSON.stringify(jobs)}`);
  }
  const upstream = await countUpstreamOrders(shape.pool, orderIds);
  const notOnce = orderIds.filter((id) => upstream.get(id) !== 1);
  if (notOnce.length > 0) throw new Error(`${shape.name}: ${notOnce.length} orders not ordered upstream exactly once`);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
};

async function main() {
  const runs = Number(process.argv[2] ?? 5);
  const outageMs = Number(process.argv[3] ?? 10) * 1000;
  const mode = process.argv[4] === "immediate" ? "immediate" : "fast";
  const server = await startPostgresServer();
  const shapes: Shape[] = [];
  try {
    shapes.push(
      ...(await Promise.all([
        openShape(server, "web and worker", ["web", "worker"]),
        openShape(server, "single", ["all"]),
      ])),
    );

    // Without a restart: a burst's last delivery after its last payment.
    for (const shape of shapes) {
      const orderIds = await payBurst(shape);
      const paidAt = Date.now();
      await expectDeliveredOnce(shape, orderIds);
      const lastMs = Math.max(...(await deliveredAtOf(shape, orderIds))) - paidAt;
      console.info(`${shape.name}: no restart, last of ${BURST_ORDERS} delivered ${Math.round(lastMs)} ms after paid`);
    }

    const stalls = new Map(shapes.map((shape) => [shape.name, { first: [] as number[], last: [] as number[] }]));
    for (let run = 1; run <= runs; run++) {
      const bursts = await Promise.all(shapes.map(payBurst));
      // Stopped once every shape's provisioning has reached the upstream: jobs are mid-way.
      while (
        !(await Promise.all(shapes.map((shape, index) => countUpstreamOrders(shape.pool, bursts[index]!)))).every(
          (counts) => counts.size > 0,
        )
      ) {
        await sleep(10);
      }
      const pending = await Promise.all(
        shapes.map(async (shape, index) => {
          const statuses = await waitForDelivery(shape.pool, bursts[index]!, 0);
          return bursts[index]!.filter((id) => statuses.get(id) !== "delivered");
        }),
      );
      await server.shutDown(mode);
      await sleep(outageMs);
      await server.startAgain();
      const upAt = Date.now();
      const line: string[] = [];
      for (const [index, shape] of shapes.entries()) {
        await expectDeliveredOnce(shape, bursts[index]!);
        const afterMs = (await deliveredAtOf(shape, pending[index]!)).map((at) => Math.round(at - upAt));
        const stall = stalls.get(shape.name)!;
        if (afterMs.length > 0) {
          stall.first.push(Math.min(...afterMs));
          stall.last.push(Math.max(...afterMs));
        }
        line.push(
          `${shape.name}: ${afterMs.length} pending, delivered after ${afterMs.sort((a, b) => a - b).join(", ")} ms`,
        );
      }
      const stopped = shapes.flatMap((shape) => shape.instances).filter((instance) => !instance.isRunning());
      if (stopped.length > 0) throw new Error(`exited: ${stopped.map((instance) => instance.name).join(", ")}`);
      console.info(`run ${run} (${mode}, ${outageMs / 1000} s): ${line.join("; ")}`);
      await sleep(2_000);
    }
    for (const [name, { first, last }] of stalls) {
      console.info(
        `${name}: first pending order delivered after median ${median(first)} ms (max ${Math.max(...first)}); ` +
          `last after median ${median(last)} ms (max ${Math.max(...last)}); ${first.length} runs`,
      );
    }
  } finally {
    await Promise.all(shapes.flatMap((shape) => shape.instances.map((instance) => instance.kill("SIGKILL"))));
    await Promise.all(shapes.map((shape) => shape.pool.end()));
    await server.stop();
  }
}

await main();
