/**
 * The guide's files stay true to the code: the example production environment (deploy/esim.env.example, which the
 * systemd units, compose and a shell all read), its placeholders filled, starts the shop in production mode, and names
 * only settings that exist.
 */
import { randomBytes } from "node:crypto";
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

/** The example with each CHANGE-ME placeholder filled as the guide says: a random value (`openssl rand -hex 32`). */
function filledIn(environment: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(environment).map(([name, value]) => [
      name,
      value.replace(/CHANGE-ME[A-Za-z0-9-]*/, () => randomBytes(32).toString("hex")),
    ]),
  );
}

describe("deploy/esim.env.example", () => {
  it("is refused as it is, naming each secret still a placeholder (decision 055)", () => {
    let message = "";
    try {
      loadConfig(readEnvironmentFile("deploy/esim.env.example"));
    } catch (error) {
      message = (error as Error).message;
    }
    for (const name of ["ESIM_WEBHOOK_TOKEN", "OPERATOR_TOTP_KEY", "METRICS_TOKEN", "CHARGILY_SECRET_KEY"]) {
      expect(message).toContain(`${name}: too weak`);
    }
  });

  it("is a configuration production accepts once its placeholders are filled, with Chargily and eSIM Access live", () => {
    const config = loadConfig(filledIn(readEnvironmentFile("deploy/esim.env.example")));
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
