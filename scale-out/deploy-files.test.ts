/**
 * The guide's files stay true to the code: the example production environment (deploy/esim.env.example, which the
 * systemd units, compose and a shell all read) starts the shop in production mode, and names only settings that exist.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../apps/api/src/config.ts";

const REPO_ROOT = path.resolve(import.meta.dirname, "..");

/** KEY=value lines, a value in double quotes unquoted as systemd and compose do. */
function readEnvironmentFile(file: string): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const line of readFileSync(path.join(REPO_ROOT, file), "utf8").split("\n")) {
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (match) entries[match[1]!] = match[2]!.replace(/^"(.*)"$/, "$1");
  }
  return entries;
}

describe("deploy/esim.env.example", () => {
  it("is a configuration production accepts, with Chargily and eSIM Access live", () => {
    const config = loadConfig(readEnvironmentFile("deploy/esim.env.example"));
    expect(config).toMatchObject({
      NODE_ENV: "production",
      PAYMENT_PROVIDER: "chargily",
      CHARGILY_BASE_URL: "https://pay.chargily.net/api/v2",
      ESIM_PROVIDER: "esim-access",
      TRUST_PROXY: true,
    });
  });

  it("names only settings the server reads", () => {
    const configSource = readFileSync(path.join(REPO_ROOT, "apps/api/src/config.ts"), "utf8");
    const known = new Set([...configSource.matchAll(/^ {2}([A-Z][A-Z0-9_]*): /gm)].map((match) => match[1]));
    const unknown = Object.keys(readEnvironmentFile("deploy/esim.env.example")).filter((name) => !known.has(name));
    expect(unknown).toEqual([]);
  });
});
