import { setTimeout as sleep } from "node:timers/promises";
import { connectDatabase } from "../db/client.ts";
import { createEsimAccessProvider } from "../providers/esim/esim-access/esim-access-provider.ts";
import { createSharedRateBudget } from "../providers/esim/esim-access/shared-rate-budget.ts";
import { UpstreamError } from "../providers/esim/esim-port.ts";

// One process spending the eSIM Access account's budget as a worker would (shared-rate-budget.test.ts starts two):
// CALLS balance queries at once against the double at DOUBLE_URL, through the shared budget in DATABASE_URL
// (BUDGET=shared) or a limiter counted in this process only (BUDGET=process). Prints what it saw as one JSON line.

const env = process.env;
const calls = Number(env.CALLS ?? 60);
const perSecond = Number(env.PER_SECOND ?? 8);
const database = connectDatabase(env.DATABASE_URL!, { max: 2 });
const provider = createEsimAccessProvider({
  baseUrl: env.DOUBLE_URL!,
  accessCode: env.ACCESS_CODE!,
  requestsPerSecond: perSecond,
  ...(env.BUDGET === "shared"
    ? { limiter: createSharedRateBudget({ db: database.db, account: "hammer", perSecond }) }
    : {}),
});
// Both processes start together, as a burst of paid orders would reach two workers.
await sleep(Math.max(0, Number(env.START_AT_MS ?? 0) - Date.now()));
const outcomes = await Promise.all(
  Array.from({ length: calls }, () =>
    provider.getBalance().then(
      () => "ok",
      (error: unknown) => (error instanceof UpstreamError ? (error.upstreamCode ?? "upstream") : String(error)),
    ),
  ),
);
const counts: Record<string, number> = {};
for (const outcome of outcomes) counts[outcome] = (counts[outcome] ?? 0) + 1;
process.stdout.write(`${JSON.stringify(counts)}\n`);
await database.close();
