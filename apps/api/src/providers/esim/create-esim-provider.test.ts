import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { createTestDatabase } from "../../test/database.ts";
import { createEsimProvider } from "./create-esim-provider.ts";
import { startEsimAccessDouble } from "./esim-access/esim-access-double.ts";

// Building a provider touches neither the database nor the network, so none is needed here, but to use one.
const db = {} as Database;
const now = () => new Date("2026-06-01T10:00:00Z");

describe("createEsimProvider", () => {
  it("builds the simulator by default", () => {
    const config = loadConfig({ NODE_ENV: "test" });
    expect(createEsimProvider({ config, db, now }).name).toBe("simulator");
  });

  it("builds the eSIM Access client when configured", () => {
    const config = loadConfig({ NODE_ENV: "test", ESIM_PROVIDER: "esim-access", ESIM_ACCESS_ACCESS_CODE: "code" });
    expect(createEsimProvider({ config, db, now }).name).toBe("esim-access");
  });

  it("gives the eSIM Access clients of every process one budget: two spend ESIM_ACCESS_REQUESTS_PER_SECOND together", async () => {
    const database = await createTestDatabase();
    afterAll(() => database.close());
    const double = await startEsimAccessDouble({ requestsPerSecond: 2 });
    afterAll(() => double.close());
    const config = loadConfig({
      NODE_ENV: "test",
      ESIM_PROVIDER: "esim-access",
      ESIM_ACCESS_BASE_URL: double.url,
      ESIM_ACCESS_ACCESS_CODE: double.accessCode,
      ESIM_ACCESS_REQUESTS_PER_SECOND: "2",
    });
    const [web, worker] = [1, 2].map(() => createEsimProvider({ config, db: database.db, now }));

    await Promise.all([web, worker, web, worker].map((provider) => provider!.getBalance()));

    expect(double.refusedForRate()).toBe(0);
    expect(double.requests).toHaveLength(4);
  });

  it("refuses faults it cannot read", () => {
    const config = loadConfig({ NODE_ENV: "test", SIMULATOR_FAULTS: "eror=0.5" });
    expect(() => createEsimProvider({ config, db, now })).toThrow(/SIMULATOR_FAULTS/);
  });
});
