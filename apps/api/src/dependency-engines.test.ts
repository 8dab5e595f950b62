import { readFileSync } from "node:fs";
import path from "node:path";
import semver from "semver";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "./config.ts";

/** The oldest Node the README promises ("Node 20.19+"): every installed package must accept it. */
function promisedNodeVersion(): string {
  const readme = readFileSync(path.join(REPO_ROOT, "README.md"), "utf8");
  const named = /Node (\d+\.\d+)\+/.exec(readme)?.[1];
  if (named === undefined) throw new Error('README.md names no "Node <major>.<minor>+"');
  return `${named}.0`;
}

interface LockedPackage {
  version?: string;
  engines?: { node?: string } | string[];
}

describe("dependencies and the Node version the README names", () => {
  it("installs no package whose engines refuse that Node version (npm's EBADENGINE)", () => {
    const nodeVersion = promisedNodeVersion();
    const lock = JSON.parse(readFileSync(path.join(REPO_ROOT, "package-lock.json"), "utf8")) as {
      packages: Record<string, LockedPackage>;
    };
    const refusing = Object.entries(lock.packages).flatMap(([where, locked]) => {
      // Old packages may still write engines as a list of strings, which npm does not check.
      const range = Array.isArray(locked.engines) ? undefined : locked.engines?.node;
      if (range === undefined || semver.satisfies(nodeVersion, range)) return [];
      return [`${where}@${locked.version}: node ${range}`];
    });

    expect(Object.keys(lock.packages).length).toBeGreaterThan(100);
    expect(refusing, `packages refusing Node ${nodeVersion}`).toEqual([]);
  });

  it("declares in package.json the same Node version as the README", () => {
    const manifest = JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as {
      engines: { node: string };
    };

    expect(semver.minVersion(manifest.engines.node)?.version).toBe(promisedNodeVersion());
  });
});
