import { API_BASE_PATH } from "@esim/shared/http";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { destinations } from "../../modules/catalog/catalog.schema.ts";
import { createTestApp } from "../../test/test-app.ts";
import { CliError } from "../console-command.ts";
import { run } from "./catalog-sync.ts";

const testApp = await createTestApp();
const { app, db, deps } = testApp;

async function runCommand(args: string[]) {
  const lines: string[] = [];
  await run({ deps, args, print: (line) => lines.push(line) });
  return lines;
}

describe("catalog:sync", () => {
  it("refuses an argument it does not take", async () => {
    await expect(runCommand(["--force"])).rejects.toThrow(CliError);
    expect(await db.select().from(destinations)).toEqual([]);
  });

  it("imports the catalogue, prints the counts, and the app shows the plans", async () => {
    const lines = await runCommand([]);

    expect(lines[0]).toBe("Syncing the catalog from simulator…");
    const destinationCount = Number(/Destinations: (\d+)/.exec(lines.join("\n"))?.[1]);
    expect(destinationCount).toBeGreaterThan(170);
    expect(lines.join("\n")).toMatch(/Plans: +\d{4,} \(and \d+ top-ups\)/);
    expect(lines.join("\n")).toMatch(/Deactivated: +0/);
    expect(await db.select().from(destinations).where(eq(destinations.isActive, true))).toHaveLength(destinationCount);
    await vi.waitFor(async () => {
      const response = await app.inject({ method: "GET", url: `${API_BASE_PATH}/destinations/TR/packages` });
      expect(response.statusCode).toBe(200);
    });
  });

  it("changes nothing on a second run", async () => {
    const lines = await runCommand([]);
    expect(lines.join("\n")).toMatch(/Deactivated: +0/);
  });
});
