import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { createEsimProvider } from "./create-esim-provider.ts";

// Building a provider touches neither the database nor the network, so none is needed here.
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

  it("refuses faults it cannot read", () => {
    const config = loadConfig({ NODE_ENV: "test", SIMULATOR_FAULTS: "eror=0.5" });
    expect(() => createEsimProvider({ config, db, now })).toThrow(/SIMULATOR_FAULTS/);
  });
});
