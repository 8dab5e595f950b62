import { createHash } from "node:crypto";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { createEsimAccessProvider, type EsimAccessLog } from "./esim-access/esim-access-provider.ts";
import { createSharedRateBudget } from "./esim-access/shared-rate-budget.ts";
import type { EsimProvider } from "./esim-port.ts";
import { createSimulatorEsimProvider } from "./simulator/simulator-esim-provider.ts";

/** What leaves out an unusable upstream package or profile says, as a pino-shaped JSON line, when no logger is given. */
const stderrLog: EsimAccessLog = {
  warn(details, message) {
    process.stderr.write(`${JSON.stringify({ level: 40, time: Date.now(), ...details, msg: message })}\n`);
  },
  error(details, message) {
    process.stderr.write(`${JSON.stringify({ level: 50, time: Date.now(), ...details, msg: message })}\n`);
  },
};

/** The simulator unless ESIM_PROVIDER=esim-access (loadConfig then requires the access code). */
export function createEsimProvider(deps: {
  config: Config;
  db: Database;
  now: () => Date;
  /** Where the eSIM Access client reports what it leaves out (pino's logger fits). */
  log?: EsimAccessLog;
}): EsimProvider {
  const { config, db, now } = deps;
  if (config.ESIM_PROVIDER === "esim-access") {
    if (!config.ESIM_ACCESS_ACCESS_CODE)
      throw new Error("ESIM_ACCESS_ACCESS_CODE is required when ESIM_PROVIDER=esim-access");
    return createEsimAccessProvider({
      baseUrl: config.ESIM_ACCESS_BASE_URL,
      accessCode: config.ESIM_ACCESS_ACCESS_CODE,
      secret: config.ESIM_ACCESS_SECRET,
      now,
      log: deps.log ?? stderrLog,
      // Web, worker and every instance spend the same account's budget: it is counted in PostgreSQL (decision 052).
      limiter: createSharedRateBudget({
        db,
        account: createHash("sha256").update(config.ESIM_ACCESS_ACCESS_CODE).digest("hex").slice(0, 16),
        perSecond: config.ESIM_ACCESS_REQUESTS_PER_SECOND,
      }),
    });
  }
  return createSimulatorEsimProvider({
    db,
    now,
    allocationSeconds: config.SIMULATOR_ALLOCATION_SECONDS,
    faults: config.SIMULATOR_FAULTS,
    installAfterSeconds: config.SIMULATOR_INSTALL_AFTER_SECONDS,
    firstUseAfterSeconds: config.SIMULATOR_FIRST_USE_AFTER_SECONDS,
    usageSpeed: config.SIMULATOR_USAGE_SPEED,
    startingBalanceUsdE4: Math.round(config.SIMULATOR_BALANCE_USD * 10_000),
  });
}
