import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { computeRetailPrices } from "../../modules/catalog/catalog.pricing.ts";
import { packages, priceSettings } from "../../modules/catalog/catalog.schema.ts";
import { syncCatalog } from "../../modules/catalog/catalog.sync.ts";
import { createTestApp } from "../../test/test-app.ts";
import { CliError } from "../console-command.ts";
import { run } from "./rate-set.ts";

const testApp = await createTestApp();
const { db, deps } = testApp;

async function runCommand(args: string[]) {
  const lines: string[] = [];
  await run({ deps, args, print: (line) => lines.push(line) });
  return lines;
}

async function turkeyWeek() {
  const [row] = await db
    .select()
    .from(packages)
    .where(and(eq(packages.provider, "simulator"), eq(packages.upstreamCode, "SIM-TR-1GB-7D")));
  return row!;
}

describe("rate:set", () => {
  it.each([[[]], [["abc"]], [["0"]], [["-135"]], [["135.12345"]], [["135", "140"]]])(
    "refuses %j with a usage message and changes nothing",
    async (args) => {
      await expect(runCommand(args)).rejects.toThrow(CliError);
      expect(await db.select().from(priceSettings)).toEqual([]);
    },
  );

  it("sets the rate, re-prices every package from its cost and prints old → new with a sample", async () => {
    await syncCatalog(deps);
    const before = await turkeyWeek();
    expect(before.retailDzdMinor).toBe(
      computeRetailPrices({ costUsdE4: before.costUsdE4, settings: { dzdPerUsdE4: 1_350_000, markupBps: 3000 } })
        .retailDzdMinor,
    );

    const lines = await runCommand(["240.5"]);

    expect(lines[0]).toBe("Rate: 135 → 240.5 DZD per USD");
    expect(lines[1]).toMatch(/^Re-priced \d{4,} packages\.$/);
    expect(lines.slice(2).join("\n")).toMatch(/TR .+: [\d,]+ DA → [\d,]+ DA \(\$[\d.]+\)/);
    const [settings] = await db.select().from(priceSettings);
    expect(settings?.dzdPerUsd).toBe("240.5000");
    const after = await turkeyWeek();
    const expected = computeRetailPrices({
      costUsdE4: before.costUsdE4,
      settings: { dzdPerUsdE4: 2_405_000, markupBps: 3000 },
    });
    expect(after.retailDzdMinor).toBe(expected.retailDzdMinor);
    expect(after.retailDzdMinor).toBeGreaterThan(before.retailDzdMinor);
    // USD prices do not depend on the rate.
    expect(after.retailUsdMinor).toBe(before.retailUsdMinor);
  });

  it("keeps the new rate on the next sync", async () => {
    const before = await turkeyWeek();
    await syncCatalog(deps);
    expect((await turkeyWeek()).retailDzdMinor).toBe(before.retailDzdMinor);
  });
});
