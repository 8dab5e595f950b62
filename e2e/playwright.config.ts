import { availableParallelism } from "node:os";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_LAUNCH_OPTIONS } from "./chromium.ts";

const port = Number(process.env.E2E_PORT ?? 8090);
const pgPort = Number(process.env.E2E_PG_PORT ?? 54390);
const dataDir = process.env.E2E_DATA_DIR ?? "/tmp/esim-e2e-data";

/** What the operator CLI needs to reach the journeys' server (see fixtures.ts `consoleCli`). */
export const E2E_SERVER_ENV = { EMBEDDED_PG_PORT: String(pgPort), DATA_DIR: dataDir };

/** The live chat the server is configured with; support-chat.journey.ts answers its SDK with a fake one. */
export const E2E_CHATWOOT = { baseUrl: "http://127.0.0.1:8599", websiteToken: "e2e-website-token" };

/**
 * Journeys that change what every other journey sees (decision 101): the exchange rate (operator-prices), the local
 * upstream's faults (operator-order-search) and an upstream price with the catalogue synced after it
 * (upstream-price-moved). They run one at a time, after all the others but the few below.
 */
const SHARED_STATE_JOURNEYS = [
  "**/operator-prices.journey.ts",
  "**/operator-order-search.journey.ts",
  "**/upstream-price-moved.journey.ts",
];

/**
 * Journeys that show no price and never reach the upstream (sign-in, profile, compatibility): unaffected by the
 * three above, they run beside them. Not the console's dashboard: it shows the upstream's balance.
 */
const BESIDE_SHARED_STATE_JOURNEYS = [
  "**/accessibility-check.journey.ts",
  "**/compatibility.journey.ts",
  "**/delete-account.journey.ts",
  "**/prerendered-sign-in.journey.ts",
  "**/screenshots.journey.ts",
  "**/session-across-tabs.journey.ts",
];

/**
 * One worker unless E2E_WORKERS says more (decision 101). On two cores the journeys do not wait, they compute:
 * Chromium, the server and PostgreSQL held a load of 10 with three workers, which ran 61 journeys in 21 minutes (one
 * worker ran 77 in 20) and journeys ran out of time waiting for a popup. More workers pay on more cores.
 */
const workers = Number(process.env.E2E_WORKERS) || Math.max(1, Math.floor(availableParallelism() / 4));

// Journeys drive Debian's Chromium against the built product on a throw-away embedded database.
export default defineConfig({
  testDir: ".",
  testMatch: "**/*.journey.ts",
  outputDir: "../test-results",
  workers,
  projects: [
    // Each test its own traveller, operator, address and codes: any two run side by side.
    {
      name: "independent",
      testIgnore: [...SHARED_STATE_JOURNEYS, ...BESIDE_SHARED_STATE_JOURNEYS],
      fullyParallel: true,
    },
    { name: "shared-state", testMatch: SHARED_STATE_JOURNEYS, workers: 1, dependencies: ["independent"] },
    {
      name: "beside-shared-state",
      testMatch: BESIDE_SHARED_STATE_JOURNEYS,
      fullyParallel: true,
      dependencies: ["independent"],
    },
  ],
  forbidOnly: true,
  retries: 0,
  // Side by side on a 2-core machine a journey takes up to twice its time alone.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    // A browser that speaks French, the product's default: a journey that wants another language says so (decision 073).
    locale: "fr-FR",
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
  },
  webServer: {
    // The compiled server, as deployed: `npm run test:e2e` builds it first.
    command: `rm -rf ${dataDir} && node ../apps/api/dist/server.js`,
    cwd: import.meta.dirname,
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
    env: {
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      EMBEDDED_PG_PORT: String(pgPort),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      // Journeys sign in many times from one machine: each test is its own client address (X-Forwarded-For set by
      // fixtures.ts), so the per-address sign-in limits hold as in production.
      TRUST_PROXY: "true",
      RATE_LIMIT_PER_MINUTE: "5000",
      SIMULATOR_ALLOCATION_SECONDS: "1",
      // eSIMs stay New for ~45 s after delivery, then change on screen within seconds (the simulator's webhooks).
      SIMULATOR_INSTALL_AFTER_SECONDS: "45",
      SIMULATOR_FIRST_USE_AFTER_SECONDS: "5",
      SIMULATOR_USAGE_SPEED: "3000",
      SIMULATOR_NOTIFY_SECONDS: "2",
      CHATWOOT_BASE_URL: E2E_CHATWOOT.baseUrl,
      CHATWOOT_WEBSITE_TOKEN: E2E_CHATWOOT.websiteToken,
    },
  },
});
