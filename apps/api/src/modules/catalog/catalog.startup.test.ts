import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { createTestApp } from "../../test/test-app.ts";
import { packages } from "./catalog.schema.ts";
import { startCatalog } from "./catalog.startup.ts";

const testApp = await createTestApp();
const { db, deps, clock } = testApp;

async function lastSyncedAt() {
  const [row] = await db.select({ at: sql<Date | null>`max(${packages.syncedAt})` }).from(packages);
  return row?.at ? new Date(row.at) : null;
}

function recordingLog() {
  const lines: string[] = [];
  return {
    lines,
    log: {
      info: (_: unknown, message: string) => lines.push(message),
      warn: (_: unknown, message: string) => lines.push(message),
    },
  };
}

describe("startCatalog", () => {
  it("syncs at once on an empty catalog, and stop waits for the sync", async () => {
    const { lines, log } = recordingLog();
    const stop = startCatalog(deps, log);
    await stop();
    expect(lines).toEqual(["catalog synced from the upstream"]);
    expect(await lastSyncedAt()).toEqual(clock.now());
  });

  it("leaves a recent catalog alone, and re-syncs it once it is older than the period", async () => {
    const { lines, log } = recordingLog();
    clock.advance(60 * 60 * 1000);
    await startCatalog(deps, log, { resyncEveryMs: 6 * 60 * 60 * 1000 })();
    expect(lines).toEqual([]);

    clock.advance(6 * 60 * 60 * 1000);
    await startCatalog(deps, log, { resyncEveryMs: 6 * 60 * 60 * 1000 })();
    expect(lines).toEqual(["catalog synced from the upstream"]);
    expect(await lastSyncedAt()).toEqual(clock.now());
  });

  it("logs an upstream failure instead of throwing, and retries at the next check", async () => {
    const { lines, log } = recordingLog();
    clock.advance(7 * 60 * 60 * 1000);
    const failing = { ...deps, esim: { ...deps.esim, listPackages: () => Promise.reject(new Error("upstream down")) } };
    const stop = startCatalog(failing, log, { checkEveryMs: 20 });
    await vi.waitFor(() => expect(lines.length).toBeGreaterThanOrEqual(2));
    await stop();
    expect(new Set(lines)).toEqual(new Set(["catalog sync failed; the next check retries"]));
  });
});
