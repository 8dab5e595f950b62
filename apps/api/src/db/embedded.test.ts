import { spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../test/free-port.ts";

// The test runner's global setup runs an embedded PostgreSQL in its own process: that process must end with the exit
// code it set (vitest sets 1 when a test failed), or `npm test` and CI pass with failing tests.

describe("a process that ran an embedded PostgreSQL", () => {
  const dataDirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it("ends with the exit code it set, not 0", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "esim-exit-code-pg-"));
    dataDirs.push(dataDir);
    const embedded = path.join(import.meta.dirname, "embedded.ts");
    const script = [
      `const { startEmbeddedPostgres } = await import(${JSON.stringify(embedded)});`,
      `const server = await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)}, port: ${await freePort()} });`,
      "await server.stop();",
      "process.exitCode = 3;",
    ].join("\n");

    const child = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "--eval", script], {
      cwd: path.join(import.meta.dirname, "../.."),
      encoding: "utf8",
      timeout: 60_000,
    });

    expect(child.stderr).not.toMatch(/Error/);
    expect(child.status).toBe(3);
  }, 60_000);
});
